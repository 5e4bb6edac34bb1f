// The GraphQL server: graphql-js (the GraphQL reference implementation, which Apollo,
// Mercurius, GraphQL Yoga and graphql-http all execute with) on one Fastify route.
//
// One endpoint, POST /v1/graphql, with the GraphQL-over-HTTP request body
// {"query": "...", "variables": {...}, "operationName": "..."}. The schema is the
// contract's SDL file, proto/bancada/v1/bench.graphql, read at start (buildSchema);
// the resolvers are the root value's functions. Int64 and UInt64 are JSON numbers,
// exact over their range: a body holding integers beyond ±2^53 is parsed again with
// lossless-json (BigInt), as for REST.
//
// HTTP status as the GraphQL-over-HTTP specification gives it: a body that is not a
// GraphQL request (not JSON, no "query" string, "variables" not an object) is 400; a
// request error (the document does not parse or validate, the variables do not
// coerce: no "data") is 400 for a client accepting application/graphql-response+json
// (answered with that type) and 200 for a legacy application/json client; a field
// error (what the contract rejects, raised by a resolver) is 200 with "data" and the
// message in "errors" (extensions.code "INVALID_ARGUMENT"). Every answer carries
// Server-Timing from the moment the whole body is read to the moment the answer's
// object is ready; a body above the limit is 413, a method other than POST 405.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { GraphQLError, Kind, buildSchema, execute, parse, validate } from "graphql";

import * as contract from "./contract.js";
import { INT64_MAX, INT64_MIN, InvalidArgument, UINT64_MAX, nowNs } from "./contract.js";
import { createPostServer, send } from "./http.js";
import { parseJSON, stringifyJSON } from "./json.js";
import { OPERATIONS } from "./operations.js";

export const PATH = "/v1/graphql";
export const SCHEMA_PATH = fileURLToPath(new URL("../../../proto/bancada/v1/bench.graphql", import.meta.url));
export const GRAPHQL_RESPONSE = "application/graphql-response+json";
const ECHO_KINDS = ["int64s", "doubles", "strings", "records"];

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

// Set by the integer scalars' parseValue when a variable holds an integer beyond ±2^53 that
// JSON.parse may have rounded. Variables are coerced synchronously at the start of execute(),
// so the flag read right after execute() returns belongs to that request.
let sawUnsafeInteger = false;

/** parseValue of an integer scalar in lo..hi (BigInt bounds): a safe integer number or a BigInt. */
function integerValue(name, lo, hi) {
  return (value) => {
    if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) {
      sawUnsafeInteger = true;
      throw new GraphQLError(`${name}: an integer beyond ±2^53 written as a fraction or an exponent`);
    }
    const ok = (typeof value === "number" && Number.isSafeInteger(value)) || typeof value === "bigint";
    if (!ok || BigInt(value) < lo || BigInt(value) > hi) {
      throw new GraphQLError(`${name} must be an integer in ${lo}..${hi}, got ${String(value)}`);
    }
    return value;
  };
}

function integerScalar(schema, name, lo, hi) {
  const parseValue = integerValue(name, lo, hi);
  Object.assign(schema.getType(name), {
    parseValue,
    serialize: (value) => value,
    parseLiteral: (node) => {
      if (node.kind !== Kind.INT) throw new GraphQLError(`${name} must be an integer literal`);
      const big = BigInt(node.value);
      return parseValue(big >= -(2n ** 53n) && big <= 2n ** 53n ? Number(big) : big);
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
  for (const [name, op] of Object.entries(OPERATIONS)) {
    const field = name[0].toLowerCase() + name.slice(1);
    root[field] = (args) => op.run(op.fromGraphQL ? op.fromGraphQL(args) : op.fromJSON(args));
  }
  return root;
}

function formatError(error) {
  if (!(error instanceof GraphQLError)) return error; // already an error object
  const out = error.toJSON();
  if (error.originalError instanceof InvalidArgument) out.extensions = { ...out.extensions, code: "INVALID_ARGUMENT" };
  return out;
}

/**
 * Run a parsed request body: {status: "bad" | "request" | "ok", result}. "bad": not a GraphQL
 * request; "request": a request error (no data); "ok": data present (field errors possible).
 */
async function run(schema, root, body) {
  if (!isObject(body) || typeof body.query !== "string" || !(body.variables == null || isObject(body.variables))
    || !(body.operationName == null || typeof body.operationName === "string")) {
    return { status: "bad", result: { errors: [{ message: 'a GraphQL request is a JSON object with a "query" string and "variables" an object' }] } };
  }
  let document;
  try {
    document = parse(body.query);
  } catch (err) {
    if (err instanceof GraphQLError) return { status: "request", result: { errors: [err] } };
    throw err;
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { status: "request", result: { errors: invalid } };
  sawUnsafeInteger = false;
  const running = execute({ schema, document, rootValue: root, variableValues: body.variables, operationName: body.operationName });
  const unsafe = sawUnsafeInteger;
  const result = await running;
  return { status: "data" in result ? "ok" : "request", result, unsafe };
}

/** JSON text of an answer; BigInts (from the lossless parse or from a literal in the query) exactly. */
function stringify(answer, lossless) {
  if (lossless) return stringifyJSON(answer, true);
  try {
    return JSON.stringify(answer);
  } catch (err) {
    if (err instanceof TypeError) return stringifyJSON(answer, true); // a BigInt
    throw err;
  }
}

/** A Fastify instance serving the contract over GraphQL with `config`; not listening yet. */
export function createGraphqlServer(config) {
  const schema = loadSchema();
  const root = rootValue(config);
  const errorText = (message) => JSON.stringify({ errors: [{ message }] });
  return createPostServer(config, PATH, async (req, reply, raw) => {
    const modern = (req.headers.accept ?? "").includes(GRAPHQL_RESPONSE);
    const contentType = modern ? GRAPHQL_RESPONSE : "application/json";
    const startNs = nowNs(); // the body is in memory: parsing starts the span
    const text = raw.toString("utf8");
    let parsed;
    try {
      parsed = parseJSON(text);
    } catch (err) {
      return send(reply, 400, startNs, errorText(`the body is not JSON: ${err.message}`), contentType);
    }
    let outcome = await run(schema, root, parsed.value);
    if (outcome.unsafe && !parsed.lossless) {
      parsed = parseJSON(text, true); // integers beyond ±2^53: again, exactly
      outcome = await run(schema, root, parsed.value);
    }
    const { status, result } = outcome;
    const answer = { ...("data" in result ? { data: result.data } : {}) };
    if (result.errors?.length) answer.errors = result.errors.map(formatError);
    const code = status === "bad" || (status === "request" && modern) ? 400 : 200;
    return send(reply, code, startNs, stringify(answer, parsed.lossless), contentType);
  }, errorText);
}
