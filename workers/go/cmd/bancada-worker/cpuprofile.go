package main

// CPU profiles on request (Bancada's profiling, docs/profiling.md): SIGUSR2
// toggles Go's runtime/pprof CPU profiler. The first SIGUSR2 starts it (100
// samples per second, the runtime's default rate); the next stops it and
// writes the profile (pprof protobuf, gzipped) to
//
//	$BANCADA_CPU_PROFILE_DIR/cpu-<n>.pb.gz     (default dir: $TMPDIR/bancada-cpu-<pid>)
//
// first as cpu-<n>.pb.gz.tmp, then renamed, so a reader that sees the final
// name sees the whole file. n counts 1, 2, ... per worker process.

import (
	"fmt"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"syscall"
)

// cpuProfileDir is where the profiles go: BANCADA_CPU_PROFILE_DIR, or a folder
// named after the process in the temporary directory.
func cpuProfileDir() string {
	if dir := os.Getenv("BANCADA_CPU_PROFILE_DIR"); dir != "" {
		return dir
	}
	return filepath.Join(os.TempDir(), "bancada-cpu-"+strconv.Itoa(os.Getpid()))
}

// watchCPUProfile serves SIGUSR2 (start, then stop and write) until the process ends.
func watchCPUProfile(logger *log.Logger) {
	toggles := make(chan os.Signal, 4)
	signal.Notify(toggles, syscall.SIGUSR2)
	go func() {
		dir := cpuProfileDir()
		var out *os.File
		n := 0
		for range toggles {
			if out == nil {
				n++
				if err := os.MkdirAll(dir, 0o700); err != nil {
					logger.Printf("cpu profile: %v", err)
					continue
				}
				f, err := os.Create(filepath.Join(dir, fmt.Sprintf("cpu-%d.pb.gz.tmp", n)))
				if err != nil {
					logger.Printf("cpu profile: %v", err)
					continue
				}
				if err := pprof.StartCPUProfile(f); err != nil {
					logger.Printf("cpu profile: %v", err)
					f.Close()
					continue
				}
				out = f
				continue
			}
			pprof.StopCPUProfile()
			name := out.Name()
			if err := out.Close(); err != nil {
				logger.Printf("cpu profile: %v", err)
			} else if err := os.Rename(name, name[:len(name)-len(".tmp")]); err != nil {
				logger.Printf("cpu profile: %v", err)
			}
			out = nil
		}
	}()
}
