// The two servers a protocol's module runs on: Fastify (the module's factory returns a Fastify
// instance, not listening) and @grpc/grpc-js (a grpc.Server). Each listens on opts.bind and
// opts.port and returns {port, stop}; stop() closes gracefully, with a hard stop after
// STOP_GRACE_MS. protocols.js says which protocol runs on which.

import * as grpc from "@grpc/grpc-js";

export const STOP_GRACE_MS = 5000;

/** The worker cannot listen on the asked address and port (exit status 1; the message names the port). */
export class ListenError extends Error {}

function listenFailure(bind, port, err) {
  if (err && (err.code === "EADDRINUSE" || /EADDRINUSE/.test(err.message))) {
    return new ListenError(`port ${port} already in use on ${bind}`);
  }
  return new ListenError(`cannot listen on port ${port} of ${bind}: ${err ? err.message : "bind failed"}`);
}

/** Listen with a Fastify instance; throws ListenError. */
export async function serveFastify(app, opts) {
  try {
    await app.listen({ host: opts.bind, port: opts.port });
  } catch (err) {
    throw listenFailure(opts.bind, opts.port, err);
  }
  return {
    port: app.server.address().port,
    stop: async () => {
      const timer = setTimeout(() => app.server.closeAllConnections(), STOP_GRACE_MS);
      await app.close();
      clearTimeout(timer);
    },
  };
}

/** Listen with a grpc.Server (insecure credentials); throws ListenError. */
export async function serveGrpc(server, opts) {
  const address = opts.bind.includes(":") ? `[${opts.bind}]:${opts.port}` : `${opts.bind}:${opts.port}`;
  const port = await new Promise((resolve, reject) => {
    server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (err, bound) => {
      if (err) reject(listenFailure(opts.bind, opts.port, err));
      else resolve(bound);
    });
  });
  return {
    port,
    stop: () => new Promise((resolve) => {
      const timer = setTimeout(() => server.forceShutdown(), STOP_GRACE_MS);
      server.tryShutdown(() => {
        clearTimeout(timer);
        resolve();
      });
    }),
  };
}
