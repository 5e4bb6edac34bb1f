// The database methods of seed 001 without PostgreSQL: the contract's checks, the answers when there is
// no database (UNAVAILABLE on every protocol) or it refuses connections, BANCADA_DATABASE_URL's parsing
// and the worker's start with a database it cannot reach. With a real PostgreSQL:
// tests/integration/test_db_node.py.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { test } from "node:test";

import { execute, parse } from "graphql";
import sequelizePkg from "sequelize";

import { Config, InvalidArgument, Unavailable } from "../src/contract.js";
import { Database, DatabaseUrlError, NO_DATABASE, NoDatabase, parseDatabaseUrl } from "../src/database.js";
import { loadSchema, rootValue } from "../src/graphql.js";
import { operations } from "../src/grpc.js";
import { SERVER_ERROR, createJsonRpcServer } from "../src/jsonrpc.js";
import { checkLimit, checkPerson, checkPet, limitFromQuery, personFromJSON, petFromJSON } from "../src/pet_person.js";
import { createRestServer } from "../src/rest.js";

const MAIN = new URL("../src/main.js", import.meta.url).pathname;
const PET = { name: "Rex", age: 3, type: "dog" };
const PERSON = { first_name: "Ana", last_name: "Lima", email: "ana@example.com", age: 30, phone: "", gender: "", biography: "" };

test("limits: 1..1000 pass, anything else is refused", () => {
  for (const limit of [1, 10, 100, 1000]) assert.equal(checkLimit(limit), limit);
  for (const limit of [0, -1, 1001, 1.5, NaN, undefined]) assert.throws(() => checkLimit(limit), InvalidArgument, String(limit));
  assert.deepEqual(limitFromQuery("10"), { limit: 10 });
  assert.deepEqual(limitFromQuery(undefined), { limit: 0 });
  for (const text of ["ten", "1.5", "", " 1", "1e3", "99999999999", ["1", "2"]]) {
    assert.throws(() => limitFromQuery(text), InvalidArgument, JSON.stringify(text));
  }
});

test("pets and people: the contract's checks", () => {
  assert.deepEqual(checkPet({ ...PET }), PET);
  assert.deepEqual(checkPet({ ...PET, age: 0 }), { ...PET, age: 0 });
  assert.deepEqual(checkPet({ ...PET, age: 200 }), { ...PET, age: 200 });
  for (const bad of [{ name: "" }, { name: " \t" }, { type: "" }, { type: "  " }, { age: -1 }, { age: 201 }]) {
    assert.throws(() => checkPet({ ...PET, ...bad }), InvalidArgument, JSON.stringify(bad));
  }
  for (const email of ["a@b.co", "ana.lima+x@mail.example.com", "x@a.b"]) checkPerson({ ...PERSON, email });
  for (const email of ["", "ana", "ana@example", "ana lima@example.com", "ana@@example.com", "@example.com",
    "ana@.example.com", "ana@example.com.", "ana@example..com.", "ana@exa mple.com"]) {
    assert.throws(() => checkPerson({ ...PERSON, email }), InvalidArgument, email);
  }
  for (const bad of [{ first_name: " " }, { last_name: "" }, { age: -5 }, { age: 300 }]) {
    assert.throws(() => checkPerson({ ...PERSON, ...bad }), InvalidArgument, JSON.stringify(bad));
  }
});

test("the JSON form: proto3 defaults, wrong types refused", () => {
  assert.deepEqual(petFromJSON({}), { name: "", age: 0, type: "" });
  assert.deepEqual(personFromJSON({ first_name: "A" }).email, "");
  for (const body of [{ name: 1 }, { age: "3" }, { age: 1.5 }, { age: 2 ** 31 }, [PET], "Rex"]) {
    assert.throws(() => petFromJSON(body), InvalidArgument, JSON.stringify(body));
  }
  assert.throws(() => personFromJSON({ ...PERSON, biography: ["x"] }), InvalidArgument);
});

test("BANCADA_DATABASE_URL: a libpq URI; errors never repeat the password", () => {
  assert.deepEqual(parseDatabaseUrl("postgresql://bench:p%40ss@db.example:5433/petshop"), {
    host: "db.example", port: 5433, database: "petshop", username: "bench", password: "p@ss", ssl: false,
    connectTimeoutMs: 5000, queryTimeoutMs: 30000, applicationName: "bancada-worker-node",
  });
  const s = parseDatabaseUrl("postgres://bench@[::1]/?sslmode=require&connect_timeout=2&host=/run/pg");
  assert.deepEqual([s.host, s.port, s.database, s.password, s.connectTimeoutMs], ["/run/pg", 5432, "bench", undefined, 2000]);
  assert.deepEqual(s.ssl, { rejectUnauthorized: false });
  for (const url of ["not a url", "mysql://u:secret@h/db", "postgresql://:secret@h/db", "postgresql://u:secret@h:0/db",
    "postgresql://u:secret@h/db?sslmode=maybe", "postgresql://u:secret@h/db?target_session_attrs=any"]) {
    assert.throws(() => parseDatabaseUrl(url), (err) => err instanceof DatabaseUrlError && !err.message.includes("secret"), url);
  }
});

