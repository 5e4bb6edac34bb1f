// The six methods of seed 002 against the contract's vectors (proto/bancada/v1/method_vectors.json),
// through the JSON form (REST bodies, JSON-RPC params), the gRPC operations and the GraphQL schema.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { execute, parse } from "graphql";

import { Config, InvalidArgument } from "../src/contract.js";
import { loadSchema, rootValue } from "../src/graphql.js";
import { operations } from "../src/grpc.js";
import { parseJSON } from "../src/json.js";
import { JSON_METHODS, codePoints } from "../src/operations.js";

// Parsed losslessly: some int64 values are beyond 2^53.
const text = readFileSync(new URL("../../../proto/bancada/v1/method_vectors.json", import.meta.url), "utf8");
const { vectors } = parseJSON(text, true).value;

test("the JSON form answers every vector and rejects what it must", () => {
  for (const v of vectors) {
    const run = () => JSON_METHODS[v.method].answer(v.request);
    if (v.response !== undefined) assert.deepEqual(run(), v.response, `${v.method}: ${v.name}`);
    else assert.throws(run, InvalidArgument, `${v.method}: ${v.name}`);
  }
});

test("the JSON form refuses wrong types", () => {
  for (const [method, body] of [["Double", { value: 1.5 }], ["Double", { value: "1" }], ["Sum", { values: [true] }],
    ["PowerOfTwo", { text: 3 }], ["Recolor", { car: { year: "x" }, colour: "red" }], ["MatMul", { a: { order: -1, values: [] } }],
    ["Recolor", { car: { extras: [1] }, colour: "red" }], ["Sum", [1, 2]]]) {
    assert.throws(() => JSON_METHODS[method].answer(body), InvalidArgument, `${method} ${JSON.stringify(body)}`);
  }
  assert.deepEqual(JSON_METHODS.Void.answer(undefined), {});
});

// gRPC: int64 fields are decimal strings (proto-loader's longs: String) and default values are left out.
const toGrpc = (value) => JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? String(v) : v)),
  (_k, v) => (typeof v === "number" && Number.isInteger(v) && Math.abs(v) > 2 ** 31 ? String(v) : v));
const GRPC_INT64 = { Double: ["value"], Sum: ["sum"] };

test("the gRPC operations answer every vector", async () => {
  const ops = operations(new Config());
  for (const v of vectors) {
    const request = toGrpc(v.request);
    if (v.method === "Double") request.value = String(v.request.value);
    if (v.method === "Sum") request.values = v.request.values.map(String);
    if (v.response === undefined) {
      await assert.rejects(ops[v.method](request), InvalidArgument, `${v.method}: ${v.name}`);
      continue;
    }
    const got = await ops[v.method](request);
    const want = { ...v.response };
    for (const field of GRPC_INT64[v.method] ?? []) want[field] = String(want[field]);
    assert.deepEqual(got, want, `${v.method}: ${v.name}`);
  }
});

const DOCUMENTS = {
  Void: ["query { void }", () => ({})],
  Double: ["query($value: Int64!) { double(value: $value) }", (d) => ({ value: d.double })],
  Sum: ["query($values: [Int64!]!) { sum(values: $values) }", (d) => ({ sum: d.sum })],
  PowerOfTwo: ["query($text: String!) { powerOfTwo(text: $text) }", (d) => ({ power: d.powerOfTwo })],
  Recolor: ["mutation($car: CarInput!, $colour: String!) { recolor(car: $car, colour: $colour) { brand model year colour price extras } }",
    (d) => ({ car: d.recolor })],
  MatMul: ["query($a: MatrixInput!, $b: MatrixInput!) { matMul(a: $a, b: $b) { order values } }", (d) => ({ product: d.matMul })],
};
const asStrings = (value) => JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? String(v) : v)));

test("the GraphQL schema answers every vector (Int64 as decimal strings)", async () => {
  const schema = loadSchema();
  const root = rootValue(new Config());
  for (const v of vectors) {
    const [document, read] = DOCUMENTS[v.method];
    let variables = v.request;
    if (v.method === "Double") variables = { value: String(v.request.value) };
    if (v.method === "Sum") variables = { values: v.request.values.map(String) };
    const result = await execute({ schema, document: parse(document), rootValue: root, variableValues: variables });
    if (v.response === undefined) {
      assert.ok(result.errors?.length, `${v.method}: ${v.name}`);
      continue;
    }
    assert.equal(result.errors, undefined, `${v.method}: ${v.name}: ${result.errors}`);
    let want = asStrings(v.response);
    if (v.method === "Double") want = { value: String(v.response.value) };
    if (v.method === "Sum") want = { sum: String(v.response.sum) };
    assert.deepEqual(asStrings(read(result.data)), want, `${v.method}: ${v.name}`);
  }
});

test("code points: a surrogate pair is one, a lone surrogate is one", () => {
  assert.equal(codePoints("😀😀"), 2);
  assert.equal(codePoints("\ud800x"), 2);
  assert.equal(codePoints(""), 0);
});
