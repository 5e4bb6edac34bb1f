// JSON bodies with exact int64: JSON.parse turns integers beyond ±2^53 into
// the nearest double, which would change a Select seed or an echoed value.
// Bodies are parsed with JSON.parse (fast); when an int64 field then holds a
// number that is an integer beyond ±2^53 (so possibly rounded), the checks
// throw UnsafeInteger and the body is parsed again with lossless-json, which
// turns each integer literal beyond ±2^53 into a BigInt. Answers holding a
// BigInt are written by lossless-json too.

import { isInteger, parse as losslessParse, stringify as losslessStringify } from "lossless-json";

import { INT64_MAX, INT64_MIN, InvalidArgument, UINT32_MAX } from "./contract.js";

/** An int64 field holds a number beyond ±2^53 that JSON.parse may have rounded: parse again, losslessly. */
export class UnsafeInteger extends Error {}

function parseNumber(text) {
  const n = Number(text);
  return Number.isSafeInteger(n) || !isInteger(text) ? n : BigInt(text);
}

/**
 * Parse a JSON text; returns {value, lossless}: lossless = integers beyond
 * ±2^53 are BigInts (slower). Throws SyntaxError for malformed JSON.
 */
export function parseJSON(text, lossless = false) {
  if (!lossless) return { value: JSON.parse(text), lossless };
  return { value: losslessParse(text, null, { parseNumber, onDuplicateKey: ({ newValue }) => newValue }), lossless };
}

/** Write `value` as JSON; `lossless` says BigInts may be inside (an answer may hold one anyway:
 * Double of a safe integer can leave ±2^53, so a BigInt found by JSON.stringify is written losslessly). */
export function stringifyJSON(value, lossless) {
  if (lossless) return losslessStringify(value);
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (err instanceof TypeError) return losslessStringify(value); // a BigInt
    throw err;
  }
}

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * True when `v` is an int64 as parsed by parseJSON (a safe integer or an in-range BigInt).
 * Throws UnsafeInteger for an integer number beyond ±2^53 (JSON.parse may have rounded it).
 */
export function isInt64(v) {
  if (typeof v === "number") {
    if (Number.isSafeInteger(v)) return true;
    if (Number.isInteger(v)) throw new UnsafeInteger();
    return false;
  }
  return typeof v === "bigint" && v >= INT64_MIN && v <= INT64_MAX;
}

function int64Array(v, where) {
  if (!Array.isArray(v)) throw new InvalidArgument(`${where} must be an array of int64, got ${typeof v}`);
  for (let i = 0; i < v.length; i++) {
    if (!isInt64(v[i])) throw new InvalidArgument(`${where}[${i}] is not an int64: ${String(v[i])}`);
  }
  return v;
}

function doubleArray(v, where) {
  if (!Array.isArray(v)) throw new InvalidArgument(`${where} must be an array of numbers`);
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (typeof x === "bigint") v[i] = Number(x);
    else if (typeof x !== "number") throw new InvalidArgument(`${where}[${i}] is not a number: ${String(x)}`);
  }
  return v;
}

function stringArray(v, where) {
  if (!Array.isArray(v)) throw new InvalidArgument(`${where} must be an array of strings`);
  for (let i = 0; i < v.length; i++) {
    if (typeof v[i] !== "string") throw new InvalidArgument(`${where}[${i}] is not a string`);
  }
  return v;
}

function recordArray(v, where) {
  if (!Array.isArray(v)) throw new InvalidArgument(`${where} must be an array of records`);
  return v.map((r, i) => {
    const at = `${where}[${i}]`;
    if (!isObject(r)) throw new InvalidArgument(`${at} is not a record object`);
    const { id = 0, value = 0, name = "", tags = [] } = r;
    if (!isInt64(id)) throw new InvalidArgument(`${at}.id is not an int64`);
    if (typeof value !== "number" && typeof value !== "bigint") throw new InvalidArgument(`${at}.value is not a number`);
    if (typeof name !== "string") throw new InvalidArgument(`${at}.name is not a string`);
    return { id, value: Number(value), name, tags: int64Array(tags, `${at}.tags`) };
  });
}

/**
 * Check a parsed Select body: {"values": [int64..], "k": uint32, "seed": uint64}.
 * Returns {values, k, seed}; absent or null k is 0 and seed undefined. Unknown keys are ignored.
 * Throws InvalidArgument.
 */
export function selectRequest(body) {
  if (!isObject(body)) throw new InvalidArgument("a select request is a JSON object");
  const { values = [], k = 0, seed } = body;
  const kk = k ?? 0;
  if (!(Number.isInteger(kk) && kk >= 0 && kk <= UINT32_MAX)) throw new InvalidArgument(`k must be an integer in 0..${UINT32_MAX}`);
  if (typeof seed === "number" && Number.isInteger(seed) && !Number.isSafeInteger(seed)) throw new UnsafeInteger();
  if (seed !== undefined && seed !== null && !(Number.isSafeInteger(seed) || typeof seed === "bigint")) {
    throw new InvalidArgument("seed must be an integer in 0..2^64-1"); // the range: contract.select
  }
  return { values: int64Array(values ?? [], "values"), k: kk, seed: seed ?? undefined };
}

export const ECHO_KINDS = ["int64s", "doubles", "strings", "records"];
const checkers = { int64s: int64Array, doubles: doubleArray, strings: stringArray, records: recordArray };

/**
 * Check a parsed Echo body: exactly one of the kinds (a JSON array) and "echo": bool.
 * Returns {kind, payload, echo}. Throws InvalidArgument.
 */
export function echoRequest(body) {
  if (!isObject(body)) throw new InvalidArgument("an echo request is a JSON object");
  const present = ECHO_KINDS.filter((kind) => body[kind] !== undefined && body[kind] !== null);
  if (present.length !== 1) {
    throw new InvalidArgument('echo needs exactly one of "int64s", "doubles", "strings", "records" (a JSON array)');
  }
  const echo = body.echo ?? false;
  if (typeof echo !== "boolean") throw new InvalidArgument("echo must be true or false");
  const kind = present[0];
  return { kind, payload: checkers[kind](body[kind], kind), echo };
}