test("without a database the four methods are UNAVAILABLE on REST; invalid input is still a 400", async () => {
  const app = createRestServer(new Config());
  try {
    for (const url of ["/v1/pets?limit=10", "/v1/people?limit=1000"]) {
      const r = await app.inject({ method: "GET", url });
      assert.equal(r.statusCode, 503, url);
      assert.deepEqual(r.json(), { error: NO_DATABASE });
      assert.match(r.headers["server-timing"], /^app;dur=/);
    }
    for (const [url, body] of [["/v1/pets", PET], ["/v1/people", PERSON]]) {
      const r = await app.inject({ method: "POST", url, payload: JSON.stringify(body) });
      assert.equal(r.statusCode, 503, url);
    }
    assert.equal((await app.inject({ method: "GET", url: "/v1/pets?limit=0" })).statusCode, 400);
    assert.equal((await app.inject({ method: "POST", url: "/v1/pets", payload: '{"name":"","type":"dog"}' })).statusCode, 400);
    const wrong = await app.inject({ method: "DELETE", url: "/v1/pets" });
    assert.equal(wrong.statusCode, 405);
    assert.equal(wrong.headers.allow, "GET, POST");
    assert.equal((await app.inject({ method: "GET", url: "/v1/ping" })).statusCode, 200);
  } finally {
    await app.close();
  }
});

test("without a database: JSON-RPC -32000, gRPC UNAVAILABLE, GraphQL extensions.code UNAVAILABLE", async () => {
  const app = createJsonRpcServer(new Config());
  try {
    const call = async (method, params) => (await app.inject({ method: "POST", url: "/v1/jsonrpc",
      payload: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })).json();
    assert.deepEqual((await call("ListPets", { limit: 10 })).error, { code: SERVER_ERROR, message: NO_DATABASE });
    assert.equal((await call("CreatePerson", PERSON)).error.code, SERVER_ERROR);
    assert.equal((await call("ListPeople", { limit: 1001 })).error.code, -32602);
    assert.equal((await call("CreatePet", { ...PET, age: -1 })).error.code, -32602);
  } finally {
    await app.close();
  }
  const ops = operations(new Config());
  await assert.rejects(ops.ListPets({ limit: 10 }), Unavailable);
  await assert.rejects(ops.CreatePerson({ firstName: "Ana", lastName: "Lima", email: "ana@example.com" }), Unavailable);
  await assert.rejects(ops.ListPeople({}), InvalidArgument); // a missing limit is 0
  await assert.rejects(ops.CreatePet({ name: "Rex" }), InvalidArgument); // a missing type is ""

  const schema = loadSchema();
  const root = rootValue(new Config());
  const run = async (document, variables) => execute({ schema, document: parse(document), rootValue: root, variableValues: variables });
  const listed = await run("query($limit: Int!) { pets(limit: $limit) { id } }", { limit: 10 });
  assert.equal(listed.errors[0].originalError.constructor, Unavailable);
  assert.equal(listed.errors[0].message, NO_DATABASE);
  const refused = await run("mutation($input: PetInput!) { createPet(input: $input) { id } }", { input: { ...PET, age: -1 } });
  assert.equal(refused.errors[0].originalError.constructor, InvalidArgument);
});

async function closedPort() {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

test("a database that refuses connections: the methods are UNAVAILABLE with the reason", async () => {
  const port = await closedPort();
  const db = new Database(sequelizePkg, parseDatabaseUrl(`postgresql://u:secret@127.0.0.1:${port}/x`), 1);
  try {
    await assert.rejects(db.listPets(10), (err) => err instanceof Unavailable && /ECONNREFUSED/.test(err.message));
    const config = new Config({ database: db });
    await assert.rejects(operations(config).CreatePet(PET), Unavailable);
    await assert.rejects(db.authenticate(), (err) => err.message.includes(`x on 127.0.0.1 port ${port}`) && !err.message.includes("secret"));
  } finally {
    await db.close();
  }
  await assert.rejects(new NoDatabase().createPerson(PERSON), Unavailable);
});

test("the worker: --db-pool-size is checked; an unreachable database exits 2 with one line", async () => {
  for (const size of ["0", "x", "-1"]) {
    const r = spawnSync(process.execPath, [MAIN, "--protocol", "rest", "--db-pool-size", size], { encoding: "utf8" });
    assert.equal(r.status, 2, size);
    assert.match(r.stderr, /--db-pool-size/);
  }
  const port = await closedPort();
  const env = { ...process.env, BANCADA_DATABASE_URL: `postgresql://bench:secret@127.0.0.1:${port}/petshop` };
  const r = spawnSync(process.execPath, [MAIN, "--protocol", "grpc", "--db-pool-size", "3"], { encoding: "utf8", env });
  assert.equal(r.status, 2);
  assert.equal(r.stdout, "");
  assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
  assert.match(r.stderr, new RegExp(`database petshop on 127\\.0\\.0\\.1 port ${port}: connect ECONNREFUSED`));
  assert.doesNotMatch(r.stderr, /secret/);
  const bad = spawnSync(process.execPath, [MAIN, "--protocol", "rest"], { encoding: "utf8", env: { ...env, BANCADA_DATABASE_URL: "mysql://u:secret@h/db" } });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /postgresql:\/\//);
  assert.doesNotMatch(bad.stderr, /secret/);
});
