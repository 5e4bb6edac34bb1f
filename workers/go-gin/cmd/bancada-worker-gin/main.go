// Command bancada-worker-gin is seed 000's Go REST server as its authors wrote it
// (github.com/PqES/2024_sblp, go-http/api/main.go), wrapped in Bancada's worker
// command line: gin v1.9 with gin.Default() (its Logger and Recovery middleware),
// a POST handler that binds the bare JSON array body with c.ShouldBindJSON into
// `type Array []int` (encoding/json, then gin's validator over the value), picks
// three elements at random positions, prints them and answers -1.
//
//	bancada-worker-gin --protocol rest [--bind 127.0.0.1] [--port 0] [--version]
//
// The paper's route is POST /foo; it is served as is, and also as POST
// /v1/select-array. Besides it the worker serves what Bancada's harness needs
// of every REST worker (workers/README.md): GET /v1/ping ({}), GET /v1/info and
// a Server-Timing header (app;dur=<ms>: binding + handler, on the monotonic
// clock). gin's request log and the three printed values go to stderr (stdout
// carries only the READY line). A body that is not a JSON array of integers is
// 400 {"error": "Error parsing"}, as in the paper's code.
//
// Once listening it prints exactly one line on stdout,
//
//	READY {"implementation":"go-gin-rest","protocol":"rest","bind":"127.0.0.1","port":43121,"pid":1234}
//
// SIGTERM or SIGINT stop it gracefully (hard stop after 5 s) with exit status
// 0. Exit status 1: could not listen (a port in use is named on stderr); 2:
// bad flags.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"
)

// version is the worker's own version, reported by Info and --version.
const version = "0.1.0"

// implementation is the worker's id for its one protocol.
const implementation = "go-gin-rest"

// stopGrace is how long a graceful stop may take before connections are closed.
const stopGrace = 5 * time.Second

// Array is the paper's request type: the body is a bare JSON array of ints.
type Array []int

type options struct {
	protocol string
	bind     string
	port     int
	version  bool
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("bancada-worker-gin", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.protocol, "protocol", "", "protocol to serve: rest (required)")
	fs.StringVar(&o.bind, "bind", "127.0.0.1", "address to listen on")
	fs.IntVar(&o.port, "port", 0, "TCP port; 0 picks a free one")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case o.version:
		return o, nil
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected arguments: %v", fs.Args())
	case o.protocol != "rest":
		return o, fmt.Errorf("--protocol must be rest, got %q", o.protocol)
	case o.port < 0 || o.port > 65535:
		return o, fmt.Errorf("--port %d out of range 0..65535", o.port)
	}
	return o, nil
}

// serverTiming writes the W3C Server-Timing header of a span that began at start.
func serverTiming(c *gin.Context, start time.Time) {
	c.Header("Server-Timing", "app;dur="+strconv.FormatFloat(float64(time.Since(start).Nanoseconds())/1e6, 'f', 6, 64))
}

// newRouter is the paper's gin.Default() router with its handler, plus the contract's ping and info.
func newRouter(stderr io.Writer) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	gin.DefaultWriter = stderr
	gin.DefaultErrorWriter = stderr
	r := gin.Default()
	selectArray := func(c *gin.Context) {
		start := time.Now()
		var array Array
		if err := c.ShouldBindJSON(&array); err != nil || len(array) == 0 {
			serverTiming(c, start)
			c.JSON(400, gin.H{"error": "Error parsing"})
			return
		}
		for i := 0; i < 3; i++ {
			fmt.Fprintln(stderr, array[rand.Intn(len(array))])
		}
		serverTiming(c, start)
		c.JSON(200, -1)
	}
	r.POST("/foo", selectArray)
	r.POST("/v1/select-array", selectArray)
	r.GET("/v1/ping", func(c *gin.Context) {
		serverTiming(c, time.Now())
		c.JSON(200, gin.H{})
	})
	r.GET("/v1/info", func(c *gin.Context) {
		start := time.Now()
		serverTiming(c, start)
		c.JSON(200, gin.H{
			"implementation": implementation,
			"language":       "go",
			"runtime":        runtime.Version() + " gin " + gin.Version,
			"version":        version,
			"protocol":       "rest",
			"pid":            os.Getpid(),
		})
	})
	return r
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "bancada-worker-gin: %v\n", err)
		return 2
	}
	if o.version {
		fmt.Fprintf(stdout, "bancada-worker-gin %s (%s, gin %s)\n", version, runtime.Version(), gin.Version)
		return 0
	}
	lis, err := net.Listen("tcp", net.JoinHostPort(o.bind, strconv.Itoa(o.port)))
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			fmt.Fprintf(stderr, "bancada-worker-gin: port %d already in use on %s\n", o.port, o.bind)
		} else {
			fmt.Fprintf(stderr, "bancada-worker-gin: cannot listen on port %d of %s: %v\n", o.port, o.bind, err)
		}
		return 1
	}
	srv := &http.Server{Handler: newRouter(stderr)}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(lis) }()

	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT)
	line, _ := json.Marshal(map[string]any{
		"implementation": implementation, "protocol": "rest", "bind": o.bind,
		"port": lis.Addr().(*net.TCPAddr).Port, "pid": os.Getpid(),
	})
	fmt.Fprintf(stdout, "READY %s\n", line)

	select {
	case <-signals:
		ctx, cancel := context.WithTimeout(context.Background(), stopGrace)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			srv.Close()
		}
		return 0
	case err := <-served:
		fmt.Fprintf(stderr, "bancada-worker-gin: serving failed: %v\n", err)
		return 1
	}
}
