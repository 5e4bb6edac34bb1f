package org.bancada.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command line as a user runs it: a real JVM process, READY line, SIGTERM, port in use. */
class MainProcessTest {
    static Process launch(Path stderr, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectError(stderr.toFile()).start();
    }

    @ParameterizedTest
    @ValueSource(strings = {"grpc", "rest"})
    void readyLineThenSigtermExitsZero(String protocol) throws Exception {
        Path err = Files.createTempFile("worker", ".err");
        Process p = launch(err, "--protocol", protocol, "--bind", "127.0.0.1", "--port", "0");
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertNotNull(line, "no READY line; stderr: " + Files.readString(err));
            assertTrue(line.startsWith("READY {"), line);
            JsonNode ready = new ObjectMapper().readTree(line.substring("READY ".length()));
            assertEquals("java-" + protocol, ready.get("implementation").asText());
            assertEquals(protocol, ready.get("protocol").asText());
            assertEquals("127.0.0.1", ready.get("bind").asText());
            assertEquals(p.pid(), ready.get("pid").asLong());
            int port = ready.get("port").asInt();
            assertTrue(port > 0);
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                assertTrue(s.isConnected(), "port accepts connections at READY");
            }
            assertTrue(p.toHandle().destroy(), "SIGTERM sent"); // SIGTERM, leaves our pipes open
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "did not stop");
            assertEquals(0, p.exitValue(), "exit code after SIGTERM; stderr: " + Files.readString(err));
            assertEquals(null, out.readLine(), "exactly one line on stdout");
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(err);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"grpc", "rest"})
    void portInUseExitsNonZeroNamingThePort(String protocol) throws Exception {
        Path err = Files.createTempFile("worker", ".err");
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            Process p = launch(err, "--protocol", protocol, "--port", Integer.toString(port));
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            assertNotEquals(0, p.exitValue());
            List<String> lines = Files.readAllLines(err);
            assertEquals(1, lines.size(), "stderr: " + lines);
            assertTrue(lines.get(0).contains(Integer.toString(port)), lines.get(0));
            assertEquals(0, p.getInputStream().readAllBytes().length, "nothing on stdout");
        } finally {
            Files.deleteIfExists(err);
        }
    }

    @Test
    void parsesFlagsLikeGo() {
        Main.Options o = Main.parse(new String[] {"--protocol", "rest", "-port=8080", "--delay-us", "250", "--max-message-mib=64"});
        assertEquals(new Main.Options("rest", "127.0.0.1", 8080, 250, 64, false), o);
        assertThrows(IllegalArgumentException.class, () -> Main.parse(new String[] {"--protocol", "soap"}));
        assertThrows(IllegalArgumentException.class, () -> Main.parse(new String[] {"--protocol", "grpc", "--port", "70000"}));
        assertThrows(IllegalArgumentException.class, () -> Main.parse(new String[] {"--protocol", "grpc", "--nope", "1"}));
        assertTrue(Main.parse(new String[] {"--version"}).version());
    }
}
