// The gRPC server: @grpc/grpc-js, the service definition loaded from
// proto/bancada/v1/bench.proto by @grpc/proto-loader.
//
// Each method's request deserializer is wrapped: it starts the server-time
// span before it decodes the bytes and never throws, handing the handler the
// start time with the message or the decode error. So unmarshalling is inside
// the span, and bytes that are not a valid message become INVALID_ARGUMENT
// (grpc-js would otherwise answer INTERNAL). The span ends when the answer's
// object is ready and travels as the `server-timing` trailing metadata, on
// errors too. int64 fields are decimal strings (proto-loader's longs: String),
// so no value beyond ±2^53 is rounded.

import { fileURLToPath } from "node:url";

import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";

import * as contract from "./contract.js";
import * as ops from "./operations.js";
import { InvalidArgument, Unavailable, nowNs, serverTiming } from "./contract.js";
import { databaseOperations, grpcRow } from "./pet_person.js";

export const PROTO_PATH = fileURLToPath(new URL("../../../proto/bancada/v1/bench.proto", import.meta.url));
const LOADER_OPTIONS = { longs: String, enums: String, defaults: false, arrays: true, oneofs: true };
const ECHO_KINDS = ["int64s", "doubles", "strings", "records"];

/** The Bench service definition with timing, never-throwing request deserializers. */
export function timedService() {
  const definition = protoLoader.loadSync(PROTO_PATH, LOADER_OPTIONS);
  const service = definition["bancada.v1.Bench"];
  const timed = {};
  for (const [name, method] of Object.entries(service)) {
    const decode = method.requestDeserialize;
    timed[name] = {
      ...method,
      requestDeserialize: (buffer) => {
        const startNs = nowNs();
        try {
          return { startNs, message: decode(buffer) };
        } catch (err) {
          return { startNs, error: err };
        }
      },
    };
  }
  return timed;
}

/** The contract's operations on decoded messages; InvalidArgument for what the contract rejects. */
export function operations(config) {
  const info = contract.info("grpc");
  const db = databaseOperations(config);
  return {
    Ping: async () => {
      await config.pause();
      return {};
    },
    Select: async (req) => {
      await config.pause();
      return contract.select(req.values, req.k ?? 0, req.seed);
    },
    Echo: async (req) => {
      const kind = ECHO_KINDS.includes(req.payload) ? req.payload : undefined;
      if (kind === undefined) {
        throw new InvalidArgument("echo needs exactly one payload kind: int64s, doubles, strings or records");
      }
      await config.pause();
      const values = req[kind].values;
      return req.echo ? { count: values.length, [kind]: req[kind] } : { count: values.length };
    },
    Info: async () => info,
    // The six methods of seed 002 (operations.js). int64 fields are decimal strings here.
    Void: async () => ({}),
    Double: async (req) => ({ value: String(ops.double(req.value ?? "0")) }),
    Sum: async (req) => ({ sum: String(ops.sumValues(req.values ?? [])) }),
    PowerOfTwo: async (req) => ({ power: ops.powerOfTwo(req.text ?? "") }),
    Recolor: async (req) => ({ car: ops.recolor(req.car && carWithDefaults(req.car), req.colour ?? "") }),
    MatMul: async (req) => ({ product: ops.matMul(req.a && matrixWithDefaults(req.a), req.b && matrixWithDefaults(req.b)) }),
    // The database methods of seed 001 (pet_person.js); Unavailable when there is no database or it fails.
    ListPets: async (req) => ({ pets: (await db.ListPets({ limit: req.limit ?? 0 })).pets.map(message) }),
    ListPeople: async (req) => ({ people: (await db.ListPeople({ limit: req.limit ?? 0 })).people.map(message) }),
    CreatePet: async (req) => ({ pet: message((await db.CreatePet(petWithDefaults(req))).pet) }),
    CreatePerson: async (req) => ({ person: message((await db.CreatePerson(personWithDefaults(req))).person) }),
  };
}

// proto-loader leaves fields at their default value out (defaults: false): put them back.
const carWithDefaults = (c) => ({
  brand: c.brand ?? "", model: c.model ?? "", year: c.year ?? 0, colour: c.colour ?? "", price: c.price ?? 0,
  extras: c.extras ?? [],
});
const matrixWithDefaults = (m) => ({ order: m.order ?? 0, values: m.values ?? [] });
const petWithDefaults = (p) => ({ name: p.name ?? "", age: p.age ?? 0, type: p.type ?? "" });
// proto-loader names fields in camelCase (no keepCase): first_name arrives as firstName.
const personWithDefaults = (p) => ({
  first_name: p.firstName ?? "", last_name: p.lastName ?? "", email: p.email ?? "", age: p.age ?? 0,
  phone: p.phone ?? "", gender: p.gender ?? "", biography: p.biography ?? "",
});
const camelCase = (name) => name.replace(/_([a-z])/g, (_m, c) => c.toUpperCase());
/** A JSON row as a gRPC message object: id a decimal string, deleted_at "" when null, camelCase names. */
const message = (r) => Object.fromEntries(Object.entries(grpcRow(r)).map(([k, v]) => [camelCase(k), v]));

/** The gRPC status of an operation's error: INVALID_ARGUMENT, UNAVAILABLE or INTERNAL. */
function statusOf(err) {
  if (err instanceof InvalidArgument) return grpc.status.INVALID_ARGUMENT;
  if (err instanceof Unavailable) return grpc.status.UNAVAILABLE;
  return grpc.status.INTERNAL;
}

function timedHandler(operation) {
  return (call, callback) => {
    const { startNs, message, error } = call.request;
    const trailer = (done) => {
      const metadata = new grpc.Metadata();
      metadata.set("server-timing", serverTiming(nowNs() - startNs));
      return done(metadata);
    };
    if (error !== undefined) {
      trailer((metadata) => callback({ code: grpc.status.INVALID_ARGUMENT,
        details: `request is not a valid protobuf message: ${error.message}`, metadata }));
      return;
    }
    operation(message).then(
      (resp) => trailer((metadata) => callback(null, resp, metadata)),
      (err) => trailer((metadata) => callback({
        code: statusOf(err),
        details: err.message, metadata })),
    );
  };
}

/** A grpc-js Server serving bancada.v1.Bench with `config` (a contract.Config); not bound yet. */
export function createGrpcServer(config) {
  const server = new grpc.Server({
    "grpc.max_receive_message_length": config.maxMessageBytes,
    "grpc.max_send_message_length": config.maxMessageBytes,
  });
  const ops = operations(config);
  const handlers = Object.fromEntries(Object.entries(ops).map(([name, op]) => [name, timedHandler(op)]));
  server.addService(timedService(), handlers);
  return server;
}
