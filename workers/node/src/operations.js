// The six methods of the RPC study (seed 002) as bench.proto defines them, shared by
// every protocol of the Node.js worker, and their JSON form (REST bodies, JSON-RPC
// params). int64 values are numbers when safe and BigInts beyond ±2^53 (json.js);
// what the contract rejects throws InvalidArgument. Vectors: proto/bancada/v1/method_vectors.json.

import { INT64_MAX, INT64_MIN, InvalidArgument, UINT32_MAX } from "./contract.js";
import { isInt64 } from "./json.js";

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** An int64 as a number when it is safe, else a BigInt (what the JSON-based protocols' layers write). */
export const int64Value = (big) => (big >= -(2n ** 53n - 1n) && big <= 2n ** 53n - 1n ? Number(big) : big);

function inInt64(big, what) {
  if (big < INT64_MIN || big > INT64_MAX) throw new InvalidArgument(`${what} is outside int64`);
  return int64Value(big);
}

/** value * 2; a product outside int64 throws InvalidArgument (never wraps). */
export const double = (value) => inInt64(BigInt(value) * 2n, `double of ${value}`);

/** The exact (mathematical) sum of int64 values; a total outside int64 throws InvalidArgument. */
export function sumValues(values) {
  let total = 0n;
  for (const v of values) total += BigInt(v);
  return inInt64(total, `the sum ${total}`);
}

/** The number of Unicode code points of `text` (a surrogate pair is one). */
export function codePoints(text) {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The smallest power of two >= the length of `text` in code points, in decimal (n = 0 -> "1"). */
export function powerOfTwo(text) {
  const n = codePoints(text);
  let power = 1;
  while (power < n) power *= 2;
  return String(power);
}

/** The same car with `colour`; no car or an empty colour throws InvalidArgument. */
export function recolor(car, colour) {
  if (car === undefined || car === null) throw new InvalidArgument("recolor needs a car");
  if (!colour) throw new InvalidArgument("the new colour is empty");
  return { ...car, colour };
}

function checkMatrix(name, m) {
  if (m === undefined || m === null) throw new InvalidArgument(`${name} is missing`);
  if (!(m.order >= 1)) throw new InvalidArgument(`${name}: order must be at least 1, got ${m.order}`);
  if (m.values.length !== m.order * m.order) {
    throw new InvalidArgument(`${name}: order ${m.order} needs ${m.order * m.order} values, got ${m.values.length}`);
  }
}

/**
 * a x b of square row-major matrices {order, values}: each entry summed from 0.0 in k
 * order, each product rounded before the addition (JavaScript never fuses a multiply-add).
 */
export function matMul(a, b) {
  checkMatrix("a", a);
  checkMatrix("b", b);
  const n = a.order;
  if (b.order !== n) throw new InvalidArgument(`a is ${n}x${n}, b is ${b.order}x${b.order}: orders differ`);
  const av = Float64Array.from(a.values);
  const bv = Float64Array.from(b.values);
  const product = new Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let p = 0.0;
      for (let k = 0; k < n; k++) p = p + av[i * n + k] * bv[k * n + j];
      product[i * n + j] = p;
    }
  }
  return { order: n, values: product };
}

// --- the JSON form: missing fields take proto3 defaults; unknown keys are ignored ---------------

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

function object(body, what) {
  if (body === undefined || body === null) return {};
  if (!isObject(body)) throw new InvalidArgument(`${what} is a JSON object`);
  return body;
}

function int64(v, where) {
  if (!isInt64(v)) throw new InvalidArgument(`${where} is not an int64: ${String(v)}`);
  return v;
}

function int64s(v, where) {
  if (!Array.isArray(v)) throw new InvalidArgument(`${where} must be an array of int64`);
  for (let i = 0; i < v.length; i++) int64(v[i], `${where}[${i}]`);
  return v;
}

function string(v, where) {
  if (typeof v !== "string") throw new InvalidArgument(`${where} must be a string`);
  return v;
}

function number(v, where) {
  if (typeof v === "bigint") return Number(v);
  if (typeof v !== "number") throw new InvalidArgument(`${where} must be a number`);
  return v;
}

function integer(v, where, lo, hi) {
  if (!(typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi)) {
    throw new InvalidArgument(`${where} must be an integer in ${lo}..${hi}`);
  }
  return v;
}

/** A car object of the JSON form, with every field (defaults for the missing ones). */
export function carFromJSON(c, where = "car") {
  if (c === undefined || c === null) return undefined;
  if (!isObject(c)) throw new InvalidArgument(`${where} must be an object`);
  const { brand = "", model = "", year = 0, colour = "", price = 0, extras = [] } = c;
  if (!Array.isArray(extras)) throw new InvalidArgument(`${where}.extras must be an array of strings`);
  return {
    brand: string(brand, `${where}.brand`),
    model: string(model, `${where}.model`),
    year: integer(year, `${where}.year`, INT32_MIN, INT32_MAX),
    colour: string(colour, `${where}.colour`),
    price: number(price, `${where}.price`),
    extras: extras.map((e, i) => string(e, `${where}.extras[${i}]`)),
  };
}

function matrixFromJSON(m, where) {
  if (m === undefined || m === null) return undefined;
  if (!isObject(m)) throw new InvalidArgument(`${where} must be an object`);
  const { order = 0, values = [] } = m;
  if (!Array.isArray(values)) throw new InvalidArgument(`${where}.values must be an array of numbers`);
  return {
    order: integer(order, `${where}.order`, 0, UINT32_MAX),
    values: values.map((v, i) => number(v, `${where}.values[${i}]`)),
  };
}

/** name (the rpc name) -> {path (REST), answer(body): the JSON answer of a parsed body}. */
export const JSON_METHODS = {
  Void: { path: "/v1/void", answer: (body) => (object(body, "a void request"), {}) },
  Double: { path: "/v1/double", answer: (body) => ({ value: double(int64(object(body, "a double request").value ?? 0, "value")) }) },
  Sum: { path: "/v1/sum", answer: (body) => ({ sum: sumValues(int64s(object(body, "a sum request").values ?? [], "values")) }) },
  PowerOfTwo: {
    path: "/v1/power-of-two",
    answer: (body) => ({ power: powerOfTwo(string(object(body, "a power-of-two request").text ?? "", "text")) }),
  },
  Recolor: {
    path: "/v1/recolor",
    answer: (body) => {
      const req = object(body, "a recolor request");
      return { car: recolor(carFromJSON(req.car), string(req.colour ?? "", "colour")) };
    },
  },
  MatMul: {
    path: "/v1/matmul",
    answer: (body) => {
      const req = object(body, "a matmul request");
      return { product: matMul(matrixFromJSON(req.a, "a"), matrixFromJSON(req.b, "b")) };
    },
  },
};
