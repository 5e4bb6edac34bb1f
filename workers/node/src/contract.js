// What every protocol's server of the Node worker shares: the Select pick,
// the worker's identity and configuration, and the Server-Timing value.
//
// The pick is the contract's SplitMix64 + partial Fisher-Yates (bench.proto,
// message SelectRequest), so one seed gives one answer in every language.
// SplitMix64 needs 64-bit unsigned wrap-around arithmetic: it runs on BigInt.

import { randomBytes } from "node:crypto";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";

export const NAME = "node"; // the manifest's name; an implementation id is NAME + "-" + protocol
export const LANGUAGE = "node";
export const VERSION = "0.1.0"; // the worker's own version, reported by Info and --version
export const DEFAULT_K = 3;
export const DEFAULT_MAX_MESSAGE_MIB = 128;
export const INT64_MIN = -(1n << 63n);
export const INT64_MAX = (1n << 63n) - 1n;
export const UINT64_MAX = (1n << 64n) - 1n;
export const UINT32_MAX = 2 ** 32 - 1;
const MASK64 = UINT64_MAX;
const GOLDEN = 0x9e3779b97f4a7c15n;

/** A request the contract rejects: gRPC INVALID_ARGUMENT, HTTP 400. */
export class InvalidArgument extends Error {}

/**
 * The database is not configured or failed (bench.proto, "The database methods"): HTTP 503,
 * gRPC UNAVAILABLE; each protocol's module gives its own form.
 */
export class Unavailable extends Error {}

/** SplitMix64 (Steele, Lea and Flood, OOPSLA 2014) over 64-bit unsigned BigInts. */
export class SplitMix64 {
  constructor(seed) {
    this.state = BigInt(seed) & MASK64;
  }

  next() {
    this.state = (this.state + GOLDEN) & MASK64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  }
}

/**
 * k distinct positions of [0, n): a partial Fisher-Yates shuffle driven by
 * SplitMix64(seed), j = i + next() mod (n - i). The permutation is kept
 * sparse (only swapped positions are stored), so the cost is O(k), not O(n).
 */
export function pickPositions(n, k, seed) {
  const rng = new SplitMix64(seed);
  const swapped = new Map();
  const out = [];
  for (let i = 0; i < k; i++) {
    const j = i + Number(rng.next() % BigInt(n - i));
    const pi = swapped.has(i) ? swapped.get(i) : i;
    const pj = swapped.has(j) ? swapped.get(j) : j;
    swapped.set(i, pj);
    swapped.set(j, pi);
    out.push(pj);
  }
  return out;
}

/**
 * Validate a Select request and pick k of `values` at distinct positions.
 * k = 0 means DEFAULT_K; seed undefined/null draws a seed from the process's
 * random source. The seed is a BigInt, a number or a decimal string.
 * Returns {values, positions}. Throws InvalidArgument for an empty `values`,
 * k > values.length, or a seed outside 0..2^64-1.
 */
export function select(values, k, seed) {
  const n = values.length;
  if (n === 0) throw new InvalidArgument("values is empty");
  if (n > UINT32_MAX) throw new InvalidArgument(`${n} values do not fit uint32 positions`);
  k = k || DEFAULT_K;
  if (k > n) throw new InvalidArgument(`k=${k} exceeds the ${n} values`);
  let s;
  if (seed === undefined || seed === null) {
    s = randomBytes(8).readBigUInt64LE();
  } else {
    s = BigInt(seed);
    if (s < 0n || s > UINT64_MAX) throw new InvalidArgument(`seed ${seed} is outside 0..2^64-1`);
  }
  const positions = pickPositions(n, k, s);
  return { values: positions.map((p) => values[p]), positions };
}

/** The W3C Server-Timing value of a processing time: "app;dur=<ms, 6 decimals>". */
export function serverTiming(durationNs) {
  return `app;dur=${(Number(durationNs) / 1e6).toFixed(6)}`;
}

/** Nanoseconds on the monotonic clock, as a BigInt. */
export const nowNs = () => process.hrtime.bigint();

/** The runtime answering, e.g. "Node.js v20.20.2". */
export const runtime = () => `Node.js ${process.version}`;

/** The Info operation's fields for this process serving `protocol`. */
export function info(protocol) {
  return {
    implementation: `${NAME}-${protocol}`,
    language: LANGUAGE,
    runtime: runtime(),
    version: VERSION,
    protocol,
    pid: process.pid,
  };
}

/**
 * The worker's configuration: delayUs, a fixed pause inside each Ping, Select
 * and Echo handler (inside the measured server time; 0 means none), and
 * maxMessageBytes, the request size limit (REST body; gRPC message, both ways), and database,
 * what the database methods run on (database.js: a Database, or by default NoDatabase).
 */
export class Config {
  constructor({ delayUs = 0, maxMessageBytes = DEFAULT_MAX_MESSAGE_MIB * 2 ** 20, database = undefined } = {}) {
    this.delayUs = delayUs;
    this.maxMessageBytes = maxMessageBytes;
    this.database = database;
  }

  /**
   * Wait delayUs without blocking the event loop: timers (millisecond
   * resolution) for all but the last millisecond, then turns of the loop
   * until the monotonic clock passes the deadline.
   */
  async pause() {
    if (this.delayUs <= 0) return;
    const deadline = nowNs() + BigInt(Math.round(this.delayUs * 1000));
    const coarseMs = Math.floor(this.delayUs / 1000) - 1;
    if (coarseMs > 0) await sleep(coarseMs);
    while (nowNs() < deadline) await nextTurn();
  }
}
