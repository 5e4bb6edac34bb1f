package org.bancada.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The REST side on a real embedded Tomcat on a loopback port, driven by java.net.http. */
class RestServerTest {
    static final long LIMIT_BYTES = 65L << 20; // above the 64 MiB test body, below 2x
    static RestServer server;
    static RestServer slowServer;
    static HttpClient http;
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void start() throws IOException {
        server = new RestServer("127.0.0.1", 0, LIMIT_BYTES, 0).start();
        slowServer = new RestServer("127.0.0.1", 0, LIMIT_BYTES, TimeUnit.MILLISECONDS.toNanos(20)).start();
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() {
        server.stop();
        slowServer.stop();
    }

    record Answer(int status, JsonNode body, double serverTimingMs) {}

    static Answer call(RestServer s, String method, String path, String body) throws IOException, InterruptedException {
        return call(s, method, path, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    static Answer call(RestServer s, String method, String path, byte[] body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + path))
                .timeout(Duration.ofSeconds(60));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (body != null) b.header("Content-Type", "application/json");
        HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        String st = r.headers().firstValue("Server-Timing").orElseThrow(() -> new AssertionError("no Server-Timing on " + path));
        assertTrue(st.matches("app;dur=\\d+\\.\\d{6}"), st);
        assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
        return new Answer(r.statusCode(), JSON.readTree(r.body()), Double.parseDouble(st.substring("app;dur=".length())));
    }

    static Answer call(String method, String path, String body) throws IOException, InterruptedException {
        return call(server, method, path, body);
    }

    @Test
    void ping() throws Exception {
        Answer a = call("GET", "/v1/ping", (String) null);
        assertEquals(200, a.status());
        assertEquals("{}", a.body().toString());
        assertTrue(a.serverTimingMs() > 0);
    }

    @Test
    void delayIsInsideTheMeasuredSpan() throws Exception {
        Answer a = call(slowServer, "GET", "/v1/ping", (String) null);
        assertTrue(a.serverTimingMs() >= 20 && a.serverTimingMs() < 2000, "server-timing " + a.serverTimingMs());
    }

    @Test
    void info() throws Exception {
        Answer a = call("GET", "/v1/info", (String) null);
        assertEquals(200, a.status());
        assertEquals("java-rest", a.body().get("implementation").asText());
        assertEquals("java", a.body().get("language").asText());
        assertEquals("rest", a.body().get("protocol").asText());
        assertEquals("0.1.0", a.body().get("version").asText());
        assertTrue(a.body().get("runtime").asText().endsWith(System.getProperty("java.version")));
        assertEquals(ProcessHandle.current().pid(), a.body().get("pid").asLong());
    }

    @Test
    void selectWithSeedMatchesVectorsAndDefaultsK() throws Exception {
        Answer a = call("POST", "/v1/select", "{\"values\":[0,1,2,3,4,5,6,7,8,9],\"seed\":0}");
        assertEquals(200, a.status(), a.body().toString());
        assertEquals("{\"values\":[5,1,9],\"positions\":[5,1,9]}", a.body().toString());
        Answer b = call("POST", "/v1/select",
                "{\"values\":[-9223372036854775808,9223372036854775807,0,1],\"k\":2,\"seed\":18446744073709551615}");
        assertEquals("{\"values\":[-9223372036854775808,9223372036854775807],\"positions\":[0,1]}", b.body().toString());
    }

    @Test
    void selectWithoutSeedPicksDistinctMembers() throws Exception {
        Answer a = call("POST", "/v1/select", "{\"values\":[10,11,12,13,14,15],\"k\":6}");
        assertEquals(200, a.status());
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int i = 0; i < 6; i++) {
            int p = a.body().get("positions").get(i).asInt();
            assertTrue(seen.add(p));
            assertEquals(10 + p, a.body().get("values").get(i).asInt());
        }
    }

    @Test
    void select204800Values() throws Exception {
        StringBuilder sb = new StringBuilder("{\"k\":3,\"seed\":2024,\"values\":[");
        for (int i = 0; i < 204800; i++) {
            if (i > 0) sb.append(',');
            sb.append((i * 31L) % 1001);
        }
        sb.append("]}");
        Answer a = call("POST", "/v1/select", sb.toString());
        assertEquals(200, a.status());
        assertEquals("{\"values\":[829,213,746],\"positions\":[27861,60971,40613]}", a.body().toString());
        assertTrue(a.serverTimingMs() > 0);
    }

    @Test
    void echoCountsEveryKind() throws Exception {
        assertEquals("{\"count\":3}", call("POST", "/v1/echo", "{\"int64s\":[1,-2,9223372036854775807]}").body().toString());
        assertEquals("{\"count\":2}", call("POST", "/v1/echo", "{\"doubles\":[0.5,-1e300],\"echo\":false}").body().toString());
        assertEquals("{\"count\":4}", call("POST", "/v1/echo", "{\"strings\":[\"a\",\"\",\"ção\",\"x\"]}").body().toString());
        assertEquals("{\"count\":2}", call("POST", "/v1/echo",
                "{\"records\":[{\"id\":1,\"value\":0.5,\"name\":\"x\",\"tags\":[1,2]},{\"id\":2}]}").body().toString());
        assertEquals("{\"count\":0}", call("POST", "/v1/echo", "{\"int64s\":[]}").body().toString());
    }

