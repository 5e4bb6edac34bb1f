// The GraphQL server: graphql-js (the GraphQL reference implementation, which Apollo,
// Mercurius, GraphQL Yoga and graphql-http all execute with) on one Fastify route.
//
// One endpoint, /v1/graphql: POST with the GraphQL-over-HTTP request body
// {"query": "...", "variables": {...}, "operationName": "...", "extensions": {...}}
// (Content-Type: application/json), or GET with the same parameters in the URL (variables
// and extensions as JSON strings; queries only). The schema is the
// contract's SDL file, proto/bancada/v1/bench.graphql, read at start (buildSchema);
// the resolvers are the root value's functions (reads are queries; echo and recolor
// mutations). Int64 and UInt64 are JSON strings of decimal digits (numbers inside when
// safe, BigInts beyond ±2^53), so JSON.parse reads every body exactly.
//
// HTTP as the GraphQL-over-HTTP specification gives it (the request checks: graphql_http.js):
// the answer's media type is the highest-weighted of Accept's application/graphql-response+json
// and application/json (no Accept or a wildcard: application/json), 406 when Accept allows neither; a POST without
// Content-Type: application/json is 415; a request that is not a GraphQL request (not JSON, no
// "query" string, "operationName" not a string, "variables" or "extensions" not a map) is 400;
// a mutation over GET is 405 (Allow: POST) and does not run; a request error (the document does
// not parse or validate, the variables do not coerce: no "data") is 400 in
// application/graphql-response+json and 200 in application/json; a field
// error (what the contract rejects, raised by a resolver) is 200 with "data" and the
// message in "errors" (extensions.code "INVALID_ARGUMENT"; "UNAVAILABLE" when the database
// methods have no database or it fails). Every answer carries
// Server-Timing from the moment the whole body is read to the moment the answer's
// object is ready; a body above the limit is 413, a method other than GET and POST 405.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { GraphQLError, Kind, buildSchema, execute, parse, validate } from "graphql";

import * as contract from "./contract.js";
import { INT64_MAX, INT64_MIN, InvalidArgument, UINT64_MAX, Unavailable, nowNs } from "./contract.js";
import { GRAPHQL_RESPONSE, getParameters, isJsonBody, isMutation, requestProblem, responseMedia } from "./graphql_http.js";
import { createPostServer, send } from "./http.js";
import * as ops from "./operations.js";
import { int64Value } from "./operations.js";
import { databaseOperations } from "./pet_person.js";

export const PATH = "/v1/graphql";
export { GRAPHQL_RESPONSE };
export const SCHEMA_PATH = fileURLToPath(new URL("../../../proto/bancada/v1/bench.graphql", import.meta.url));
const ECHO_KINDS = ["int64s", "doubles", "strings", "records"];

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

const DECIMAL = /^-?[0-9]+$/;

/**
 * Bind an integer scalar in lo..hi (BigInt bounds) written as a JSON string of decimal
 * digits (bench.graphql, as protobuf's JSON mapping writes int64): parsed to a number when
 * safe, else a BigInt; anything else (a number, "1.5", " 1", out of range) is a coercion error.
 */
function integerScalar(schema, name, lo, hi) {
  const parseValue = (value) => {
    if (typeof value !== "string" || !DECIMAL.test(value)) {
      throw new GraphQLError(`${name} must be a string of decimal digits, got ${JSON.stringify(value)}`);
    }
    const big = BigInt(value);
    if (big < lo || big > hi) throw new GraphQLError(`${name} ${value} is outside ${lo}..${hi}`);
    return int64Value(big);
  };
  Object.assign(schema.getType(name), {
    parseValue,
    serialize: (value) => String(value),
    parseLiteral: (node) => {
      if (node.kind !== Kind.STRING) throw new GraphQLError(`${name} must be a string of decimal digits`);
      return parseValue(node.value);
    },
  });
}

/** The executable schema (the contract's SDL with the Int64 and UInt64 scalars bound). */
export function loadSchema() {
  const schema = buildSchema(readFileSync(SCHEMA_PATH, "utf8"));
  integerScalar(schema, "Int64", INT64_MIN, INT64_MAX);
  integerScalar(schema, "UInt64", 0n, UINT64_MAX);
  return schema;
}

