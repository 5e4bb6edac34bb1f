#!/usr/bin/env node
// Bancada's Node.js worker: one program serving the Bench contract
// (proto/bancada/v1/bench.proto) over the protocol chosen at start.
//
//   node src/main.js --protocol grpc|rest|jsonrpc|graphql [--bind 127.0.0.1] [--port 0]
//                    [--delay-us 0] [--max-message-mib 128] [--db-pool-size 10] [--version]
//
// The database methods of seed 001 use the PostgreSQL database of the environment
// variable BANCADA_DATABASE_URL (a libpq URI), through a pool of at most --db-pool-size
// connections; with the variable set, one connection is opened and checked before READY.
// Once listening it prints exactly one line on stdout,
//   READY {"implementation":"node-rest","protocol":"rest","bind":"127.0.0.1","port":43121,"pid":1234}
// and logs to stderr. SIGTERM or SIGINT stop it gracefully (hard stop after
// 5 s) with exit status 0. Exit status 1: could not listen (a port in use is
// named on stderr) or serve; 2: bad arguments, a BANCADA_DATABASE_URL that is not a
// libpq URI, or a database that cannot be reached (one line naming its host, port and
// database, never the password).

import { parseArgs } from "node:util";

import * as grpc from "@grpc/grpc-js";

import { Config, DEFAULT_MAX_MESSAGE_MIB, NAME, VERSION, runtime } from "./contract.js";
import { DEFAULT_POOL_SIZE, DatabaseStartError, DatabaseUrlError, describe, openDatabase } from "./database.js";
import { createGraphqlServer } from "./graphql.js";
import { createGrpcServer } from "./grpc.js";
import { createJsonRpcServer } from "./jsonrpc.js";
import { createRestServer } from "./rest.js";

export const PROTOCOLS = ["grpc", "rest", "jsonrpc", "graphql"];
const HTTP_SERVERS = { rest: createRestServer, jsonrpc: createJsonRpcServer, graphql: createGraphqlServer };

const STOP_GRACE_MS = 5000;

const log = (message) => process.stderr.write(`${new Date().toISOString()} bancada-worker-node: ${message}\n`);

class UsageError extends Error {}

class ListenError extends Error {}

function integer(value, flag, lo, hi) {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < lo || n > hi) throw new UsageError(`${flag} must be an integer in ${lo}..${hi}, got ${value}`);
  return n;
}

/** Parse the command line; throws UsageError. */
export function parseCommandLine(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      protocol: { type: "string" },
      bind: { type: "string", default: "127.0.0.1" },
      port: { type: "string", default: "0" },
      "delay-us": { type: "string", default: "0" },
      "max-message-mib": { type: "string", default: String(DEFAULT_MAX_MESSAGE_MIB) },
      "db-pool-size": { type: "string", default: String(DEFAULT_POOL_SIZE) },
      version: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.version) return { version: true };
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(" ")}`);
  if (!PROTOCOLS.includes(values.protocol)) {
    throw new UsageError(`--protocol must be one of ${PROTOCOLS.join(", ")}, got ${JSON.stringify(values.protocol ?? "")}`);
  }
  return {
    protocol: values.protocol,
    bind: values.bind,
    port: integer(values.port, "--port", 0, 65535),
    delayUs: integer(values["delay-us"], "--delay-us", 0, 2 ** 31),
    maxMessageMiB: integer(values["max-message-mib"], "--max-message-mib", 1, 2047),
    dbPoolSize: integer(values["db-pool-size"], "--db-pool-size", 1, 10000),
  };
}

function listenFailure(bind, port, err) {
  if (err && (err.code === "EADDRINUSE" || /EADDRINUSE/.test(err.message))) {
    return new ListenError(`port ${port} already in use on ${bind}`);
  }
  return new ListenError(`cannot listen on port ${port} of ${bind}: ${err ? err.message : "bind failed"}`);
}

async function serveHttp(opts, config) {
  const app = HTTP_SERVERS[opts.protocol](config);
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

async function serveGrpc(opts, config) {
  const server = createGrpcServer(config);
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

async function main(argv) {
  let opts;
  try {
    opts = parseCommandLine(argv);
  } catch (err) {
    process.stderr.write(`bancada-worker-node: ${err.message}\n`);
    return 2;
  }
  if (opts.version) {
    process.stdout.write(`bancada-worker-node ${VERSION} (${runtime()})\n`);
    return 0;
  }
  let database;
  try {
    database = await openDatabase(process.env.BANCADA_DATABASE_URL, opts.dbPoolSize);
  } catch (err) {
    if (!(err instanceof DatabaseUrlError || err instanceof DatabaseStartError)) throw err;
    process.stderr.write(`bancada-worker-node: ${err.message}\n`);
    return 2;
  }
  const config = new Config({ delayUs: opts.delayUs, maxMessageBytes: opts.maxMessageMiB * 2 ** 20, database });
  let serving;
  try {
    serving = await (opts.protocol === "grpc" ? serveGrpc : serveHttp)(opts, config);
  } catch (err) {
    await database.close();
    if (!(err instanceof ListenError)) throw err;
    process.stderr.write(`bancada-worker-node: ${err.message}\n`);
    return 1;
  }
  const stopped = new Promise((resolve) => { // handlers before READY: a SIGTERM right after it is a stop too
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
  const implementation = `${NAME}-${opts.protocol}`;
  const ready = { implementation, protocol: opts.protocol, bind: opts.bind, port: serving.port, pid: process.pid };
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`); // synchronous on pipes and files (Linux)
  log(`${implementation} serving on ${opts.bind} port ${serving.port} (limit ${opts.maxMessageMiB} MiB, delay ${opts.delayUs} µs)`);
  log(database.settings ? `${describe(database.settings)}, pool of at most ${opts.dbPoolSize} connections (Sequelize)`
    : "no database (BANCADA_DATABASE_URL is not set): the database methods answer UNAVAILABLE");
  const signal = await stopped;
  log(`${signal}: stopping (grace ${STOP_GRACE_MS / 1000} s)`);
  await serving.stop();
  await database.close();
  log("stopped");
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`bancada-worker-node: ${err.stack ?? err}\n`);
    process.exit(1);
  },
);
