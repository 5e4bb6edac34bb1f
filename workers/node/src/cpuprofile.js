// CPU profiles on request (Bancada's profiling, docs/profiling.md): SIGUSR2 toggles V8's
// sampling profiler through the in-process inspector (node:inspector, no port opened).
// The first SIGUSR2 starts it (V8's default interval, 1 ms); the next stops it and writes
// the profile (V8 .cpuprofile JSON, the format of `node --cpu-prof`) to
//   $BANCADA_CPU_PROFILE_DIR/cpu-<n>.cpuprofile     (default dir: $TMPDIR/bancada-cpu-<pid>)
// first as cpu-<n>.cpuprofile.tmp, then renamed, so a reader that sees the final name sees
// the whole file. n counts 1, 2, ... per worker process.

import { Session } from "node:inspector";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function cpuProfileDir() {
  return process.env.BANCADA_CPU_PROFILE_DIR || join(tmpdir(), `bancada-cpu-${process.pid}`);
}

/** Serve SIGUSR2 (start, then stop and write) until the process ends; log(message) reports failures. */
export function watchCpuProfile(log) {
  let session = null;
  let n = 0;
  process.on("SIGUSR2", () => {
    if (session === null) {
      n += 1;
      session = new Session();
      session.connect();
      session.post("Profiler.enable", () => session.post("Profiler.start"));
      return;
    }
    const running = session;
    const number = n;
    session = null;
    running.post("Profiler.stop", (err, result) => {
      running.disconnect();
      if (err) {
        log(`cpu profile: ${err.message}`);
        return;
      }
      try {
        const dir = cpuProfileDir();
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        const path = join(dir, `cpu-${number}.cpuprofile`);
        writeFileSync(`${path}.tmp`, JSON.stringify(result.profile));
        renameSync(`${path}.tmp`, path);
      } catch (e) {
        log(`cpu profile: ${e.message}`);
      }
    });
  });
}
