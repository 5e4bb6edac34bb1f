//go:build linux

package client

import (
	"bufio"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
)

// serveMany accepts any number of connections and answers the i-th request
// (counted over all connections) with respond(i); a response containing
// "Connection: close" or ending in "<close>" (not sent) closes its
// connection, and "" closes it without answering. Responses may be split
// with "|" to be written in pieces.
func serveMany(t *testing.T, respond func(i int) string) (addr string, conns *atomic.Int32) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lis.Close() })
	var n atomic.Int32
	conns = &atomic.Int32{}
	go func() {
		for {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			go func(c net.Conn) {
				defer c.Close()
				br := bufio.NewReader(c)
				for {
					for { // request head (GET: no body)
						l, err := br.ReadString('\n')
						if err != nil {
							return
						}
						if l == "\r\n" {
							break
						}
					}
					r := respond(int(n.Add(1) - 1))
					if r == "" {
						return
					}
					body, closeAfter := strings.CutSuffix(r, "<close>")
					for _, piece := range strings.Split(body, "|") {
						c.Write([]byte(piece))
						time.Sleep(2 * time.Millisecond)
					}
					if closeAfter || strings.Contains(r, "Connection: close") {
						return
					}
				}
			}(c)
		}
	}()
	return lis.Addr().String(), conns
}

var getPing = &payload.Request{HTTPMethod: "GET", HTTPPath: "/v1/ping"}

type outcome struct {
	seq int64
	st  int64
	lat time.Duration
	err error
}

// runLoop runs an EpollLoop of n connections for count requests.
func runLoop(t *testing.T, cfg Config, n int, count int64) []outcome {
	t.Helper()
	l, err := NewEpollLoop(cfg, getPing, n)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var out []outcome
	next := int64(0)
	base := time.Now()
	l.Run(base, func(time.Duration) (int64, bool) {
		if next >= count {
			return 0, false
		}
		next++
		return next - 1, true
	}, func(seq int64, start, lat time.Duration, st int64, err error) {
		if start < 0 || lat < 0 || start+lat > time.Since(base) {
			t.Errorf("request %d: start %v and latency %v outside the run's %v", seq, start, lat, time.Since(base))
		}
		out = append(out, outcome{seq, st, lat, err})
	})
	if int64(len(out)) != count {
		t.Fatalf("%d outcomes, want %d", len(out), count)
	}
	return out
}

