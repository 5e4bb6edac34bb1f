// The database methods of seed 001 (bench.proto, "The database methods"), shared by every protocol
// of the Node.js worker: the contract's checks (what is refused writes nothing: the checks run before
// the database is touched) and the four operations on the worker's database (database.js). Answers
// are JSON rows (id a number, times RFC 3339 UTC strings, deleted_at null); gRPC writes them with
// grpcRow. A request the contract refuses throws InvalidArgument; a database that is missing or
// fails throws Unavailable.

import { InvalidArgument } from "./contract.js";
import { NoDatabase } from "./database.js";

export const LIMIT_MAX = 1000;
export const AGE_MAX = 200;
/** bench.proto's address check: one "@", no spaces, a local part, a domain with an inner dot. */
export const EMAIL = /^[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]$/;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const NO_DATABASE = new NoDatabase();

/** `limit` if it is an integer in 1..1000, else InvalidArgument. */
export function checkLimit(limit) {
  if (!(Number.isInteger(limit) && limit >= 1 && limit <= LIMIT_MAX)) {
    throw new InvalidArgument(`limit must be an integer in 1..${LIMIT_MAX}, got ${limit}`);
  }
  return limit;
}

const blank = (text) => text.trim() === "";

function checkAge(age) {
  if (!(Number.isInteger(age) && age >= 0 && age <= AGE_MAX)) {
    throw new InvalidArgument(`age must be an integer in 0..${AGE_MAX}, got ${age}`);
  }
}

/** A pet to insert, {name, age, type}, checked: name and type not blank, age in 0..200. */
export function checkPet(pet) {
  if (blank(pet.name)) throw new InvalidArgument("name is empty");
  if (blank(pet.type)) throw new InvalidArgument("type is empty");
  checkAge(pet.age);
  return pet;
}

/** A person to insert, checked: first and last name not blank, age in 0..200, email an address. */
export function checkPerson(person) {
  if (blank(person.first_name)) throw new InvalidArgument("first_name is empty");
  if (blank(person.last_name)) throw new InvalidArgument("last_name is empty");
  checkAge(person.age);
  if (!EMAIL.test(person.email)) {
    throw new InvalidArgument(`email is not an address (one @, no spaces, a domain with a dot): ${JSON.stringify(person.email)}`);
  }
  return person;
}

/** The four operations on typed, defaulted requests; `config.database` (none: every one is Unavailable). */
export function databaseOperations(config) {
  const db = () => config.database ?? NO_DATABASE;
  return {
    ListPets: async ({ limit }) => ({ pets: await db().listPets(checkLimit(limit)) }),
    ListPeople: async ({ limit }) => ({ people: await db().listPeople(checkLimit(limit)) }),
    CreatePet: async (req) => ({ pet: await db().createPet(checkPet(req)) }),
    CreatePerson: async (req) => ({ person: await db().createPerson(checkPerson(req)) }),
  };
}

// --- the JSON form (REST bodies, JSON-RPC params): missing fields take proto3 defaults ----------

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

function object(body, what) {
  if (body === undefined || body === null) return {};
  if (!isObject(body)) throw new InvalidArgument(`${what} is a JSON object`);
  return body;
}

function string(v, where) {
  if (typeof v !== "string") throw new InvalidArgument(`${where} must be a string`);
  return v;
}

function int32(v, where) {
  if (typeof v === "bigint" || !(typeof v === "number" && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX)) {
    throw new InvalidArgument(`${where} must be an int32 integer, got ${String(v)}`);
  }
  return v;
}

/** {limit} of a JSON list request (missing: 0, which the operation refuses). */
export function listFromJSON(body, what) {
  return { limit: int32(object(body, what).limit ?? 0, "limit") };
}

/** {name, age, type} of a JSON CreatePet request, with proto3 defaults. */
export function petFromJSON(body) {
  const { name = "", age = 0, type = "" } = object(body, "a create-pet request");
  return { name: string(name, "name"), age: int32(age, "age"), type: string(type, "type") };
}

/** The fields of a JSON CreatePerson request, with proto3 defaults. */
export function personFromJSON(body) {
  const req = object(body, "a create-person request");
  const out = { age: int32(req.age ?? 0, "age") };
  for (const field of ["first_name", "last_name", "email", "phone", "gender", "biography"]) {
    out[field] = string(req[field] ?? "", field);
  }
  return out;
}

/** REST's ?limit=N: a decimal integer (else InvalidArgument); missing: 0, which the operation refuses. */
export function limitFromQuery(value) {
  if (value === undefined) return { limit: 0 };
  if (typeof value !== "string" || !/^[+-]?\d{1,10}$/.test(value)) {
    throw new InvalidArgument(`limit must be a decimal integer in 1..${LIMIT_MAX}, got ${JSON.stringify(value)}`);
  }
  return { limit: Number(value) };
}

/**
 * rpc name -> {answer(params, config)}: the JSON form of each operation (JSON-RPC params by name,
 * REST bodies), answering the REST objects.
 */
export function jsonDatabaseMethods(config) {
  const ops = databaseOperations(config);
  return {
    ListPets: (params) => ops.ListPets(listFromJSON(params, "a list-pets request")),
    ListPeople: (params) => ops.ListPeople(listFromJSON(params, "a list-people request")),
    CreatePet: (params) => ops.CreatePet(petFromJSON(params)),
    CreatePerson: (params) => ops.CreatePerson(personFromJSON(params)),
  };
}

/** A JSON row as gRPC writes it: int64 id as a decimal string, deleted_at "" when null. */
export const grpcRow = (r) => ({ ...r, id: String(r.id), deleted_at: r.deleted_at ?? "" });