    @Test
    void echoReturnsThePayloadWhenAsked() throws Exception {
        assertEquals("{\"count\":2,\"int64s\":[1,-2]}",
                call("POST", "/v1/echo", "{\"int64s\":[1,-2],\"echo\":true}").body().toString());
        assertEquals("{\"count\":1,\"doubles\":[0.25]}",
                call("POST", "/v1/echo", "{\"echo\":true,\"doubles\":[0.25]}").body().toString());
        assertEquals("{\"count\":1,\"strings\":[\"ção\"]}",
                call("POST", "/v1/echo", "{\"strings\":[\"ção\"],\"echo\":true}").body().toString());
        assertEquals("{\"count\":1,\"records\":[{\"id\":7,\"value\":1.5,\"name\":\"r\",\"tags\":[3]}]}",
                call("POST", "/v1/echo", "{\"records\":[{\"id\":7,\"value\":1.5,\"name\":\"r\",\"tags\":[3]}],\"echo\":true}")
                        .body().toString());
    }

    @Test
    void malformedInputIs400WithJsonError() throws Exception {
        String[][] cases = {
            {"/v1/select", "{\"values\":[1,2,3"},                 // truncated JSON
            {"/v1/select", "not json"},
            {"/v1/select", "{\"values\":[]}"},                    // empty values
            {"/v1/select", "{}"},
            {"/v1/select", "{\"values\":[1,2],\"k\":3}"},         // k > N
            {"/v1/select", "{\"values\":[1,2],\"k\":-1}"},
            {"/v1/select", "{\"values\":[\"1\",2]}"},             // wrong element type
            {"/v1/select", "{\"values\":[1.5]}"},
            {"/v1/select", "{\"values\":[1,null]}"},
            {"/v1/select", "{\"values\":[18446744073709551616]}"}, // above int64
            {"/v1/select", "{\"values\":[1],\"seed\":-1}"},
            {"/v1/select", "{\"values\":[1],\"seed\":18446744073709551616}"},
            {"/v1/select", "{\"values\":[1]} trailing"},
            {"/v1/select", "[1,2,3]"},
            {"/v1/echo", "{}"},                                   // no kind
            {"/v1/echo", "{\"floats\":[1.0]}"},                   // unknown kind
            {"/v1/echo", "{\"int64s\":[1],\"doubles\":[1.0]}"},   // two kinds
            {"/v1/echo", "{\"strings\":[1]}"},
            {"/v1/echo", "{\"strings\":[\"a\",null]}"},
            {"/v1/echo", "{\"int64s\":[1],\"echo\":\"yes\"}"},
            {"/v1/echo", "{\"records\":[{\"id\":\"x\"}]}"},
            {"/v1/echo", "{\"records\":[{\"colour\":1}]}"},
            {"/v1/echo", ""},
        };
        for (String[] c : cases) {
            Answer a = call("POST", c[0], c[1]);
            assertEquals(400, a.status(), c[0] + " " + c[1] + " -> " + a.body());
            assertFalse(a.body().get("error").asText().isEmpty());
            assertTrue(a.serverTimingMs() > 0);
        }
    }

    @Test
    void unknownRouteIs404AndWrongMethodIs405() throws Exception {
        Answer a = call("GET", "/v1/nothing", (String) null);
        assertEquals(404, a.status());
        assertTrue(a.body().has("error"));
        assertEquals(404, call("GET", "/", (String) null).status());
        assertEquals(405, call("POST", "/v1/ping", "{}").status());
        assertEquals(405, call("GET", "/v1/select", (String) null).status());
    }

    @Test
    void bodyAboveTheLimitIs413() throws Exception {
        byte[] big = new byte[(int) LIMIT_BYTES + 1024];
        java.util.Arrays.fill(big, (byte) ' ');
        Answer a = call(server, "POST", "/v1/echo", big);
        assertEquals(413, a.status());
        assertTrue(a.body().get("error").asText().contains("limit"));
        assertEquals(200, call("GET", "/v1/ping", (String) null).status());
    }

    /** 64 MiB JSON body: 8 Mi int64s written as 7 digits and a comma. */
    @Test
    void echo64MiB() throws Exception {
        int n = 8 << 20;
        byte[] body = new byte[12 + n * 8 - 1 + 2];
        int at = 0;
        for (byte c : "{\"int64s\":[".getBytes(StandardCharsets.US_ASCII)) body[at++] = c;
        for (int i = 0; i < n; i++) {
            if (i > 0) body[at++] = ',';
            String digits = Integer.toString(1_000_000 + (i % 9_000_000));
            for (int j = 0; j < 7; j++) body[at++] = (byte) digits.charAt(j);
        }
        body[at++] = ']';
        body[at++] = '}';
        byte[] exact = java.util.Arrays.copyOf(body, at);
        assertTrue(exact.length >= 64 << 20, "size " + exact.length);
        Answer a = call(server, "POST", "/v1/echo", exact);
        assertEquals(200, a.status(), a.body().toString());
        assertEquals(n, a.body().get("count").asLong());
        assertTrue(a.serverTimingMs() > 0);
    }

    @Test
    void keepAliveReusesTheConnection() throws Exception {
        // Tomcat closes after 400/413 (its statusDropsConnection rule); successes keep the connection.
        for (int i = 0; i < 50; i++) {
            assertEquals(200, call("GET", "/v1/ping", (String) null).status());
        }
    }
}