/** The root value: one resolver per Query (and Mutation) field, on coerced arguments. */
export function rootValue(config, protocol = "graphql") {
  const info = contract.info(protocol);
  const root = {
    ping: async () => {
      await config.pause();
      return true;
    },
    select: async ({ values, k, seed }) => {
      if (k !== undefined && k !== null && k < 0) throw new InvalidArgument(`k must be >= 0, got ${k}`);
      await config.pause();
      return contract.select(values, k ?? 0, seed);
    },
    echo: async (args) => {
      const present = ECHO_KINDS.filter((kind) => args[kind] !== undefined && args[kind] !== null);
      if (present.length !== 1) throw new InvalidArgument("echo needs exactly one of int64s, doubles, strings, records");
      await config.pause();
      const payload = args[present[0]];
      return args.echo ? { count: payload.length, [present[0]]: payload } : { count: payload.length };
    },
    info: () => info,
  };
  Object.assign(root, { // the six methods of seed 002, on coerced arguments
    void: () => null,
    double: ({ value }) => ops.double(value),
    sum: ({ values }) => ops.sumValues(values),
    powerOfTwo: ({ text }) => ops.powerOfTwo(text),
    matMul: ({ a, b }) => ops.matMul(a, b),
    recolor: ({ car, colour }) => ops.recolor(car, colour),
  });
  const db = databaseOperations(config); // the database methods of seed 001 (pet_person.js)
  Object.assign(root, {
    pets: async ({ limit }) => (await db.ListPets({ limit })).pets,
    people: async ({ limit }) => (await db.ListPeople({ limit })).people,
    createPet: async ({ input }) => (await db.CreatePet({ ...input })).pet,
    createPerson: async ({ input }) => (await db.CreatePerson({ ...input })).person,
  });
  return root;
}

function formatError(error) {
  if (!(error instanceof GraphQLError)) return error; // already an error object
  const out = error.toJSON();
  if (error.originalError instanceof InvalidArgument) out.extensions = { ...out.extensions, code: "INVALID_ARGUMENT" };
  if (error.originalError instanceof Unavailable) out.extensions = { ...out.extensions, code: "UNAVAILABLE" };
  return out;
}

/**
 * Run a parsed request body: {status: "bad" | "request" | "ok", result}. "bad": not a GraphQL
 * request; "request": a request error (no data); "ok": data present (field errors possible).
 */
async function run(schema, root, body, document = undefined) {
  const problem = requestProblem(body);
  if (problem !== undefined) return { status: "bad", result: { errors: [{ message: problem }] } };
  try {
    document ??= parse(body.query);
  } catch (err) {
    if (err instanceof GraphQLError) return { status: "request", result: { errors: [err] } };
    throw err;
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { status: "request", result: { errors: invalid } };
  const result = await execute({ schema, document, rootValue: root, variableValues: body.variables, operationName: body.operationName });
  return { status: "data" in result ? "ok" : "request", result };
}

/** A Fastify instance serving the contract over GraphQL with `config`; not listening yet. */
export function createGraphqlServer(config) {
  const schema = loadSchema();
  const root = rootValue(config);
  const errorText = (message) => JSON.stringify({ errors: [{ message }] });
  const answer = (reply, startNs, media, { status, result }) => {
    const out = { ...("data" in result ? { data: result.data } : {}) };
    if (result.errors?.length) out.errors = result.errors.map(formatError);
    const code = status === "bad" || (status === "request" && media === GRAPHQL_RESPONSE) ? 400 : 200;
    return send(reply, code, startNs, JSON.stringify(out), `${media}; charset=utf-8`);
  };
  const get = async (req, reply, startNs, media) => { // GET: the request in the URL, queries only
    const { body, problem } = getParameters(req.query ?? {});
    if (problem !== undefined) return answer(reply, startNs, media, { status: "bad", result: { errors: [{ message: problem }] } });
    let document;
    try {
      document = parse(body.query);
    } catch (err) {
      if (err instanceof GraphQLError) return answer(reply, startNs, media, { status: "request", result: { errors: [err] } });
      throw err;
    }
    if (isMutation(document, body.operationName)) {
      reply.header("allow", "POST");
      return send(reply, 405, startNs, errorText("a mutation cannot run over GET; use POST"), `${media}; charset=utf-8`);
    }
    return answer(reply, startNs, media, await run(schema, root, body, document));
  };
  return createPostServer(config, PATH, async (req, reply, raw) => {
    const startNs = nowNs(); // the body is in memory: parsing starts the span
    const media = responseMedia(req.headers.accept);
    if (media === null) {
      return send(reply, 406, startNs, errorText(`the Accept header allows neither ${GRAPHQL_RESPONSE} nor application/json`));
    }
    if (req.method === "GET") return get(req, reply, startNs, media);
    if (!isJsonBody(req.headers["content-type"])) {
      reply.header("accept-post", "application/json");
      return send(reply, 415, startNs, errorText("a GraphQL POST needs Content-Type: application/json"), `${media}; charset=utf-8`);
    }
    let body;
    try {
      body = JSON.parse(raw.toString("utf8")); // int64 travels as strings: JSON.parse is exact here
    } catch (err) {
      return send(reply, 400, startNs, errorText(`the body is not JSON: ${err.message}`), `${media}; charset=utf-8`);
    }
    return answer(reply, startNs, media, await run(schema, root, body));
  }, errorText, ["GET", "POST"]);
}
