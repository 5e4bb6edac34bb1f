// The protocols of the Node.js worker, in one registry: a protocol's name (--protocol, the
// READY line, the implementation id node-<name>), the function that builds its server from the
// worker's Config, and the server it runs on (hosts.js). Nothing else in the worker branches on
// a protocol's name: adding one is its module plus one register() line here.
//
// Today: gRPC on @grpc/grpc-js (grpc.js), and on Fastify REST/JSON (rest.js), JSON-RPC 2.0 with
// json-rpc-2.0 (jsonrpc.js) and GraphQL with graphql-js (graphql.js).

import { createGraphqlServer } from "./graphql.js";
import { createGrpcServer } from "./grpc.js";
import { serveFastify, serveGrpc } from "./hosts.js";
import { createJsonRpcServer } from "./jsonrpc.js";
import { createRestServer } from "./rest.js";

const REGISTRY = new Map();

/**
 * Add a protocol: `create(config)` builds its server, `host(server, opts)` listens with it
 * (serveFastify or serveGrpc). Throws on a name registered twice.
 */
export function register(name, create, host) {
  if (REGISTRY.has(name)) throw new Error(`protocol ${JSON.stringify(name)} is registered twice`);
  REGISTRY.set(name, { name, create, host });
}

/** The registered names, in registration order. */
export const names = () => [...REGISTRY.keys()];

/** Build and start protocol `name`'s server with `config` on opts.bind/opts.port: {port, stop}; throws ListenError. */
export function serve(name, config, opts) {
  const protocol = REGISTRY.get(name);
  return protocol.host(protocol.create(config), opts);
}

register("grpc", createGrpcServer, serveGrpc);
register("rest", createRestServer, serveFastify);
register("jsonrpc", createJsonRpcServer, serveFastify);
register("graphql", createGraphqlServer, serveFastify);
