#!/usr/bin/env node
// Bancada's restify worker (REST only), with every Bancada worker's command line:
//
//   node src/main.js --protocol rest [--bind 127.0.0.1] [--port 0] [--delay-us 0]
//                    [--max-message-mib 128] [--version]
//
// Once listening it prints exactly one READY line on stdout; SIGTERM or SIGINT
// stop it gracefully (hard stop after 5 s) with exit status 0. Exit status 1:
// could not listen (a port in use is named on stderr); 2: bad arguments.

import { Config, runtime } from "./shared/contract.js";
import { parseCommandLine, printReady, runMain, stopSignal } from "./shared/process.js";
import { NAME, VERSION, createRestServer } from "./rest.js";

const STOP_GRACE_MS = 5000;
const log = (message) => process.stderr.write(`${new Date().toISOString()} bancada-worker-restify: ${message}\n`);

function listen(server, bind, port) {
  return new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, bind, () => resolve(server.address().port));
  });
}

async function main(argv) {
  let opts;
  try {
    opts = parseCommandLine(argv, ["rest"]);
  } catch (err) {
    process.stderr.write(`bancada-worker-restify: ${err.message}\n`);
    return 2;
  }
  if (opts.version) {
    process.stdout.write(`bancada-worker-restify ${VERSION} (${runtime()})\n`);
    return 0;
  }
  const server = createRestServer(new Config({ delayUs: opts.delayUs, maxMessageBytes: opts.maxMessageMiB * 2 ** 20 }));
  let port;
  try {
    port = await listen(server, opts.bind, opts.port);
  } catch (err) {
    const why = err.code === "EADDRINUSE" ? "already in use" : `cannot be listened on: ${err.message}`;
    process.stderr.write(`bancada-worker-restify: port ${opts.port} ${why} on ${opts.bind}\n`);
    return 1;
  }
  const stopped = stopSignal();
  printReady(NAME, "rest", opts.bind, port);
  log(`${NAME}-rest serving on ${opts.bind} port ${port} (limit ${opts.maxMessageMiB} MiB, delay ${opts.delayUs} µs)`);
  const signal = await stopped;
  log(`${signal}: stopping (grace ${STOP_GRACE_MS / 1000} s)`);
  const timer = setTimeout(() => server.server.closeAllConnections(), STOP_GRACE_MS);
  server.server.closeIdleConnections();
  await new Promise((resolve) => server.close(resolve));
  clearTimeout(timer);
  log("stopped");
  return 0;
}

runMain("bancada-worker-restify", main);
