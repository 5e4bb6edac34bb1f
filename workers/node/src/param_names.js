// The JSON-RPC params' names, method by method, as the contract's request messages define them
// (proto/bancada/v1/bench.proto, in the JSON names of the REST bodies). The REST worker ignores
// unknown JSON keys (as the Go and Python REST workers do), but a JSON-RPC call with a param name
// its method does not define is invalid params (-32602, workers/README.md), at every depth:
// Double {"nope": 1}, Recolor with a car key that Car has not.

const RECORD = { id: null, value: null, name: null, tags: null };
const CAR = { brand: null, model: null, year: null, colour: null, price: null, extras: null };
const MATRIX = { order: null, values: null };

/** method -> {name: the nested names of an object value, [names] of a list's objects, or null}. */
export const PARAM_NAMES = {
  Ping: {},
  Info: {},
  Void: {},
  Select: { values: null, k: null, seed: null },
  Echo: { int64s: null, doubles: null, strings: null, records: [RECORD], echo: null },
  Double: { value: null },
  Sum: { values: null },
  PowerOfTwo: { text: null },
  Recolor: { car: CAR, colour: null },
  MatMul: { a: MATRIX, b: MATRIX },
  ListPets: { limit: null },
  ListPeople: { limit: null },
  CreatePet: { name: null, age: null, type: null },
  CreatePerson: { first_name: null, last_name: null, email: null, age: null, phone: null, gender: null, biography: null },
};

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

function unknown(value, names, path) {
  if (Array.isArray(names)) return Array.isArray(value) ? value.flatMap((item) => unknown(item, names[0], path)) : [];
  if (names === null || !isObject(value)) return []; // a wrong type is the method's own check
  return Object.keys(value).flatMap((key) =>
    Object.hasOwn(names, key) ? unknown(value[key], names[key], `${path}${key}.`) : [`${path}${key}`]);
}

/** The names in `params` (parsed JSON, by name) that `method` does not define, nested ones as dotted paths. */
export function unknownNames(method, params) {
  const names = PARAM_NAMES[method];
  return names === undefined ? [] : unknown(params ?? {}, names, "");
}
