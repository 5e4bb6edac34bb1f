// The REST/JSON server on restify 11: the Bench contract's REST mapping and the
// seed's GET /json (the 7-languages study's restify application).
//
//   GET  /v1/ping    -> {}
//   POST /v1/select  {"values": [..], "k": 3, "seed": 0} -> {"values": [..], "positions": [..]}
//   POST /v1/echo    {"int64s"|"doubles"|"strings"|"records": [..], "echo": false} -> {"count": N[, "<kind>": [..]]}
//   GET  /v1/info    -> {"implementation", "language", "runtime", "version", "protocol", "pid"}
//   GET  /json       -> {"Ola": "Mundo!"}
//
// The handler reads the whole body itself (restify's bodyReader would answer a
// body above the limit before it is read, and the client would see a broken
// pipe); the server-time span starts once the body is in memory. Every answer,
// errors included, carries Server-Timing: app;dur=<ms>. Malformed input is 400,
// a body above the limit 413, an unknown route 404 and a wrong method 405, all
// as {"error": "..."}. The contract checks are the Node.js worker's
// (src/shared/*.js, copied from workers/node/src by make -C workers restify).

import restify from "restify";

import * as contract from "./shared/contract.js";
import { InvalidArgument, nowNs, serverTiming } from "./shared/contract.js";
import { UnsafeInteger, echoRequest, parseJSON, selectRequest, stringifyJSON } from "./shared/json.js";

export const NAME = "restify";
export const LANGUAGE = "node";
export const VERSION = "0.1.0";
export const SMALL_JSON = { Ola: "Mundo!" };
const KEEP_ALIVE_MS = 75_000;

function answer(res, status, startNs, obj, big = false) {
  const body = stringifyJSON(obj, big);
  res.sendRaw(status, body, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "server-timing": serverTiming(nowNs() - startNs),
  });
}

const error = (res, status, startNs, message) => answer(res, status, startNs, { error: message });

/** The whole body as a Buffer, or null when it is above `limit` (then read to its end and dropped). */
function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () => resolve(size <= limit ? Buffer.concat(chunks) : null));
    req.on("error", reject);
  });
}

/** A restify server serving the contract with `config` (a contract.Config); not listening yet. */
export function createRestServer(config) {
  const server = restify.createServer({ name: "bancada-restify", handleUncaughtExceptions: false });
  server.server.keepAliveTimeout = KEEP_ALIVE_MS;
  const info = {
    implementation: `${NAME}-rest`,
    language: LANGUAGE,
    runtime: `${contract.runtime()}, restify 11`,
    version: VERSION,
    protocol: "rest",
    pid: process.pid,
  };
  const limit = config.maxMessageBytes;

  const withBody = (name, handle) => async (req, res) => {
    const body = await readBody(req, limit);
    const startNs = nowNs();
    if (body === null) return error(res, 413, startNs, `request body above the limit of ${limit} bytes`);
    const text = body.toString("utf8");
    let parsed;
    try {
      parsed = parseJSON(text);
    } catch (err) {
      return error(res, 400, startNs, `malformed ${name} request: ${err.message}`);
    }
    try {
      let result;
      try {
        result = await handle(parsed.value);
      } catch (err) {
        if (!(err instanceof UnsafeInteger)) throw err;
        parsed = parseJSON(text, true); // integers beyond ±2^53: again, exactly
        result = await handle(parsed.value);
      }
      return answer(res, 200, startNs, result, parsed.lossless);
    } catch (err) {
      if (err instanceof InvalidArgument) return error(res, 400, startNs, err.message);
      if (err instanceof UnsafeInteger) {
        return error(res, 400, startNs, `malformed ${name} request: an int64 written as a fraction or an exponent`);
      }
      throw err;
    }
  };

  server.get("/v1/ping", async (_req, res) => {
    const startNs = nowNs();
    await config.pause();
    answer(res, 200, startNs, {});
  });
  server.get("/v1/info", async (_req, res) => answer(res, 200, nowNs(), info));
  server.get("/json", async (_req, res) => answer(res, 200, nowNs(), SMALL_JSON));
  server.post("/v1/select", withBody("select", async (body) => {
    const req = selectRequest(body);
    await config.pause();
    return contract.select(req.values, req.k, req.seed);
  }));
  server.post("/v1/echo", withBody("echo", async (body) => {
    const req = echoRequest(body);
    await config.pause();
    return req.echo ? { count: req.payload.length, [req.kind]: req.payload } : { count: req.payload.length };
  }));

  // restify's own 404/405 answers, as {"error": ...} with Server-Timing.
  const routeError = (message) => (req, res, err, callback) => {
    const startNs = nowNs();
    err.toJSON = () => ({ error: message(req) });
    res.header("server-timing", serverTiming(nowNs() - startNs));
    callback();
  };
  server.on("NotFound", routeError((req) => `no route ${req.url}`));
  server.on("MethodNotAllowed", routeError((req) => `method ${req.method} not allowed on ${req.url}`));
  return server;
}
