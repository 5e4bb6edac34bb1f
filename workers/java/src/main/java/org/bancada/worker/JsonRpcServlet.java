package org.bancada.worker;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * JSON-RPC 2.0 over HTTP (https://www.jsonrpc.org/specification) at POST /v1/jsonrpc: method names
 * are the contract's operations, params by name are the REST bodies, results the REST answers
 * (workers/README.md). Written on the REST servlet's decoding: the envelope is read with Jackson's
 * streaming parser, which hands each call's params to the same strict decoder as raw bytes (no
 * tree of a 64 MiB payload). Errors: -32700 parse error, -32600 invalid request, -32601 method
 * not found, -32602 invalid params (everything the contract rejects); batches answered element by
 * element; notifications get no answer (204 when nothing is left).
 */
public final class JsonRpcServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    static final String PATH = "/v1/jsonrpc";
    static final int PARSE_ERROR = -32700, INVALID_REQUEST = -32600, METHOD_NOT_FOUND = -32601, INVALID_PARAMS = -32602;
    private static final byte[] EMPTY_OBJECT = "{}".getBytes();

    private final BenchServlet bench;

    public JsonRpcServlet(long maxBodyBytes, long delayNanos) {
        this.bench = new BenchServlet(maxBodyBytes, delayNanos);
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        long start = System.nanoTime();
        int status = 200;
        Object answer;
        if (!PATH.equals(req.getRequestURI())) {
            status = 404;
            answer = Map.of("error", "no route " + req.getRequestURI() + "; JSON-RPC is served at POST " + PATH);
        } else if (!"POST".equals(req.getMethod())) {
            status = 405;
            resp.setHeader("Allow", "POST");
            answer = Map.of("error", "method " + req.getMethod() + " not allowed on " + PATH + "; use POST");
        } else {
            try {
                byte[] body = bench.readBody(req);
                start = System.nanoTime();
                answer = handle(body);
            } catch (BenchServlet.HttpError e) {
                status = e.status;
                answer = error(NullNode.instance, INVALID_REQUEST, e.getMessage());
            } catch (RuntimeException e) { // never a 500 page: the caller gets a JSON-RPC error
                answer = error(NullNode.instance, -32603, "internal error: " + e);
            }
        }
        long end = System.nanoTime();
        resp.setHeader("Server-Timing", WorkerInfo.serverTiming(Math.max(1, end - start)));
        if (answer == null) {
            resp.setStatus(204);
            return;
        }
        byte[] out = JsonCodec.MAPPER.writeValueAsBytes(answer);
        resp.setStatus(status);
        resp.setContentType("application/json");
        resp.setContentLength(out.length);
        resp.getOutputStream().write(out);
    }

    /** The answer to a whole body: one response, a list of them, or null (only notifications). */
    Object handle(byte[] body) throws IOException {
        List<long[]> elements = new ArrayList<>();
        boolean batch;
        try (JsonParser p = JsonCodec.MAPPER.createParser(body)) {
            JsonToken t = p.nextToken();
            if (t == null) return error(NullNode.instance, PARSE_ERROR, "parse error: an empty body");
            batch = t == JsonToken.START_ARRAY;
            if (batch) {
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                    long from = p.currentTokenLocation().getByteOffset();
                    p.skipChildren();
                    elements.add(new long[] {from, p.currentLocation().getByteOffset()});
                }
            } else {
                p.skipChildren();
                elements.add(new long[] {0, body.length});
            }
            if (p.nextToken() != null) return error(NullNode.instance, PARSE_ERROR, "parse error: data after the JSON value");
        } catch (JacksonException e) {
            return error(NullNode.instance, PARSE_ERROR, "parse error: " + e.getOriginalMessage());
        }
        if (!batch) return call(body);
        if (elements.isEmpty()) return error(NullNode.instance, INVALID_REQUEST, "invalid request: an empty batch");
        List<Object> answers = new ArrayList<>();
        for (long[] range : elements) {
            Object a = call(Arrays.copyOfRange(body, (int) range[0], (int) range[1]));
            if (a != null) answers.add(a);
        }
        return answers.isEmpty() ? null : answers;
    }

    /** One call (a request object's bytes); null for a notification. */
    private Object call(byte[] raw) throws IOException {
        JsonNode id = null;
        String version = null, method = null;
        byte[] params = null;
        JsonToken paramsToken = null;
        try (JsonParser p = JsonCodec.MAPPER.createParser(raw)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return error(NullNode.instance, INVALID_REQUEST, "invalid request: not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                switch (name) {
                    case "jsonrpc" -> version = v == JsonToken.VALUE_STRING ? p.getText() : "";
                    case "method" -> method = v == JsonToken.VALUE_STRING ? p.getText() : "";
                    case "id" -> id = idOf(p, v);
                    case "params" -> {
                        paramsToken = v;
                        long from = p.currentTokenLocation().getByteOffset();
                        p.skipChildren();
                        params = Arrays.copyOfRange(raw, (int) from, (int) p.currentLocation().getByteOffset());
                    }
                    default -> p.skipChildren();
                }
            }
        }
        JsonNode answerId = id == null ? NullNode.instance : id;
        if (id != null && !(id.isTextual() || id.isNumber() || id.isNull())) {
            return error(NullNode.instance, INVALID_REQUEST, "invalid request: id must be a string, a number or null");
        }
        if (!"2.0".equals(version)) return error(answerId, INVALID_REQUEST, "invalid request: \"jsonrpc\" must be \"2.0\"");
        if (method == null || method.isEmpty()) {
            return error(answerId, INVALID_REQUEST, "invalid request: \"method\" must be a non-empty string");
        }
        if (paramsToken == JsonToken.START_ARRAY) {
            return id == null ? null : error(answerId, INVALID_PARAMS, "invalid params: params go by name (a JSON object)");
        }
        if (paramsToken != null && paramsToken != JsonToken.START_OBJECT) {
            return error(answerId, INVALID_REQUEST, "invalid request: params must be an object or an array");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("jsonrpc", "2.0");
        out.put("id", answerId);
        try {
            Object result = bench.operation(method, params == null ? EMPTY_OBJECT : params, "jsonrpc");
            out.put("result", result);
        } catch (NoSuchElementException e) {
            out.put("error", Map.of("code", METHOD_NOT_FOUND,
                    "message", "method not found: \"" + method + "\" is not an operation of the contract"));
        } catch (JacksonException e) {
            out.put("error", Map.of("code", INVALID_PARAMS, "message", "invalid params: " + e.getOriginalMessage()));
        } catch (IllegalArgumentException | IOException e) {
            out.put("error", Map.of("code", INVALID_PARAMS, "message", "invalid params: " + e.getMessage()));
        } catch (RuntimeException | OutOfMemoryError e) {
            // As REST never answers 500: whatever the params did, the caller gets invalid params.
            out.put("error", Map.of("code", INVALID_PARAMS, "message", "invalid params: " + e));
        }
        return id == null ? null : out;
    }

    /** The id at the parser's current token: a string, number or null node; any other value is a boolean node
     * (refused as an id by the caller) after its children are skipped. */
    private static JsonNode idOf(JsonParser p, JsonToken v) throws IOException {
        JsonNodeFactory f = JsonNodeFactory.instance;
        switch (v) {
            case VALUE_STRING:
                return f.textNode(p.getText());
            case VALUE_NUMBER_INT:
                return f.numberNode(p.getBigIntegerValue());
            case VALUE_NUMBER_FLOAT:
                return f.numberNode(p.getDecimalValue());
            case VALUE_NULL:
                return NullNode.instance;
            default:
                p.skipChildren();
                return f.booleanNode(false);
        }
    }

    private static Map<String, Object> error(JsonNode id, int code, String message) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("jsonrpc", "2.0");
        out.put("id", id);
        out.put("error", Map.of("code", code, "message", message == null ? "error" : message));
        return out;
    }
}
