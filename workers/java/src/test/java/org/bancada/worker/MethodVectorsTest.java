package org.bancada.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.bancada.v1.BenchGrpc;
import org.bancada.v1.Car;
import org.bancada.v1.DoubleRequest;
import org.bancada.v1.DoubleResponse;
import org.bancada.v1.MatMulRequest;
import org.bancada.v1.MatMulResponse;
import org.bancada.v1.Matrix;
import org.bancada.v1.PowerOfTwoRequest;
import org.bancada.v1.PowerOfTwoResponse;
import org.bancada.v1.RecolorRequest;
import org.bancada.v1.RecolorResponse;
import org.bancada.v1.SumRequest;
import org.bancada.v1.SumResponse;
import org.bancada.v1.VoidRequest;
import org.bancada.v1.VoidResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every vector of proto/bancada/v1/method_vectors.json over REST (embedded Tomcat) and gRPC (in-process). */
class MethodVectorsTest {
    static final Path VECTORS = Path.of("..", "..", "proto", "bancada", "v1", "method_vectors.json");
    static JsonNode vectors;
    static RestServer rest;
    static GrpcServer grpc;
    static ManagedChannel channel;
    static BenchGrpc.BenchBlockingStub stub;

    @BeforeAll
    static void start() throws IOException {
        vectors = new ObjectMapper().readTree(VECTORS.toFile()).get("vectors");
        assertTrue(vectors.size() > 0);
        rest = new RestServer("127.0.0.1", 0, 1 << 20, 0).start();
        if (RestServerTest.http == null) { // RestServerTest.call's client, when that class has not run
            RestServerTest.http = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                    .connectTimeout(java.time.Duration.ofSeconds(5)).build();
        }
        String name = InProcessServerBuilder.generateName();
        grpc = new GrpcServer(InProcessServerBuilder.forName(name), 1 << 20, 0).start();
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        stub = BenchGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        grpc.stop(1000);
        rest.stop();
    }

    static final java.util.Map<String, String> PATHS = java.util.Map.of(
            "Void", "/v1/void", "Double", "/v1/double", "Sum", "/v1/sum",
            "PowerOfTwo", "/v1/power-of-two", "Recolor", "/v1/recolor", "MatMul", "/v1/matmul");

    /** JSON equality with numbers compared by value (19 equals 19.0). */
    static boolean same(JsonNode a, JsonNode b) {
        return a.equals((x, y) -> {
            if (x.isNumber() && y.isNumber()) return x.decimalValue().compareTo(y.decimalValue());
            return x.equals(y) ? 0 : 1;
        }, b);
    }

    @Test
    void everyVectorOverRest() throws Exception {
        Set<String> methods = new HashSet<>();
        for (JsonNode v : vectors) {
            String method = v.get("method").asText();
            methods.add(method);
            RestServerTest.Answer a = RestServerTest.call(rest, "POST", PATHS.get(method), v.get("request").toString());
            String what = method + " " + v.get("name").asText();
            assertTrue(a.serverTimingMs() > 0, what);
            if (v.has("error")) {
                assertEquals(400, a.status(), what + ": " + a.body());
                assertNotNull(a.body().get("error"), what);
            } else {
                assertEquals(200, a.status(), what + ": " + a.body());
                assertTrue(same(v.get("response"), a.body()), what + ": got " + a.body() + ", want " + v.get("response"));
            }
        }
        assertEquals(PATHS.keySet(), methods);
    }

    @Test
    void malformedBodiesOverRest() throws Exception {
        String[][] cases = {
            {"/v1/void", "[1]"}, {"/v1/double", ""}, {"/v1/double", "{\"value\":1.5}"}, {"/v1/double", "{\"value\":\"2\"}"},
            {"/v1/double", "{\"value\":9223372036854775808}"}, {"/v1/sum", "{\"values\":[1,\"2\"]}"},
            {"/v1/power-of-two", "{\"text\":3}"}, {"/v1/recolor", "{\"car\":{\"year\":\"1994\"},\"colour\":\"blue\"}"},
            {"/v1/recolor", "{\"car\":null,\"colour\":\"blue\"}"},
            {"/v1/matmul", "{\"a\":{\"order\":-1,\"values\":[]},\"b\":{\"order\":1,\"values\":[1]}}"},
        };
        for (String[] c : cases) {
            assertEquals(400, RestServerTest.call(rest, "POST", c[0], c[1]).status(), c[0] + " " + c[1]);
        }
        RestServerTest.Answer a = RestServerTest.call(rest, "POST", "/v1/void", (String) null);
        assertEquals(200, a.status());
        assertEquals("{}", a.body().toString());
    }

