#!/usr/bin/env node
// Bancada's Node.js worker: one program serving the Bench contract
// (proto/bancada/v1/bench.proto) over the protocol chosen at start (protocols.js: the names).
//
//   node src/main.js --protocol NAME [--bind 127.0.0.1] [--port 0]
//                    [--delay-us 0] [--max-message-mib 128] [--db-pool-size 10] [--version]
//
// The database methods of seed 001 use the PostgreSQL database of the environment
// variable BANCADA_DATABASE_URL (a libpq URI), through a pool of at most --db-pool-size
// connections; with the variable set, one connection is opened and checked before READY.
// Once listening it prints exactly one line on stdout,
//   READY {"implementation":"node-rest","protocol":"rest","bind":"127.0.0.1","port":43121,"pid":1234}
// and logs to stderr. SIGTERM or SIGINT stop it gracefully (hard stop after
// 5 s) with exit status 0. SIGUSR2 starts, then stops and writes, a CPU profile
// (cpuprofile.js). Exit status 1: could not listen (a port in use is
// named on stderr) or serve; 2: bad arguments, a BANCADA_DATABASE_URL that is not a
// libpq URI, or a database that cannot be reached (one line naming its host, port and
// database, never the password).

import { Config, NAME, VERSION, runtime } from "./contract.js";
import { DEFAULT_POOL_SIZE, DatabaseStartError, DatabaseUrlError, describe, openDatabase } from "./database.js";
import { ListenError, STOP_GRACE_MS } from "./hosts.js";
import { parseCommandLine, printReady, runMain, stopSignal } from "./process.js";
import * as protocols from "./protocols.js";
import { watchCpuProfile } from "./cpuprofile.js";

const log = (message) => process.stderr.write(`${new Date().toISOString()} bancada-worker-node: ${message}\n`);

const OWN_OPTIONS = { "db-pool-size": { key: "dbPoolSize", default: DEFAULT_POOL_SIZE, lo: 1, hi: 10000 } };

async function main(argv) {
  let opts;
  try {
    opts = parseCommandLine(argv, protocols.names(), OWN_OPTIONS);
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
    serving = await protocols.serve(opts.protocol, config, opts);
  } catch (err) {
    await database.close();
    if (!(err instanceof ListenError)) throw err;
    process.stderr.write(`bancada-worker-node: ${err.message}\n`);
    return 1;
  }
  const stopped = stopSignal();
  watchCpuProfile(log);
  const implementation = printReady(NAME, opts.protocol, opts.bind, serving.port);
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

runMain("bancada-worker-node", main);
