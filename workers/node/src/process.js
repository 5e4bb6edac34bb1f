// What every Node.js-hosted Bancada worker does as a process (this worker and the restify
// worker, which copies this file at build): the command line, the READY line and the wait for
// SIGTERM or SIGINT.
//
//   --protocol NAME [--bind 127.0.0.1] [--port 0] [--delay-us 0] [--max-message-mib 128] [--version]
//
// plus each worker's own integer options.

import { parseArgs } from "node:util";

import { DEFAULT_MAX_MESSAGE_MIB } from "./contract.js";

/** A command line the worker refuses (exit status 2; the message names the flag). */
export class UsageError extends Error {}

function integer(value, flag, lo, hi) {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < lo || n > hi) throw new UsageError(`${flag} must be an integer in ${lo}..${hi}, got ${value}`);
  return n;
}

/**
 * Parse `argv` for a worker serving `protocols` (names). `integers` are this worker's own
 * integer options: flag name -> {key, default, lo, hi}, each checked after the common ones.
 * Returns {version: true}, or {protocol, bind, port, delayUs, maxMessageMiB, ...the integers by key}.
 * Throws UsageError.
 */
export function parseCommandLine(argv, protocols, integers = {}) {
  const own = Object.fromEntries(Object.entries(integers).map(([flag, o]) => [flag, { type: "string", default: String(o.default) }]));
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      protocol: { type: "string" },
      bind: { type: "string", default: "127.0.0.1" },
      port: { type: "string", default: "0" },
      "delay-us": { type: "string", default: "0" },
      "max-message-mib": { type: "string", default: String(DEFAULT_MAX_MESSAGE_MIB) },
      ...own,
      version: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.version) return { version: true };
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(" ")}`);
  if (!protocols.includes(values.protocol)) {
    const allowed = protocols.length === 1 ? protocols[0] : `one of ${protocols.join(", ")}`;
    throw new UsageError(`--protocol must be ${allowed}, got ${JSON.stringify(values.protocol ?? "")}`);
  }
  const opts = {
    protocol: values.protocol,
    bind: values.bind,
    port: integer(values.port, "--port", 0, 65535),
    delayUs: integer(values["delay-us"], "--delay-us", 0, 2 ** 31),
    maxMessageMiB: integer(values["max-message-mib"], "--max-message-mib", 1, 2047),
  };
  for (const [flag, o] of Object.entries(integers)) opts[o.key] = integer(values[flag], `--${flag}`, o.lo, o.hi);
  return opts;
}

/**
 * The signal that stops the worker, as a promise of its name ("SIGTERM" or "SIGINT"). Made
 * before READY is printed, so a SIGTERM right after it is a stop too.
 */
export function stopSignal() {
  return new Promise((resolve) => {
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
}

/**
 * Print the READY line of worker `name` serving `protocol` on stdout (synchronous on pipes and
 * files on Linux); the field order is the documented one. Returns the implementation id.
 */
export function printReady(name, protocol, bind, port) {
  const implementation = `${name}-${protocol}`;
  const ready = { implementation, protocol, bind, port, pid: process.pid };
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
  return implementation;
}

/** Run `main(argv)` and exit with its status; an unexpected error is logged on stderr with `prog`, status 1. */
export function runMain(prog, main) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`${prog}: ${err.stack ?? err}\n`);
      process.exit(1);
    },
  );
}
