// The request checks of GraphQL over HTTP (graphql_http.js) and of JSON-RPC param names (param_names.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { parse } from "graphql";

import { GRAPHQL_RESPONSE, JSON_MEDIA, getParameters, isJsonBody, isMutation, requestProblem, responseMedia } from "../src/graphql_http.js";
import { unknownNames } from "../src/param_names.js";

test("Accept: the highest weight, the first among equals, no Accept or a wildcard is application/json, none acceptable is null", () => {
  assert.equal(responseMedia(undefined), JSON_MEDIA);
  assert.equal(responseMedia(""), JSON_MEDIA);
  assert.equal(responseMedia("application/json"), JSON_MEDIA);
  assert.equal(responseMedia(`${JSON_MEDIA}, ${GRAPHQL_RESPONSE}`), JSON_MEDIA);
  assert.equal(responseMedia(`${JSON_MEDIA};q=0.9, ${GRAPHQL_RESPONSE}`), GRAPHQL_RESPONSE);
  assert.equal(responseMedia("*/*"), JSON_MEDIA);
  assert.equal(responseMedia("application/*"), JSON_MEDIA);
  assert.equal(responseMedia(`*/*;q=0.5, ${GRAPHQL_RESPONSE}`), GRAPHQL_RESPONSE);
  assert.equal(responseMedia("text/html"), null);
  assert.equal(responseMedia(`${GRAPHQL_RESPONSE};q=0`), null);
});

test("POST bodies: application/json only; parameters of the right types", () => {
  assert.ok(isJsonBody("application/json; charset=utf-8") && !isJsonBody(undefined) && !isJsonBody("text/plain"));
  assert.equal(requestProblem({ query: "{ ping }", extensions: null, operationName: null, variables: {} }), undefined);
  for (const bad of [{ query: 1 }, { query: "{ ping }", extensions: [1] }, { query: "{ ping }", operationName: 7 }, { query: "{ ping }", variables: "x" }]) {
    assert.ok(requestProblem(bad), JSON.stringify(bad));
  }
});

test("GET: variables as JSON in the URL, an empty operationName is none, mutations found", () => {
  assert.deepEqual(getParameters({ query: "{ ping }", operationName: "", variables: '{"v":"1"}' }).body,
    { query: "{ ping }", operationName: undefined, variables: { v: "1" } });
  assert.ok(getParameters({ query: "{ ping }", variables: "{" }).problem);
  assert.ok(getParameters({}).problem);
  const document = parse("query Q { ping } mutation M { echo(strings: []) { count } }");
  assert.ok(isMutation(document, "M") && !isMutation(document, "Q") && !isMutation(document, undefined));
});

test("JSON-RPC param names: unknown ones at any depth", () => {
  assert.deepEqual(unknownNames("Double", { nope: 1 }), ["nope"]);
  assert.deepEqual(unknownNames("Double", { value: 21 }), []);
  assert.deepEqual(unknownNames("Recolor", { car: { brand: "a", wheels: 4 }, colour: "b" }), ["car.wheels"]);
  assert.deepEqual(unknownNames("Echo", { records: [{ id: 1, size: 2 }] }), ["records.size"]);
  assert.deepEqual(unknownNames("Ping", {}), []);
});