const (
	okCL      = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nserver-timing: app;dur=0.5\r\n\r\n{}"
	okChunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nServer-Timing: app;dur=1\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n"
	err503    = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 14\r\n\r\n{\"error\":\"no\"}"
)

func TestSockHTTPParsesResponses(t *testing.T) {
	addr := serve(t, okCL, okChunked, err503)
	c := NewSockHTTP(Config{Target: addr, Timeout: 2 * time.Second}, getPing)
	defer c.Close()
	st, err := c.Call()
	if err != nil || st != 500000 {
		t.Fatalf("1: %d %v", st, err)
	}
	st, err = c.Call()
	if err != nil || st != 1000000 {
		t.Fatalf("2: %d %v", st, err)
	}
	_, err = c.Call()
	if err == nil || !strings.HasPrefix(err.Error(), `http_503: {"error":"no"}`) {
		t.Fatalf("3: %v", err)
	}
	_, err = c.Call() // server closed the connection: redial is refused or reset
	if err == nil || !(strings.HasPrefix(err.Error(), "reset:") || strings.HasPrefix(err.Error(), "refused:")) {
		t.Fatalf("4: %v", err)
	}
}

func TestSockHTTPPiecesCloseAndReconnect(t *testing.T) {
	responses := []string{
		"HTTP/1.1 200 OK\r\nContent-Le|ngth: 5\r\nServer-Timing: app;dur=0.25\r\n\r\nab|cde",
		"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\na|bc\r\n0\r\n|\r\n",
		"HTTP/1.0 200 OK\r\nServer-Timing: app;dur=2\r\n\r\nuntil close<close>", // body until EOF
		"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc<close>",               // cut short
		okCL,
	}
	addr, conns := serveMany(t, func(i int) string {
		if i < len(responses) {
			return responses[i]
		}
		return okCL
	})
	c := NewSockHTTP(Config{Target: addr, Timeout: 2 * time.Second}, getPing)
	defer c.Close()
	want := []string{"", "", "", "", "reset:", ""}
	for i, w := range want {
		st, err := c.Call()
		if w == "" && err != nil || w != "" && (err == nil || !strings.HasPrefix(err.Error(), w)) {
			t.Fatalf("%d: %d %v, want %q", i, st, err, w)
		}
		if i == 0 && st != 250000 || i == 3 && st != 2000000 {
			t.Fatalf("%d: server timing %d", i, st)
		}
	}
	// connections: #1 served 0-1 (close), #2 served 2-3 (until close), #3 served 4 (cut: client closes), #4 served 5
	if n := conns.Load(); n != 4 {
		t.Fatalf("%d connections, want 4", n)
	}
}

func TestSockHTTPTimeout(t *testing.T) {
	lis, _ := net.Listen("tcp", "127.0.0.1:0")
	defer lis.Close()
	go func() {
		c, err := lis.Accept()
		if err == nil {
			time.Sleep(2 * time.Second)
			c.Close()
		}
	}()
	c := NewSockHTTP(Config{Target: lis.Addr().String(), Timeout: 100 * time.Millisecond}, getPing)
	defer c.Close()
	start := time.Now()
	_, err := c.Call()
	if err == nil || !strings.HasPrefix(err.Error(), "timeout:") {
		t.Fatalf("%v", err)
	}
	if el := time.Since(start); el < 90*time.Millisecond || el > time.Second {
		t.Fatalf("timed out after %v", el)
	}
}

func TestSockHTTPRefused(t *testing.T) {
	lis, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := lis.Addr().String()
	lis.Close()
	c := NewSockHTTP(Config{Target: addr, Timeout: time.Second}, getPing)
	defer c.Close()
	if _, err := c.Call(); err == nil || !strings.HasPrefix(err.Error(), "refused:") {
		t.Fatalf("%v", err)
	}
}

func TestEpollLoopParsesResponses(t *testing.T) {
	responses := []string{okCL, okChunked, err503,
		"HTTP/1.1 200 OK\r\nContent-Le|ngth: 5\r\nServer-Timing: app;dur=0.25\r\n\r\nab|cde",
		"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\na|bc\r\n0\r\n|\r\n",
		"HTTP/1.0 200 OK\r\nServer-Timing: app;dur=2\r\n\r\nuntil close<close>",
		"HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nnot f\r\n4\r\nound\r\n0\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc<close>", // cut short
		"", // closed without an answer
	}
	addr, conns := serveMany(t, func(i int) string {
		if i < len(responses) {
			return responses[i]
		}
		return okCL
	})
	out := runLoop(t, Config{Target: addr, Timeout: 2 * time.Second}, 1, 12)
	wantSt := map[int]int64{0: 500000, 1: 1000000, 3: 250000, 6: 2000000, 10: 500000, 11: 500000}
	wantErr := map[int]string{2: `http_503: {"error":"no"}`, 7: "http_404: not f\r\nound", 8: "reset:", 9: "reset:"}
	for i, o := range out {
		if o.seq != int64(i) {
			t.Fatalf("outcome %d has seq %d", i, o.seq)
		}
		if w, ok := wantErr[i]; ok {
			if o.err == nil || !strings.HasPrefix(o.err.Error(), w) {
				t.Fatalf("%d: %v, want %q", i, o.err, w)
			}
			continue
		}
		if o.err != nil {
			t.Fatalf("%d: %v", i, o.err)
		}
		if w, ok := wantSt[i]; ok && o.st != w {
			t.Fatalf("%d: server timing %d, want %d", i, o.st, w)
		}
		if o.lat <= 0 {
			t.Fatalf("%d: latency %v", i, o.lat)
		}
	}
	// #1: 0-4 (Connection: close), #2: 5-6 (until close), #3: 7-8 (cut), #4: 9 (no answer), #5: 10-11
	if n := conns.Load(); n != 5 {
		t.Fatalf("%d connections, want 5", n)
	}
}

func TestEpollLoopCountsAndConnections(t *testing.T) {
	addr, conns := serveMany(t, func(i int) string {
		if i%50 == 49 {
			return "HTTP/1.1 200 OK\r\nConnection: close\r\nServer-Timing: app;dur=0.1\r\nContent-Length: 2\r\n\r\n{}"
		}
		return "HTTP/1.1 200 OK\r\nServer-Timing: app;dur=0.1\r\nContent-Length: 2\r\n\r\n{}"
	})
	for _, busyPoll := range []time.Duration{0, 50 * time.Microsecond} {
		conns.Store(0)
		out := runLoop(t, Config{Target: addr, Timeout: 2 * time.Second, BusyPoll: busyPoll}, 8, 1000)
		seen := map[int64]bool{}
		for _, o := range out {
			if o.err != nil || o.st != 100000 || seen[o.seq] || o.seq < 0 || o.seq >= 1000 {
				t.Fatalf("busy poll %v: %+v", busyPoll, o)
			}
			seen[o.seq] = true
		}
		if len(seen) != 1000 {
			t.Fatalf("busy poll %v: %d of 1000 requests", busyPoll, len(seen))
		}
		if n := conns.Load(); n < 20 || n > 8+20 { // 20 closes; the last ones end their connection's run
			t.Fatalf("busy poll %v: %d connections", busyPoll, n)
		}
	}
}

// A busy-polling loop still sleeps: a server that answers after 30 ms is
// waited for in epoll_wait once the poll is over, so the loop's CPU time
// stays far below the wall time.
func TestEpollLoopBusyPollThenSleeps(t *testing.T) {
	addr, _ := serveMany(t, func(int) string {
		time.Sleep(30 * time.Millisecond)
		return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"
	})
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	start := time.Now()
	out := runLoop(t, Config{Target: addr, Timeout: 2 * time.Second, BusyPoll: time.Millisecond}, 1, 10)
	wall := time.Since(start)
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(syscall.TimevalToNsec(ru1.Utime) - syscall.TimevalToNsec(ru0.Utime) +
		syscall.TimevalToNsec(ru1.Stime) - syscall.TimevalToNsec(ru0.Stime))
	for _, o := range out {
		if o.err != nil || o.lat < 30*time.Millisecond {
			t.Fatalf("%+v", o)
		}
	}
	if len(out) != 10 || wall < 300*time.Millisecond {
		t.Fatalf("%d requests in %v", len(out), wall)
	}
	// 10 polls of at most 1 ms each; the rest of the ~300 ms is asleep
	if cpu > wall/3 {
		t.Fatalf("the loop used %v of CPU in %v: it did not sleep after polling", cpu, wall)
	}
}

func TestEpollLoopErrorKinds(t *testing.T) {
	lis, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := lis.Addr().String()
	lis.Close()
	for _, o := range runLoop(t, Config{Target: closed, Timeout: time.Second}, 3, 20) {
		if o.err == nil || !strings.HasPrefix(o.err.Error(), "refused:") {
			t.Fatalf("refused: %+v", o)
		}
	}

	// reset: the server resets every connection after the request
	rl, _ := net.Listen("tcp", "127.0.0.1:0")
	defer rl.Close()
	go func() {
		for {
			c, err := rl.Accept()
			if err != nil {
				return
			}
			go func(c net.Conn) {
				buf := make([]byte, 4096)
				c.Read(buf)
				c.(*net.TCPConn).SetLinger(0)
				c.Close()
			}(c)
		}
	}()
	for _, o := range runLoop(t, Config{Target: rl.Addr().String(), Timeout: time.Second}, 2, 10) {
		if o.err == nil || !strings.HasPrefix(o.err.Error(), "reset:") {
			t.Fatalf("reset: %+v", o)
		}
	}

	// timeout: the server never answers; each request gets its own timeout
	tl, _ := net.Listen("tcp", "127.0.0.1:0")
	defer tl.Close()
	var mu sync.Mutex
	var held []net.Conn
	defer func() {
		mu.Lock()
		for _, c := range held {
			c.Close()
		}
		mu.Unlock()
	}()
	go func() {
		for {
			c, err := tl.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c)
			mu.Unlock()
		}
	}()
	start := time.Now()
	for _, o := range runLoop(t, Config{Target: tl.Addr().String(), Timeout: 100 * time.Millisecond}, 2, 4) {
		if o.err == nil || !strings.HasPrefix(o.err.Error(), "timeout:") {
			t.Fatalf("timeout: %+v", o)
		}
		if o.lat < 100*time.Millisecond || o.lat > 300*time.Millisecond {
			t.Fatalf("timeout after %v", o.lat)
		}
	}
	if el := time.Since(start); el < 200*time.Millisecond || el > time.Second {
		t.Fatalf("4 timeouts on 2 connections took %v", el)
	}
}
