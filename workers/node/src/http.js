// What the protocols served on one endpoint share: one Fastify instance with one POST
// endpoint, the body read whole as a Buffer (any content type, up to the limit),
// Server-Timing on every answer, and the HTTP errors (405, 404, 413) in the
// protocol's own error shape.

import Fastify from "fastify";

import { nowNs, serverTiming } from "./contract.js";
import { drain } from "./rest.js";

const KEEP_ALIVE_MS = 75_000; // idle keep-alive connections stay open (a driver reuses them across blocks)

/** Send `text` (already JSON) with Server-Timing from `startNs` to now; no text: 204. */
export function send(reply, status, startNs, text, contentType = "application/json") {
  reply.code(text === undefined ? 204 : status).header("server-timing", serverTiming(nowNs() - startNs));
  if (text === undefined) return reply.send();
  return reply.header("content-type", contentType).send(text);
}

/**
 * A Fastify instance (not listening) serving `path` with `handle(req, reply, body: Buffer)` for the
 * HTTP `methods` (405 with Allow for the others).
 * `errorText(message)` is the protocol's error body for an HTTP-level error (a JSON text).
 */
export function createPostServer(config, path, handle, errorText, methods = ["POST"]) {
  const app = Fastify({ logger: false, bodyLimit: config.maxMessageBytes, keepAliveTimeout: KEEP_ALIVE_MS });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  app.all(path, async (req, reply) => {
    if (methods.includes(req.method)) return handle(req, reply, req.body ?? Buffer.alloc(0));
    reply.header("allow", methods.join(", "));
    return send(reply, 405, nowNs(), errorText(`method ${req.method} not allowed on ${path}; use ${methods.join(" or ")}`));
  });
  app.setNotFoundHandler((req, reply) => send(reply, 404, nowNs(), errorText(`no route ${req.url}; the endpoint is POST ${path}`)));
  app.setErrorHandler(async (err, req, reply) => {
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      await drain(req.raw);
      return send(reply, 413, nowNs(), errorText(`request body above the limit of ${config.maxMessageBytes} bytes`, true));
    }
    const status = err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    return send(reply, status, nowNs(), errorText(err.message));
  });
  return app;
}
