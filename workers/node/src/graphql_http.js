// What GraphQL over HTTP asks of a request before GraphQL runs (graphql.github.io/graphql-over-http,
// draft after the legacy watershed of 2025-01-01): the response media type from Accept, the POST
// Content-Type, the request parameters and their types, and the operation a GET would run.
// No I/O here: graphql.js answers with what these functions decide.

import { getOperationAST } from "graphql";

export const GRAPHQL_RESPONSE = "application/graphql-response+json";
export const JSON_MEDIA = "application/json";
const SUPPORTED = [GRAPHQL_RESPONSE, JSON_MEDIA];
const WILDCARD = [JSON_MEDIA, GRAPHQL_RESPONSE]; // in the order a wildcard picks them

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const isMap = (v) => v == null || isObject(v);

/**
 * The media type to answer in, or null when `accept` accepts neither (406). The highest weight
 * (q) wins, the first listed among equals; *\/* and application/* stand for
 * application/json first; q=0 refuses. No (or an empty) Accept is application/json, as a client
 * that predates application/graphql-response+json expects (the graphql-http audit's SHOULDs
 * "assume application/json when Accept is missing" and "accept *\/* and use application/json").
 */
export function responseMedia(accept) {
  if (accept === undefined || accept.trim() === "") return JSON_MEDIA;
  let best = null;
  let bestQ = 0;
  for (const part of accept.split(",")) {
    const [media, ...params] = part.split(";").map((f) => f.trim());
    let q = 1;
    for (const param of params) {
      const [name, value = ""] = param.split("=");
      if (name.trim().toLowerCase() === "q") q = Number.isFinite(Number(value)) && value.trim() !== "" ? Number(value) : 0;
    }
    const type = media.toLowerCase();
    for (const candidate of type === "*/*" || type === "application/*" ? WILDCARD : [type]) {
      if (SUPPORTED.includes(candidate) && q > bestQ) [best, bestQ] = [candidate, q];
    }
  }
  return best;
}

/** True for application/json with or without parameters (charset); anything else on a POST is 415. */
export const isJsonBody = (contentType) => contentType !== undefined && contentType.split(";")[0].trim().toLowerCase() === JSON_MEDIA;

/**
 * Why `body` (a parsed JSON body, or a GET's parameters) is not a GraphQL-over-HTTP request, or
 * undefined: query a string, operationName a string, variables and extensions maps (null is absent).
 */
export function requestProblem(body) {
  if (!isObject(body)) return "a GraphQL request is a JSON object";
  if (typeof body.query !== "string") return 'a GraphQL request needs "query", a string';
  if (!(body.operationName == null || typeof body.operationName === "string")) return '"operationName" must be a string';
  for (const name of ["variables", "extensions"]) {
    if (!isMap(body[name])) return `"${name}" must be an object (a map)`;
  }
  return undefined;
}

/**
 * The request of a GET's URL parameters (variables and extensions as JSON strings; an empty
 * operationName is none): {body} or {problem}.
 */
export function getParameters(params) {
  const body = { query: params.query, operationName: params.operationName || undefined };
  for (const name of ["variables", "extensions"]) {
    if (params[name] === undefined) continue;
    try {
      body[name] = JSON.parse(params[name]);
    } catch {
      return { problem: `"${name}" must be a JSON object in the URL, got ${JSON.stringify(params[name])}` };
    }
  }
  const problem = requestProblem(body);
  return problem === undefined ? { body } : { problem };
}

/** True when `document` with `operationName` selects a mutation (a GET refuses it with 405). */
export function isMutation(document, operationName) {
  return getOperationAST(document, operationName)?.operation === "mutation";
}
