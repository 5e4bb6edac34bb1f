// Command bancada-worker is the Go worker of Bancada: one program serving the
// Bench contract (proto/bancada/v1/bench.proto) over the protocol chosen at
// start (one of package servers' registry).
//
//	bancada-worker --protocol <name> [--bind 127.0.0.1] [--port 0]
//	               [--delay-us 0] [--max-message-mib 128] [--db-pool-size 10] [--version]
//
// The database methods (ListPets, ListPeople, CreatePet, CreatePerson) use
// the PostgreSQL database named by the environment variable
// BANCADA_DATABASE_URL (a libpq URI; the password travels there, never on
// the command line) through a pool of at most --db-pool-size connections
// (package petstore, GORM). With the variable set, the pool is opened and one
// connection checked before READY; without it (or empty) those four methods
// answer UNAVAILABLE and everything else works.
//
// Once listening it prints exactly one line on stdout,
//
//	READY {"implementation":"go-grpc","protocol":"grpc","bind":"127.0.0.1","port":43121,"pid":1234}
//
// and logs to stderr. SIGTERM or SIGINT stop it gracefully (hard stop after
// 5 s) with exit status 0. SIGUSR2 starts, then stops and writes, a CPU
// profile (cpuprofile.go). Exit status 1: could not listen or serve (a port in
// use is named on stderr); 2: bad flags, or a database that cannot be reached
// (one line on stderr naming its host, port and database, never the password).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"github.com/bancada-lab/bancada/workers/go/petstore"
	"github.com/bancada-lab/bancada/workers/go/servers"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// stopGrace is how long a graceful stop may take before connections are closed.
const stopGrace = 5 * time.Second

// options are the parsed command-line flags.
type options struct {
	protocol      string
	bind          string
	port          int
	delayUs       int
	maxMessageMiB int
	dbPoolSize    int
	version       bool
}

// ready is the JSON of the READY line; field order is the documented one.
type ready struct {
	Implementation string `json:"implementation"`
	Protocol       string `json:"protocol"`
	Bind           string `json:"bind"`
	Port           int    `json:"port"`
	PID            int    `json:"pid"`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("bancada-worker", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.protocol, "protocol", "", "protocol to serve: "+servers.Names()+" (required)")
	fs.StringVar(&o.bind, "bind", "127.0.0.1", "address to listen on")
	fs.IntVar(&o.port, "port", 0, "TCP port; 0 picks a free one")
	fs.IntVar(&o.delayUs, "delay-us", 0, "fixed delay added inside each Ping/Select/Echo handler, microseconds")
	fs.IntVar(&o.maxMessageMiB, "max-message-mib", 128, "request size limit (gRPC: receive and send), MiB")
	fs.IntVar(&o.dbPoolSize, "db-pool-size", petstore.DefaultPoolSize,
		"most connections of the database pool (the database: environment variable "+petstore.EnvURL+")")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if o.version {
		return o, nil
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected arguments: %v", fs.Args())
	case servers.Get(o.protocol) == nil:
		return o, fmt.Errorf("--protocol must be %s, got %q", servers.Names(), o.protocol)
	case o.port < 0 || o.port > 65535:
		return o, fmt.Errorf("--port %d out of range 0..65535", o.port)
	case o.delayUs < 0:
		return o, fmt.Errorf("--delay-us must be >= 0, got %d", o.delayUs)
	case o.maxMessageMiB < 1 || o.maxMessageMiB > 2047:
		return o, fmt.Errorf("--max-message-mib must be in 1..2047, got %d", o.maxMessageMiB)
	case o.dbPoolSize < 1 || o.dbPoolSize > 10000:
		return o, fmt.Errorf("--db-pool-size must be in 1..10000, got %d", o.dbPoolSize)
	}
	return o, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	logger := log.New(stderr, "bancada-worker: ", log.LstdFlags)
	o, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "bancada-worker: %v\n", err)
		return 2
	}
	if o.version {
		fmt.Fprintf(stdout, "bancada-worker %s (%s %s/%s)\n", service.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
		return 0
	}

	store, err := openStore(os.Getenv(petstore.EnvURL), o.dbPoolSize, logger)
	if err != nil {
		fmt.Fprintf(stderr, "bancada-worker: %v\n", err)
		return 2
	}
	if store != nil {
		defer store.Close()
	}

	addr := net.JoinHostPort(o.bind, strconv.Itoa(o.port))
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			fmt.Fprintf(stderr, "bancada-worker: port %d already in use on %s\n", o.port, o.bind)
		} else {
			fmt.Fprintf(stderr, "bancada-worker: cannot listen on port %d of %s: %v\n", o.port, o.bind, err)
		}
		return 1
	}

	cfg := service.Config{
		Delay:           time.Duration(o.delayUs) * time.Microsecond,
		MaxMessageBytes: o.maxMessageMiB << 20,
	}
	if store != nil {
		cfg.Records = store
	}
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT)
	watchCPUProfile(logger)

	stop, serveErr := servers.Get(o.protocol)(lis, cfg)

	line, _ := json.Marshal(ready{
		Implementation: service.Implementation(o.protocol),
		Protocol:       o.protocol,
		Bind:           o.bind,
		Port:           lis.Addr().(*net.TCPAddr).Port,
		PID:            os.Getpid(),
	})
	// One write; os.Stdout is unbuffered, so the line is out when this returns.
	fmt.Fprintf(stdout, "READY %s\n", line)
	logger.Printf("%s serving on %s (limit %d MiB, delay %d µs)", service.Implementation(o.protocol), lis.Addr(), o.maxMessageMiB, o.delayUs)

	select {
	case sig := <-signals:
		logger.Printf("%v: stopping (grace %v)", sig, stopGrace)
		if err := stop(stopGrace); err != nil {
			logger.Printf("stop: %v", err)
		}
		<-serveErr
		logger.Printf("stopped")
		return 0
	case err := <-serveErr:
		logger.Printf("serving failed: %v", err)
		return 1
	}
}

// openStore opens the database pool of url (nil without a url) and checks one
// connection; its error is the one line to print.
func openStore(url string, poolSize int, logger *log.Logger) (*petstore.Store, error) {
	if url == "" {
		logger.Printf("no %s: the database methods answer UNAVAILABLE", petstore.EnvURL)
		return nil, nil
	}
	store, err := petstore.Open(url, poolSize, logger.Printf)
	if err != nil {
		return nil, err
	}
	logger.Printf("the %s answers; pool of at most %d connections", store.Target, poolSize)
	return store, nil
}
