// The JSON-RPC 2.0 server: the json-rpc-2.0 package's dispatcher on one Fastify route.
//
// One endpoint, POST /v1/jsonrpc. The methods are the contract's operations, Ping,
// Select, Echo and Info (and the six methods of seed 002), with params by name and
// the same objects as the REST bodies and answers:
//   {"jsonrpc": "2.0", "id": 1, "method": "Select", "params": {"values": [..], "k": 3, "seed": 0}}
//   -> {"jsonrpc": "2.0", "id": 1, "result": {"values": [..], "positions": [..]}}
//
// Errors use the specification's codes: -32700 parse error, -32600 invalid request
// (checked here before dispatch: "jsonrpc": "2.0", a string method, params an object
// or array, an id that is a string, a number or null), -32601 method not found,
// -32602 invalid params (positional params, unknown names at any depth (param_names.js), wrong types, and what the
// contract rejects), -32000 server error for the database methods (ListPets, ListPeople,
// CreatePet, CreatePerson) when there is no database or it fails (message: the reason). Batches are answered with an array (each element checked on its
// own); notifications (no id) get no answer, HTTP 204 when nothing is left. Every
// answer is HTTP 200 with Server-Timing: app;dur=<ms> from the moment the whole body
// is read to the moment the answer's objects are ready, except a body above the
// limit (413, invalid request) and a method other than POST (405).

import { JSONRPCErrorException, JSONRPCServer, createJSONRPCErrorResponse } from "json-rpc-2.0";

import * as contract from "./contract.js";
import { InvalidArgument, Unavailable, nowNs } from "./contract.js";
import { createPostServer, send } from "./http.js";
import { UnsafeInteger, echoRequest, parseJSON, selectRequest, stringifyJSON } from "./json.js";
import { JSON_METHODS } from "./operations.js";
import { unknownNames } from "./param_names.js";
import { jsonDatabaseMethods } from "./pet_person.js";

export const PATH = "/v1/jsonrpc";
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;
export const SERVER_ERROR = -32000; // the database is missing or failed (bench.proto: UNAVAILABLE)
const RETRY_LOSSLESS = -1; // internal: an int64 beyond ±2^53 was seen, parse the body again losslessly

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Why `request` is not a JSON-RPC 2.0 request object, or undefined when it is one. */
function invalidRequest(request) {
  if (!isObject(request)) return "a request is a JSON object";
  if (request.jsonrpc !== "2.0") return 'a request needs "jsonrpc": "2.0"';
  if (typeof request.method !== "string") return "method must be a string";
  if (request.params !== undefined && typeof request.params !== "object") return "params must be an object or an array";
  if (request.params === null) return "params must be an object or an array";
  if (request.id !== undefined && !["string", "number", "bigint"].includes(typeof request.id) && request.id !== null) {
    return "id must be a string, a number or null";
  }
  return undefined;
}

/** A method taking params by name; `run(params)` returns the result or throws InvalidArgument. */
function byName(name, run) {
  return async (params) => {
    if (Array.isArray(params)) throw new JSONRPCErrorException(`${name} takes params by name, not by position`, INVALID_PARAMS);
    const unknown = unknownNames(name, params);
    if (unknown.length > 0) throw new JSONRPCErrorException("Invalid params", INVALID_PARAMS, `${name} has no param(s) ${unknown.join(", ")}`);
    try {
      return await run(params ?? {});
    } catch (err) {
      if (err instanceof UnsafeInteger) throw new JSONRPCErrorException("unsafe integer", RETRY_LOSSLESS);
      if (err instanceof InvalidArgument) throw new JSONRPCErrorException("Invalid params", INVALID_PARAMS, err.message);
      if (err instanceof Unavailable) throw new JSONRPCErrorException(err.message, SERVER_ERROR);
      throw err;
    }
  };
}

function noParams(name, run) {
  return async (params) => {
    const names = Object.keys(params ?? {});
    if (names.length > 0) throw new InvalidArgument(`${name} takes no params, got ${names.sort().join(", ")}`);
    return run();
  };
}

