package restserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bancada-lab/bancada/contract/go/restapi"
	"github.com/bancada-lab/bancada/contract/go/vectors"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// methodPaths are the REST paths of the six methods.
var methodPaths = map[string]string{
	"Void": "/v1/void", "Double": "/v1/double", "Sum": "/v1/sum",
	"PowerOfTwo": "/v1/power-of-two", "Recolor": "/v1/recolor", "MatMul": "/v1/matmul",
}

func TestMethodVectorsOverREST(t *testing.T) {
	b := startBench(t, service.Config{})
	cases, err := vectors.LoadMethods()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		status, body := b.do(http.MethodPost, methodPaths[c.Method], c.Request)
		if c.Error != "" {
			var e restapi.Error
			if status != http.StatusBadRequest || json.Unmarshal(body, &e) != nil || e.Error == "" {
				t.Errorf("%s %q: got %d %s, want 400 with an error (%s)", c.Method, c.Name, status, body, c.Why)
			}
			continue
		}
		if same, err := vectors.SameJSON(body, c.Response); status != http.StatusOK || !same {
			t.Errorf("%s %q: got %d %s, want %s (%v)", c.Method, c.Name, status, body, c.Response, err)
		}
	}
}

func TestMethodsMalformed(t *testing.T) {
	b := startBench(t, service.Config{})
	cases := []struct{ path, body string }{
		{"/v1/void", `[1]`},
		{"/v1/void", `{"x":`},
		{"/v1/double", ``},
		{"/v1/double", `{"value":1.5}`},
		{"/v1/double", `{"value":"2"}`},
		{"/v1/double", `{"value":9223372036854775808}`},
		{"/v1/sum", `{"values":[1,"2"]}`},
		{"/v1/sum", `{"values":3}`},
		{"/v1/power-of-two", `{"text":3}`},
		{"/v1/recolor", `{"car":{"year":"1994"},"colour":"blue"}`},
		{"/v1/recolor", `{"car":null,"colour":"blue"}`},
		{"/v1/matmul", `{"a":{"order":-1,"values":[]},"b":{"order":1,"values":[1]}}`},
		{"/v1/matmul", `{"a":{"order":1,"values":["x"]},"b":{"order":1,"values":[1]}}`},
	}
	for _, c := range cases {
		if status, body := b.do(http.MethodPost, c.path, []byte(c.body)); status != http.StatusBadRequest {
			t.Errorf("%s %s: got %d %s, want 400", c.path, c.body, status, body)
		}
	}
	if status, body := b.do(http.MethodPost, "/v1/void", nil); status != http.StatusOK || string(body) != "{}" {
		t.Errorf("void with no body: %d %s", status, body)
	}
	if status, _ := b.do(http.MethodGet, "/v1/double", nil); status != http.StatusMethodNotAllowed {
		t.Errorf("GET /v1/double: %d, want 405", status)
	}
}

// TestOversizeIsAnsweredNotReset writes a whole body far above the limit
// before reading, as most clients do (Python's requests among them), and
// needs the 413 answer: closing with the body unread would reset the
// connection under the client's feet.
func TestOversizeIsAnsweredNotReset(t *testing.T) {
	const limit = 16 << 20
	b := startBench(t, service.Config{MaxMessageBytes: limit})
	addr := strings.TrimPrefix(b.base, "http://")
	body := bytes.Repeat([]byte("x"), 3*limit) // within discardFactor, far above the socket buffers
	for _, chunked := range []bool{false, true} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(30 * time.Second))
		head := fmt.Sprintf("POST /v1/echo HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", addr, len(body))
		payload := body
		if chunked {
			head = fmt.Sprintf("POST /v1/echo HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n", addr, len(body))
			payload = append(append([]byte{}, body...), "\r\n0\r\n\r\n"...)
		}
		if _, err := conn.Write([]byte(head)); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Write(payload); err != nil {
			t.Fatalf("chunked=%v: writing the body: %v (the server stopped reading)", chunked, err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("chunked=%v: reading the answer: %v", chunked, err)
		}
		out, _ := io.ReadAll(resp.Body)
		conn.Close()
		var e restapi.Error
		if resp.StatusCode != http.StatusRequestEntityTooLarge || json.Unmarshal(out, &e) != nil || !strings.Contains(e.Error, "limit") {
			t.Errorf("chunked=%v: %d %s, want 413 with a JSON error", chunked, resp.StatusCode, out)
		}
		if resp.Header.Get("Server-Timing") == "" {
			t.Errorf("chunked=%v: 413 without Server-Timing", chunked)
		}
	}
}