    @Test
    void everyVectorOverGrpc() {
        for (JsonNode v : vectors) {
            String method = v.get("method").asText();
            String what = method + " " + v.get("name").asText();
            JsonNode req = v.get("request");
            Supplier<Object> call;
            Object want = null;
            JsonNode resp = v.get("response");
            switch (method) {
                case "Void":
                    call = () -> stub.void_(VoidRequest.getDefaultInstance());
                    if (resp != null) want = VoidResponse.getDefaultInstance();
                    break;
                case "Double":
                    call = () -> stub.double_(DoubleRequest.newBuilder().setValue(req.get("value").asLong()).build());
                    if (resp != null) want = DoubleResponse.newBuilder().setValue(resp.get("value").asLong()).build();
                    break;
                case "Sum": {
                    SumRequest.Builder b = SumRequest.newBuilder();
                    req.get("values").forEach(x -> b.addValues(x.asLong()));
                    call = () -> stub.sum(b.build());
                    if (resp != null) want = SumResponse.newBuilder().setSum(resp.get("sum").asLong()).build();
                    break;
                }
                case "PowerOfTwo":
                    call = () -> stub.powerOfTwo(PowerOfTwoRequest.newBuilder().setText(req.get("text").asText()).build());
                    if (resp != null) want = PowerOfTwoResponse.newBuilder().setPower(resp.get("power").asText()).build();
                    break;
                case "Recolor": {
                    RecolorRequest.Builder b = RecolorRequest.newBuilder().setColour(req.get("colour").asText());
                    if (req.hasNonNull("car")) b.setCar(car(req.get("car")));
                    call = () -> stub.recolor(b.build());
                    if (resp != null) want = RecolorResponse.newBuilder().setCar(car(resp.get("car"))).build();
                    break;
                }
                case "MatMul": {
                    MatMulRequest.Builder b = MatMulRequest.newBuilder();
                    if (req.hasNonNull("a")) b.setA(matrix(req.get("a")));
                    if (req.hasNonNull("b")) b.setB(matrix(req.get("b")));
                    call = () -> stub.matMul(b.build());
                    if (resp != null) want = MatMulResponse.newBuilder().setProduct(matrix(resp.get("product"))).build();
                    break;
                }
                default:
                    throw new AssertionError("unknown method " + method);
            }
            if (v.has("error")) {
                StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call::get, what);
                assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode(), what);
            } else {
                assertEquals(want, call.get(), what);
            }
        }
    }

    static Car car(JsonNode c) {
        Car.Builder b = Car.newBuilder().setBrand(c.get("brand").asText()).setModel(c.get("model").asText())
                .setYear(c.get("year").asInt()).setColour(c.get("colour").asText()).setPrice(c.get("price").asDouble());
        c.get("extras").forEach(x -> b.addExtras(x.asText()));
        return b.build();
    }

    static Matrix matrix(JsonNode m) {
        Matrix.Builder b = Matrix.newBuilder().setOrder(m.get("order").asInt());
        m.get("values").forEach(x -> b.addValues(x.asDouble()));
        return b.build();
    }

    @Test
    void sumIsExactWhateverTheOrder() {
        assertEquals(Long.MAX_VALUE, Methods.sum(new long[] {1, Long.MAX_VALUE, -1}));
        assertEquals(-1, Methods.sum(new long[] {Long.MIN_VALUE, Long.MIN_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, 1}));
        assertThrows(IllegalArgumentException.class,
                () -> Methods.sum(new long[] {Long.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 1, 1}));
    }
}