/** The dispatcher with the contract's operations as methods. */
export function createDispatcher(config) {
  const info = contract.info("jsonrpc");
  const server = new JSONRPCServer({ errorListener: () => {} });
  const methods = {
    Ping: noParams("Ping", async () => {
      await config.pause();
      return {};
    }),
    Select: async (params) => {
      const req = selectRequest(params);
      await config.pause();
      return contract.select(req.values, req.k, req.seed);
    },
    Echo: async (params) => {
      const req = echoRequest(params);
      await config.pause();
      return req.echo ? { count: req.payload.length, [req.kind]: req.payload } : { count: req.payload.length };
    },
    Info: noParams("Info", async () => info),
  };
  for (const [name, method] of Object.entries(JSON_METHODS)) methods[name] = async (params) => method.answer(params);
  Object.assign(methods, jsonDatabaseMethods(config));
  for (const [name, run] of Object.entries(methods)) server.addMethod(name, byName(name, run));
  return server;
}

const checked = (request) => {
  const why = invalidRequest(request);
  if (why === undefined) return undefined;
  const id = isObject(request) && ["string", "number", "bigint"].includes(typeof request.id) ? request.id : null;
  return createJSONRPCErrorResponse(id, INVALID_REQUEST, "Invalid Request", why);
};

/** The answer (a response, an array of them, or null) to a parsed body. */
async function dispatch(server, body) {
  if (!Array.isArray(body)) return checked(body) ?? server.receive(body);
  if (body.length === 0) return createJSONRPCErrorResponse(null, INVALID_REQUEST, "Invalid Request", "an empty batch");
  const answers = await Promise.all(body.map((request) => checked(request) ?? server.receive(request)));
  const sent = answers.filter((a) => a !== null);
  return sent.length > 0 ? sent : null;
}

const isUnsafeNumber = (id) => typeof id === "number" && Number.isInteger(id) && !Number.isSafeInteger(id);
// An id beyond ±2^53 must come back exactly: such a body is parsed losslessly before dispatch.
const hasUnsafeId = (body) => [body].flat().some((r) => isObject(r) && isUnsafeNumber(r.id));
const RETRY_ANSWER = { error: { code: RETRY_LOSSLESS } };

const wantsLossless = (answer) => [answer].flat().some((a) => a?.error?.code === RETRY_LOSSLESS);

/** A Fastify instance serving the contract over JSON-RPC 2.0 with `config`; not listening yet. */
export function createJsonRpcServer(config) {
  const server = createDispatcher(config);
  // HTTP-level errors: 413 is an invalid request (a JSON-RPC answer); 404 and 405 say so as {"error": "..."}.
  const errorText = (message, tooLarge = false) => JSON.stringify(tooLarge
    ? { jsonrpc: "2.0", error: { code: INVALID_REQUEST, message: "Invalid Request", data: message }, id: null }
    : { error: message });
  return createPostServer(config, PATH, async (_req, reply, raw) => {
    const startNs = nowNs(); // the body is in memory: parsing starts the span
    const text = raw.toString("utf8");
    let parsed;
    try {
      parsed = parseJSON(text);
    } catch (err) {
      const error = { code: PARSE_ERROR, message: "Parse error", data: err.message };
      return send(reply, 200, startNs, JSON.stringify({ jsonrpc: "2.0", error, id: null }));
    }
    let answer = hasUnsafeId(parsed.value) ? RETRY_ANSWER : await dispatch(server, parsed.value);
    if (wantsLossless(answer)) {
      parsed = parseJSON(text, true); // integers beyond ±2^53: again, exactly
      answer = await dispatch(server, parsed.value);
    }
    for (const a of [answer].flat()) {
      if (a?.error?.code === RETRY_LOSSLESS) {
        a.error = { code: INVALID_PARAMS, message: "Invalid params", data: "an int64 written as a fraction or an exponent" };
      }
    }
    return send(reply, 200, startNs, answer === null ? undefined : stringifyJSON(answer, parsed.lossless));
  }, errorText);
}
