// The worker as a process: READY line, exit codes, errors on stderr, both protocols.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { connect, createServer } from "node:net";
import { createInterface } from "node:readline";
import { test } from "node:test";

const MAIN = new URL("../src/main.js", import.meta.url).pathname;

async function start(...args) {
  const proc = spawn(process.execPath, [MAIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const [line] = await once(createInterface({ input: proc.stdout }), "line");
  assert.match(line, /^READY /);
  return { proc, ready: JSON.parse(line.slice("READY ".length)) };
}

/** POST `body` on a plain TCP connection and return everything the server sent (or the socket error). */
function rawPost(port, path, body) {
  return new Promise((resolve) => {
    const chunks = [];
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      socket.end(body);
    });
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (err) => resolve(`${Buffer.concat(chunks)}${err.code}`));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString()));
  });
}

async function stop(proc) {
  const exited = once(proc, "exit");
  proc.kill("SIGTERM");
  const [code] = await exited;
  return code;
}

test("bad arguments exit 2", () => {
  for (const args of [["--protocol", "soap"], [], ["--protocol", "rest", "--port", "70000"], ["--nope"]]) {
    const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: "utf8" });
    assert.equal(r.status, 2, args.join(" "));
    assert.equal(r.stdout, "");
  }
});

test("a port in use exits 1 naming the port", async () => {
  const blocker = createServer().listen(0, "127.0.0.1");
  await once(blocker, "listening");
  const { port } = blocker.address();
  try {
    for (const protocol of ["grpc", "rest"]) {
      const r = spawnSync(process.execPath, [MAIN, "--protocol", protocol, "--port", String(port)], { encoding: "utf8" });
      assert.equal(r.status, 1, protocol);
      assert.match(r.stderr, new RegExp(`port ${port} already in use`));
      assert.doesNotMatch(r.stdout, /READY/);
    }
  } finally {
    blocker.close();
  }
});

test("REST answers with Server-Timing, the delay inside it, and stops with 0 on SIGTERM", async () => {
  const { proc, ready } = await start("--protocol", "rest", "--delay-us", "20000", "--max-message-mib", "1");
  try {
    assert.equal(ready.implementation, "node-rest");
    assert.equal(ready.pid, proc.pid);
    const resp = await fetch(`http://127.0.0.1:${ready.port}/v1/ping`);
    assert.equal(resp.status, 200);
    assert.match(resp.headers.get("content-type"), /^application\/json(; charset=utf-8)?$/);
    const ms = Number(resp.headers.get("server-timing").match(/^app;dur=(\d+\.\d{6})$/)[1]);
    assert.ok(ms >= 20, `server time ${ms} ms`);
    const bad = await fetch(`http://127.0.0.1:${ready.port}/v1/select`, { method: "POST", body: '{"values":[1,' });
    assert.equal(bad.status, 400);
    assert.ok((await bad.json()).error);
    assert.ok(bad.headers.get("server-timing"));
    assert.equal((await fetch(`http://127.0.0.1:${ready.port}/v1/nothing`)).status, 404);
    assert.equal((await fetch(`http://127.0.0.1:${ready.port}/v1/select`)).status, 405);
    // Above the limit: the body is read to its end and dropped, so the client gets the 413, not a broken pipe.
    const answer = await rawPost(ready.port, "/v1/echo", `{"int64s":[${"1,".repeat(8 << 20)}1]}`);
    assert.match(answer, /^HTTP\/1\.1 413 /);
    assert.match(answer, /above the limit of 1048576 bytes/);
  } finally {
    assert.equal(await stop(proc), 0);
  }
});

test("gRPC starts, names itself and stops with 0 on SIGTERM", async () => {
  const { proc, ready } = await start("--protocol", "grpc");
  assert.equal(ready.implementation, "node-grpc");
  assert.ok(ready.port > 0);
  assert.equal(await stop(proc), 0);
});
