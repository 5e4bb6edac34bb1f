package org.bancada.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** JSON-RPC 2.0 on a real embedded Tomcat: the method vectors, the spec's error codes, batches. */
class JsonRpcTest {
    static RestServer server;
    static HttpClient http;
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void start() throws IOException {
        server = new RestServer("127.0.0.1", 0, 1 << 20, 0, "jsonrpc").start();
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    record Answer(int status, JsonNode body) {}

    static Answer post(String body) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/v1/jsonrpc"))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json").build();
        HttpResponse<String> resp = http.send(r, HttpResponse.BodyHandlers.ofString());
        assertTrue(resp.headers().firstValue("Server-Timing").orElse("").startsWith("app;dur="), body);
        return new Answer(resp.statusCode(), resp.body().isEmpty() ? null : JSON.readTree(resp.body()));
    }

    @Test
    void everyMethodVector() throws Exception {
        JsonNode vectors = JSON.readTree(Path.of("..", "..", "proto", "bancada", "v1", "method_vectors.json").toFile());
        int i = 0;
        for (JsonNode v : vectors.get("vectors")) {
            String what = v.get("method").asText() + " " + v.get("name").asText();
            String call = "{\"jsonrpc\":\"2.0\",\"id\":" + i++ + ",\"method\":\"" + v.get("method").asText()
                    + "\",\"params\":" + v.get("request") + "}";
            Answer a = post(call);
            assertEquals(200, a.status(), what);
            if (v.has("error")) {
                assertEquals(-32602, a.body().get("error").get("code").asInt(), what + ": " + a.body());
            } else {
                assertTrue(MethodVectorsTest.same(v.get("response"), a.body().get("result")), what + ": " + a.body());
            }
        }
    }

    @Test
    void errorCodes() throws Exception {
        String[][] cases = {
            {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"Ping\"", "-32700"},
            {"[]", "-32600"},
            {"{\"id\":1,\"method\":\"Ping\"}", "-32600"},
            {"{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"Ping\"}", "-32600"},
            {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"Nothing\"}", "-32601"},
            {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"Double\",\"params\":[21]}", "-32602"},
            {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"Double\",\"params\":\"x\"}", "-32600"},
            {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"Ping\",\"params\":{\"x\":1}}", "-32602"},
        };
        for (String[] c : cases) {
            Answer a = post(c[0]);
            assertEquals(200, a.status(), c[0]);
            assertEquals(Integer.parseInt(c[1]), a.body().get("error").get("code").asInt(), c[0] + " -> " + a.body());
        }
    }

    @Test
    void batchesAndNotifications() throws Exception {
        Answer a = post("[{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"Double\",\"params\":{\"value\":21}},"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"Void\"},17,"
                + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"Sum\",\"params\":{\"values\":[1,2,3]}}]");
        assertEquals(3, a.body().size(), a.body().toString());
        assertEquals(42, a.body().get(0).get("result").get("value").asLong());
        assertEquals(-32600, a.body().get(1).get("error").get("code").asInt());
        assertEquals(6, a.body().get(2).get("result").get("sum").asLong());
        Answer none = post("[{\"jsonrpc\":\"2.0\",\"method\":\"Void\"}]");
        assertEquals(204, none.status());
        assertNull(none.body());
        Answer info = post("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"Info\"}");
        assertEquals("java-jsonrpc", info.body().get("result").get("implementation").asText());
    }
}
