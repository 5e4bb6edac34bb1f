// The REST/JSON server: Fastify.
//
// Routes (HTTP/1.1 keep-alive, int64 as plain JSON numbers):
//   GET  /v1/ping    -> {}
//   POST /v1/select  {"values": [..], "k": 3, "seed": 0} -> {"values": [..], "positions": [..]}
//   POST /v1/echo    {"int64s"|"doubles"|"strings"|"records": [..], "echo": false}
//                    -> {"count": N}, or with "echo": true {"count": N, "<kind>": [..]}
//   GET  /v1/info    -> {"implementation", "language", "runtime", "version", "protocol", "pid"}
// and the six methods of seed 002 (operations.js), each POST with a JSON body: /v1/void
// (an empty body too), /v1/double, /v1/sum, /v1/power-of-two, /v1/recolor, /v1/matmul,
// and the database methods of seed 001 (pet_person.js):
//   GET  /v1/pets?limit=N   -> {"pets": [..]}     POST /v1/pets   {..} -> 201 {"pet": {..}}
//   GET  /v1/people?limit=N -> {"people": [..]}   POST /v1/people {..} -> 201 {"person": {..}}
// (no database, or one that fails: 503 {"error": "..."}).
//
// Fastify reads the whole body (any content type, up to the limit) as a
// Buffer; the handler then starts the server-time span, decodes, validates and
// answers. Every answer, errors included, carries Server-Timing: app;dur=<ms>
// (the span ends when the answer's object is ready, before it is written as
// JSON). Malformed input is 400, a body above the limit 413, an unknown route
// 404 and a wrong method 405, all as {"error": "..."}.

import Fastify from "fastify";

import * as contract from "./contract.js";
import { InvalidArgument, Unavailable, nowNs, serverTiming } from "./contract.js";
import { UnsafeInteger, echoRequest, parseJSON, selectRequest, stringifyJSON } from "./json.js";
import { JSON_METHODS } from "./operations.js";
import { jsonDatabaseMethods, limitFromQuery } from "./pet_person.js";

const DRAIN_LIMIT_MS = 30_000;
const KEEP_ALIVE_MS = 75_000; // idle keep-alive connections stay open (a driver reuses them across blocks)

function answer(reply, status, startNs, obj, big = false) {
  const timing = serverTiming(nowNs() - startNs);
  return reply.code(status).header("server-timing", timing).header("content-type", "application/json")
    .send(stringifyJSON(obj, big));
}

const error = (reply, status, startNs, message) => answer(reply, status, startNs, { error: message });

/**
 * Read a request body to its end, dropping it (at most DRAIN_LIMIT_MS): answering while the client
 * is still sending would close the connection under it, and it would see a broken pipe, not the 413.
 */
export function drain(raw) {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DRAIN_LIMIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    raw.once("end", done);
    raw.once("close", done);
    raw.once("error", done);
    raw.resume();
  });
}

/** A Fastify instance serving the contract with `config` (a contract.Config); not listening yet. */
export function createRestServer(config) {
  const app = Fastify({ logger: false, bodyLimit: config.maxMessageBytes, keepAliveTimeout: KEEP_ALIVE_MS });
  const info = contract.info("rest");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  // handle(body) checks the parsed body before anything else (an UnsafeInteger comes before any pause).
  const withBody = (name, handle, emptyIsObject = false, status = 200) => async (req, reply) => {
    const startNs = nowNs(); // the body is in memory: decoding starts the span
    let text = req.body ? req.body.toString("utf8") : "";
    if (emptyIsObject && text.trim() === "") text = "{}";
    let parsed;
    try {
      parsed = parseJSON(text);
    } catch (err) {
      return error(reply, 400, startNs, `malformed ${name} request: ${err.message}`);
    }
    try {
      let result;
      try {
        result = await handle(parsed.value, parsed.lossless);
      } catch (err) {
        if (!(err instanceof UnsafeInteger)) throw err;
        parsed = parseJSON(text, true); // integers beyond ±2^53: again, exactly
        result = await handle(parsed.value, parsed.lossless);
      }
      return answer(reply, status, startNs, result, parsed.lossless);
    } catch (err) {
      if (err instanceof InvalidArgument) return error(reply, 400, startNs, err.message);
      if (err instanceof Unavailable) return error(reply, 503, startNs, err.message);
      if (err instanceof UnsafeInteger) {
        return error(reply, 400, startNs, `malformed ${name} request: an int64 written as a fraction or an exponent`);
      }
      throw err;
    }
  };

  // A list: the limit from the query string, no body.
  const withLimit = (list) => async (req, reply) => {
    const startNs = nowNs();
    try {
      return answer(reply, 200, startNs, await list({ limit: limitFromQuery(req.query.limit).limit }));
    } catch (err) {
      if (err instanceof InvalidArgument) return error(reply, 400, startNs, err.message);
      if (err instanceof Unavailable) return error(reply, 503, startNs, err.message);
      throw err;
    }
  };

  const db = jsonDatabaseMethods(config);
  const routes = { // url -> {HTTP method: handler}
    "/v1/ping": { GET: async (_req, reply) => {
      const startNs = nowNs();
      await config.pause();
      return answer(reply, 200, startNs, {});
    } },
    "/v1/select": { POST: withBody("select", async (body) => {
      const req = selectRequest(body);
      await config.pause();
      return contract.select(req.values, req.k, req.seed);
    }) },
    "/v1/echo": { POST: withBody("echo", async (body) => {
      const req = echoRequest(body);
      await config.pause();
      return req.echo ? { count: req.payload.length, [req.kind]: req.payload } : { count: req.payload.length };
    }) },
    "/v1/info": { GET: async (_req, reply) => answer(reply, 200, nowNs(), info) },
    "/v1/pets": { GET: withLimit(db.ListPets), POST: withBody("create-pet", db.CreatePet, false, 201) },
    "/v1/people": { GET: withLimit(db.ListPeople), POST: withBody("create-person", db.CreatePerson, false, 201) },
  };
  for (const [name, method] of Object.entries(JSON_METHODS)) {
    routes[method.path] = { POST: withBody(name, async (body) => method.answer(body), name === "Void") };
  }
  for (const [url, handlers] of Object.entries(routes)) {
    const allowed = Object.keys(handlers).join(", ");
    app.all(url, async (req, reply) => {
      const handler = handlers[req.method === "HEAD" ? "GET" : req.method];
      if (handler) return handler(req, reply);
      reply.header("allow", allowed);
      return error(reply, 405, nowNs(), `method ${req.method} not allowed on ${url}; use ${allowed}`);
    });
  }
  app.setNotFoundHandler((req, reply) => error(reply, 404, nowNs(), `no route ${req.url}`));
  app.setErrorHandler(async (err, req, reply) => {
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      await drain(req.raw);
      return error(reply, 413, nowNs(), `request body above the limit of ${config.maxMessageBytes} bytes`);
    }
    const startNs = nowNs();
    const status = err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    return error(reply, status, startNs, err.message);
  });
  return app;
}
