package org.bancada.worker;

import com.fasterxml.jackson.core.JacksonException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * All REST routes of the contract in one servlet. The body is read fully into bytes first; the
 * Server-Timing span starts after that and covers JSON parse + handler, and ends before the
 * response is serialized. Every answer, errors included, carries the Server-Timing header.
 */
public final class BenchServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final BigInteger U64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private final long maxBodyBytes;
    private final long delayNanos;

    /** An answer: HTTP status and the object to write as JSON. */
    private record Reply(int status, Object body) {}

    /** A request the client got wrong: HTTP status (400/404/405/413) and message. */
    static final class HttpError extends Exception {
        private static final long serialVersionUID = 1L;
        final int status;

        HttpError(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /**
     * @param maxBodyBytes largest accepted request body; above it -> 413
     * @param delayNanos   fixed delay inside ping/select/echo
     */
    public BenchServlet(long maxBodyBytes, long delayNanos) {
        this.maxBodyBytes = maxBodyBytes;
        this.delayNanos = delayNanos;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getRequestURI();
        String method = req.getMethod();
        long start = System.nanoTime();
        Reply reply;
        try {
            switch (path) {
                case "/v1/ping":
                    requireMethod(method, "GET");
                    start = System.nanoTime();
                    WorkerInfo.pause(delayNanos);
                    reply = new Reply(200, Map.of());
                    break;
                case "/v1/info":
                    requireMethod(method, "GET");
                    start = System.nanoTime();
                    reply = new Reply(200, WorkerInfo.infoMap("rest"));
                    break;
                case "/v1/select": {
                    requireMethod(method, "POST");
                    byte[] body = readBody(req);
                    start = System.nanoTime();
                    reply = select(body);
                    break;
                }
                case "/v1/echo": {
                    requireMethod(method, "POST");
                    byte[] body = readBody(req);
                    start = System.nanoTime();
                    reply = echo(body);
                    break;
                }
                case "/v1/void":
                case "/v1/double":
                case "/v1/sum":
                case "/v1/power-of-two":
                case "/v1/recolor":
                case "/v1/matmul": {
                    requireMethod(method, "POST");
                    byte[] body = readBody(req);
                    start = System.nanoTime();
                    reply = method(path, body);
                    break;
                }
                default:
                    throw new HttpError(404, "no route " + method + " " + path);
            }
        } catch (HttpError e) {
            reply = error(e.status, e.getMessage());
        } catch (JacksonException e) {
            reply = error(400, "malformed JSON: " + e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            reply = error(400, e.getMessage());
        } catch (RuntimeException | OutOfMemoryError e) {
            // Never 500: whatever the input did to us, the client gets a JSON answer.
            reply = error(400, "bad request: " + e);
        }
        long end = System.nanoTime();
        byte[] out = JsonCodec.MAPPER.writeValueAsBytes(reply.body());
        resp.setStatus(reply.status());
        resp.setHeader("Server-Timing", WorkerInfo.serverTiming(Math.max(1, end - start)));
        resp.setContentType("application/json");
        resp.setContentLength(out.length);
        resp.getOutputStream().write(out);
    }

    private static void requireMethod(String method, String allowed) throws HttpError {
        if (!allowed.equals(method)) {
            throw new HttpError(405, "method " + method + " not allowed, use " + allowed);
        }
    }

    private static Reply error(int status, String message) {
        return new Reply(status, Map.of("error", message == null ? "error" : message));
    }

    /** The whole body; 413 if it is (or turns out to be) larger than the limit. */
    byte[] readBody(HttpServletRequest req) throws IOException, HttpError {
        long declared = req.getContentLengthLong();
        if (declared > maxBodyBytes) {
            throw new HttpError(413, "body of " + declared + " bytes exceeds the limit of " + maxBodyBytes + " bytes");
        }
        InputStream in = req.getInputStream();
        if (declared >= 0) {
            byte[] buf = in.readNBytes((int) declared);
            if (buf.length != declared) {
                throw new HttpError(400, "body ended after " + buf.length + " of " + declared + " bytes");
            }
            return buf;
        }
        ByteArrayOutputStream acc = new ByteArrayOutputStream(64 * 1024);
        byte[] chunk = new byte[64 * 1024];
        int r;
        while ((r = in.read(chunk)) >= 0) {
            if (acc.size() + (long) r > maxBodyBytes) {
                throw new HttpError(413, "body exceeds the limit of " + maxBodyBytes + " bytes");
            }
            acc.write(chunk, 0, r);
        }
        return acc.toByteArray();
    }

    private Reply select(byte[] body) throws IOException {
        JsonCodec.SelectBody b = JsonCodec.MAPPER.readValue(body, JsonCodec.SelectBody.class);
        WorkerInfo.pause(delayNanos);
        if (b == null || b.values == null || b.values.length == 0) {
            throw new IllegalArgumentException("values must not be empty");
        }
        int n = b.values.length;
        int k = b.k == null || b.k == 0 ? Select.DEFAULT_K : b.k;
        if (k < 0) {
            throw new IllegalArgumentException("k must not be negative");
        }
        if (k > n) {
            throw new IllegalArgumentException("k=" + k + " exceeds the number of values (" + n + ")");
        }
        long seed;
        if (b.seed == null) {
            seed = ThreadLocalRandom.current().nextLong();
        } else if (b.seed.signum() < 0 || b.seed.compareTo(U64_MAX) > 0) {
            throw new IllegalArgumentException("seed must be an unsigned 64-bit integer");
        } else {
            seed = b.seed.longValue();
        }
        int[] positions = Select.positions(n, k, seed);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("values", Select.valuesAt(b.values, positions));
        r.put("positions", positions);
        return new Reply(200, r);
    }

    private Reply echo(byte[] body) throws IOException {
        JsonCodec.EchoBody b = JsonCodec.MAPPER.readValue(body, JsonCodec.EchoBody.class);
        WorkerInfo.pause(delayNanos);
        if (b == null) {
            throw new IllegalArgumentException("exactly one of int64s, doubles, strings, records is required");
        }
        String kind = null;
        Object payload = null;
        long count = 0;
        int present = 0;
        if (b.int64s != null) { present++; kind = "int64s"; payload = b.int64s; count = b.int64s.length; }
        if (b.doubles != null) { present++; kind = "doubles"; payload = b.doubles; count = b.doubles.length; }
        if (b.strings != null) { present++; kind = "strings"; payload = b.strings; count = b.strings.length; }
        if (b.records != null) { present++; kind = "records"; payload = b.records; count = b.records.length; }
        if (present != 1) {
            throw new IllegalArgumentException("exactly one of int64s, doubles, strings, records is required, got " + present);
        }
        if (b.strings != null) {
            for (String s : b.strings) {
                if (s == null) throw new IllegalArgumentException("strings must not contain null");
            }
        }
        if (b.records != null) {
            for (JsonCodec.RecordBody rec : b.records) {
                if (rec == null || rec.name == null || rec.tags == null) {
                    throw new IllegalArgumentException("records must be objects with non-null name and tags");
                }
            }
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("count", count);
        if (Boolean.TRUE.equals(b.echo)) {
            r.put(kind, payload);
        }
        return new Reply(200, r);
    }

    /** The REST path of each rpc name (the JSON-RPC method names). */
    static final Map<String, String> PATHS = Map.of(
            "Ping", "/v1/ping", "Info", "/v1/info", "Select", "/v1/select", "Echo", "/v1/echo",
            "Void", "/v1/void", "Double", "/v1/double", "Sum", "/v1/sum", "PowerOfTwo", "/v1/power-of-two",
            "Recolor", "/v1/recolor", "MatMul", "/v1/matmul");

    /**
     * Runs the operation {@code rpc} on a JSON object's bytes (the REST body; for Ping and Info an
     * object without keys) and returns the answer to write as JSON.
     *
     * @throws IllegalArgumentException, IOException what the contract or the decoder rejects
     * @throws java.util.NoSuchElementException {@code rpc} is not an operation of the contract
     */
    Object operation(String rpc, byte[] body, String protocol) throws IOException {
        String path = PATHS.get(rpc);
        if (path == null) throw new java.util.NoSuchElementException(rpc);
        switch (rpc) {
            case "Ping":
                JsonCodec.MAPPER.readValue(body, JsonCodec.EmptyBody.class);
                WorkerInfo.pause(delayNanos);
                return Map.of();
            case "Info":
                JsonCodec.MAPPER.readValue(body, JsonCodec.EmptyBody.class);
                return WorkerInfo.infoMap(protocol);
            case "Select":
                return select(body).body();
            case "Echo":
                return echo(body).body();
            default:
                return method(path, body).body();
        }
    }

    /** One of the six methods of the RPC study (seed 002); rules in Methods. */
    private static Reply method(String path, byte[] body) throws IOException {
        Map<String, Object> r = new LinkedHashMap<>();
        switch (path) {
            case "/v1/void":
                if (!isBlank(body)) JsonCodec.MAPPER.readValue(body, JsonCodec.EmptyBody.class);
                break;
            case "/v1/double":
                r.put("value", Methods.doubleOf(read(body, JsonCodec.DoubleBody.class).value));
                break;
            case "/v1/sum":
                r.put("sum", Methods.sum(notNull(read(body, JsonCodec.SumBody.class).values, "values")));
                break;
            case "/v1/power-of-two":
                r.put("power", Methods.powerOfTwo(notNull(read(body, JsonCodec.PowerOfTwoBody.class).text, "text")));
                break;
            case "/v1/recolor": {
                JsonCodec.RecolorBody b = read(body, JsonCodec.RecolorBody.class);
                Methods.checkRecolor(b.car != null, b.colour);
                JsonCodec.CarBody c = b.car;
                r.put("brand", notNull(c.brand, "brand"));
                r.put("model", notNull(c.model, "model"));
                r.put("year", c.year);
                r.put("colour", b.colour);
                r.put("price", c.price);
                String[] extras = notNull(c.extras, "extras");
                for (String e : extras) notNull(e, "an extra");
                r.put("extras", extras);
                return new Reply(200, Map.of("car", r));
            }
            case "/v1/matmul": {
                JsonCodec.MatMulBody b = read(body, JsonCodec.MatMulBody.class);
                long aOrder = order(b.a, "a");
                long bOrder = order(b.b, "b");
                double[] p = Methods.matMul(aOrder, b.a == null ? null : b.a.values, bOrder, b.b == null ? null : b.b.values);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("order", aOrder);
                m.put("values", p);
                r.put("product", m);
                break;
            }
            default:
                throw new IllegalStateException(path);
        }
        return new Reply(200, r);
    }

    private static <T> T read(byte[] body, Class<T> type) throws IOException {
        T v = JsonCodec.MAPPER.readValue(body, type);
        if (v == null) throw new IllegalArgumentException("the body must be a JSON object");
        return v;
    }

    private static <T> T notNull(T v, String what) {
        if (v == null) throw new IllegalArgumentException(what + " must not be null");
        return v;
    }

    /** The order of m (-1 when m is missing); an order outside uint32 is an error. */
    private static long order(JsonCodec.MatrixBody m, String name) {
        if (m == null) return -1;
        if (m.order < 0 || m.order > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("matrix " + name + ": order must be an unsigned 32-bit integer");
        }
        return m.order;
    }

    private static boolean isBlank(byte[] body) {
        for (byte c : body) {
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
        }
        return true;
    }
}
