// Command bancada-driver is Bancada's native load driver: it reads one job
// (JSON) on stdin and writes the frame stream of docs/driver-protocol.md on
// stdout; human text goes to stderr. It needs no files and is built static
// (CGO_ENABLED=0), so it runs as is on an SSH host.
package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"strconv"
	"syscall"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
	"github.com/bancada-lab/bancada/drivers/native/internal/run"
)

// Version of the driver.
const Version = "0.1.0"

func main() { os.Exit(Main(os.Stdin, os.Stdout)) }

// Main runs the driver and returns the exit code: 0 done, 2 the job cannot be
// honoured (an error event was written), 3 stdout failed.
func Main(stdin io.Reader, stdout io.Writer) int {
	for _, a := range os.Args[1:] {
		if a == "--version" || a == "-version" {
			fmt.Println("bancada-driver", Version)
			return 0
		}
	}
	if path := os.Getenv("BANCADA_DRIVER_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil {
			pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
	}
	t0 := time.Now()
	sink := frame.NewSink(stdout, 0, t0)
	sink.Event(map[string]any{"event": "hello", "driver": "native", "version": Version, "pid": os.Getpid(),
		"clock": "monotonic_ns", "go": runtime.Version()})
	data, err := io.ReadAll(stdin)
	if err != nil {
		return fatal(sink, "cannot read the job from stdin: "+err.Error())
	}
	j, err := job.Parse(data)
	if err != nil {
		return fatal(sink, err.Error())
	}
	sink.Sync()
	// Re-open the sink with the job's record cap (the hello is already out).
	sink.CloseQuiet()
	sink = frame.NewSink(stdout, j.MaxRecords(), t0)
	if len(j.UnknownKeys) > 0 {
		sink.Event(map[string]any{"event": "warning", "message": fmt.Sprintf("ignoring unknown job keys: %v", j.UnknownKeys)})
	}
	r := &run.Runner{Job: j, Sink: sink, T0: t0}
	if err := r.Prepare(); err != nil {
		return fatal(sink, err.Error())
	}
	if j.PrepareOnly {
		prepared := map[string]any{}
		for id, p := range r.Prepared {
			prepared[strconv.Itoa(id)] = p
		}
		sink.Event(map[string]any{"event": "prepared", "treatments": prepared})
		sink.Close(map[string]any{"prepare_only": true})
		if err := sink.Err(); err != nil {
			return 3
		}
		return 0
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		<-sigs
		fmt.Fprintln(os.Stderr, "bancada-driver: stopping after the requests in flight")
		r.Stop()
	}()
	extra, err := r.Run()
	if err != nil {
		return fatal(sink, err.Error())
	}
	sink.Close(extra)
	if err := sink.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "bancada-driver: writing frames:", err)
		return 3
	}
	return 0
}

func fatal(sink *frame.Sink, msg string) int {
	fmt.Fprintln(os.Stderr, "bancada-driver:", msg)
	sink.Event(map[string]any{"event": "error", "message": msg})
	sink.Sync()
	return 2
}
