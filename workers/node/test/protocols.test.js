// The protocol registry (src/protocols.js): the four protocols in their order, and a protocol
// added through register() alone is served by the worker's own main with its command line.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { test } from "node:test";

import * as protocols from "../src/protocols.js";

const SRC = new URL("../src/", import.meta.url).href;

// Registers a plain-text protocol on Fastify, then runs src/main.js with this process's arguments.
const LAUNCH = `
import Fastify from "fastify";
import { register } from "${SRC}protocols.js";
import { serveFastify } from "${SRC}hosts.js";
register("plaintext", (config) => {
  const app = Fastify();
  app.get("/", async () => "plaintext " + config.maxMessageBytes);
  return app;
}, serveFastify);
process.argv.splice(1, 0, "plaintext-launch"); // main.js reads process.argv.slice(2)
await import("${SRC}main.js");
`;

test("the registry holds the four protocols in their order", () => {
  assert.deepEqual(protocols.names(), ["grpc", "rest", "jsonrpc", "graphql"]);
  assert.throws(() => protocols.register("rest", () => null, () => null), /"rest" is registered twice/);
});

test("a protocol added through the registry alone is served", async () => {
  const proc = spawn(process.execPath, ["--input-type=module", "-e", LAUNCH, "--", "--protocol", "plaintext", "--max-message-mib", "2"],
    { stdio: ["ignore", "pipe", "pipe"], cwd: new URL("..", import.meta.url).pathname });
  const [line] = await once(createInterface({ input: proc.stdout }), "line");
  const ready = JSON.parse(line.slice("READY ".length));
  assert.equal(ready.implementation, "node-plaintext");
  assert.equal(ready.protocol, "plaintext");
  const answer = await fetch(`http://127.0.0.1:${ready.port}/`);
  assert.equal(await answer.text(), "plaintext 2097152");
  const exited = once(proc, "exit");
  proc.kill("SIGTERM");
  assert.equal((await exited)[0], 0);
});
