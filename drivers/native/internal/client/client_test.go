package client

import (
	"bufio"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
)

func TestParseServerTiming(t *testing.T) {
	cases := map[string]int64{
		"app;dur=0.123":         123000,
		"db;dur=5, app;dur=1.5": 1500000,
		"app;desc=\"x\";dur=2":  2000000,
		"app":                   -1,
		"total;dur=3":           -1,
		"app;dur=abc":           -1,
		"":                      -1,
	}
	for in, want := range cases {
		if got := ParseServerTiming([]byte(in)); got != want {
			t.Errorf("%q: got %d want %d", in, got, want)
		}
	}
}

// serve answers each request on one connection with the canned responses.
func serve(t *testing.T, responses ...string) string {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lis.Close() })
	go func() {
		c, err := lis.Accept()
		if err != nil {
			return
		}
		br := bufio.NewReader(c)
		for _, r := range responses {
			for { // read the request head (GET: no body)
				l, err := br.ReadString('\n')
				if err != nil {
					return
				}
				if l == "\r\n" {
					break
				}
			}
			c.Write([]byte(r))
		}
		c.Close()
	}()
	return lis.Addr().String()
}

func TestRawHTTPParsesResponses(t *testing.T) {
	addr := serve(t,
		"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nserver-timing: app;dur=0.5\r\n\r\n{}",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nServer-Timing: app;dur=1\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n",
		"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 14\r\n\r\n{\"error\":\"no\"}",
	)
	c := NewRawHTTP(Config{Target: addr, Timeout: 2 * time.Second}, &payload.Request{HTTPMethod: "GET", HTTPPath: "/v1/ping"})
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

func TestRawHTTPTimeout(t *testing.T) {
	lis, _ := net.Listen("tcp", "127.0.0.1:0")
	defer lis.Close()
	go func() {
		c, err := lis.Accept()
		if err == nil {
			time.Sleep(2 * time.Second)
			c.Close()
		}
	}()
	c := NewRawHTTP(Config{Target: lis.Addr().String(), Timeout: 100 * time.Millisecond}, &payload.Request{HTTPMethod: "GET", HTTPPath: "/"})
	_, err := c.Call()
	if err == nil || !strings.HasPrefix(err.Error(), "timeout:") {
		t.Fatalf("%v", err)
	}
}

func BenchmarkParseServerTiming(b *testing.B) {
	v := []byte("app;dur=0.123")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ParseServerTiming(v)
	}
}

// A body that runs until the connection closes ends at a clean close; a reset
// in the middle of it is a failure, not a short success.
func TestRawHTTPBodyUntilClose(t *testing.T) {
	req := &payload.Request{HTTPMethod: "GET", HTTPPath: "/v1/ping"}
	for _, reset := range []bool{false, true} {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			c.Read(make([]byte, 4096))
			c.Write([]byte("HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{\"partial\":"))
			time.Sleep(20 * time.Millisecond)
			if reset {
				c.(*net.TCPConn).SetLinger(0)
			}
			c.Close()
		}()
		c := NewRawHTTP(Config{Target: lis.Addr().String(), Timeout: 2 * time.Second}, req)
		_, err = c.Call()
		c.Close()
		lis.Close()
		if reset && (err == nil || !strings.HasPrefix(err.Error(), "reset:")) {
			t.Fatalf("reset mid-body: got %v, want a reset failure", err)
		}
		if !reset && err != nil {
			t.Fatalf("clean close: %v", err)
		}
	}
}
