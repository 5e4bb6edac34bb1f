// The Select pick and the JSON rules, against the contract's test vectors.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { parse } from "lossless-json";

import * as contract from "../src/contract.js";
import { UnsafeInteger, echoRequest, parseJSON, selectRequest, stringifyJSON } from "../src/json.js";

// Parsed losslessly: the SplitMix64 outputs are beyond 2^53.
const vectors = parse(readFileSync(new URL("../../../proto/bancada/v1/select_vectors.json", import.meta.url), "utf8"),
  null, (text) => BigInt(text));

test("SplitMix64 matches the vectors", () => {
  for (const { seed, first } of vectors.splitmix64) {
    const rng = new contract.SplitMix64(seed);
    assert.deepEqual(first.map(() => rng.next()), first);
  }
});

test("Select matches the vectors", () => {
  for (const c of vectors.select) {
    const values = c.values?.length ? c.values.map(Number) : Array.from({ length: Number(c.n) }, (_, i) => (i * 31) % 1001);
    const got = contract.select(values, Number(c.k), c.seed);
    assert.deepEqual(got.positions, c.positions.map(Number), `seed ${c.seed}`);
    assert.deepEqual(got.values, c.values_out.map(Number), `seed ${c.seed}`);
  }
});

test("Select rejects what the contract rejects", () => {
  for (const [values, k, seed] of [[[], 1, 0], [[1, 2], 3, 0], [[1, 2], 0, 0], [[1], 1, -1n], [[1], 1, 1n << 64n]]) {
    assert.throws(() => contract.select(values, k, seed), contract.InvalidArgument);
  }
});

test("JSON keeps int64 exact and refuses what is not one", () => {
  const text = '{"values":[9223372036854775807,-9223372036854775808,1],"seed":18446744073709551615}';
  assert.throws(() => selectRequest(parseJSON(text).value), UnsafeInteger); // JSON.parse rounded them: parse again
  const { value, lossless } = parseJSON(text, true);
  const req = selectRequest(value);
  assert.deepEqual(req.values, [9223372036854775807n, -9223372036854775808n, 1]);
  assert.equal(req.seed, 18446744073709551615n);
  assert.equal(stringifyJSON({ values: req.values }, lossless), '{"values":[9223372036854775807,-9223372036854775808,1]}');
  for (const bad of ['{"values":[1.5]}', '{"values":[true]}', '{"values":["1"]}', '{"values":[9223372036854775808]}',
    '{"values":[1e300]}', '{"values":[1],"k":-1}', '{"values":[1],"k":4294967296}', '{"values":[1],"seed":"1"}',
    "[1]", "null"]) {
    // After the lossless parse an UnsafeInteger (1e300: an exponent, not an integer literal) is a 400 too.
    assert.throws(() => selectRequest(parseJSON(bad, true).value),
      (err) => err instanceof contract.InvalidArgument || err instanceof UnsafeInteger, bad);
  }
});

test("Echo needs exactly one kind", () => {
  assert.equal(echoRequest({ strings: ["a"], echo: true }).kind, "strings");
  assert.deepEqual(echoRequest({ records: [{ id: 1 }] }).payload, [{ id: 1, value: 0, name: "", tags: [] }]);
  for (const bad of [{}, { floats: [1] }, { int64s: [1], doubles: [1] }, { int64s: 1 }, { records: [{ id: "x" }] },
    { strings: [1] }, { doubles: ["x"] }, { int64s: [], echo: "yes" }]) {
    assert.throws(() => echoRequest(bad), contract.InvalidArgument, JSON.stringify(bad));
  }
});

test("Server-Timing is milliseconds with six decimals", () => {
  assert.equal(contract.serverTiming(1234567n), "app;dur=1.234567");
});

test("the delay waits at least its time, below a millisecond too", async () => {
  for (const delayUs of [300, 2500]) {
    const start = contract.nowNs();
    await new contract.Config({ delayUs }).pause();
    const waitedUs = Number(contract.nowNs() - start) / 1000;
    assert.ok(waitedUs >= delayUs && waitedUs < delayUs + 1e6, `${delayUs} µs: waited ${waitedUs} µs`);
  }
});
