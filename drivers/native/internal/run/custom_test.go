package run

import (
	"encoding/base64"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bancada-lab/bancada/workers/go/grpcserver"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// TestCustomRESTEveryEngine: a custom request reaches the server exactly as
// written (method, path, headers, body) through every REST engine, and a
// non-2xx answer is a failed sample with http_<status>.
func TestCustomRESTEveryEngine(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.RequestURI()+" "+r.Header.Get("X-Api-Key")+" "+r.Header.Get("Content-Type")+" "+string(body))
		mu.Unlock()
		if r.URL.Path == "/missing" {
			http.Error(w, "no such thing", 404)
			return
		}
		w.Header().Set("Server-Timing", "app;dur=0.5")
		w.Write([]byte("ok"))
	}))
	t.Cleanup(srv.Close)
	target := strings.TrimPrefix(srv.URL, "http://")
	body := base64.StdEncoding.EncodeToString([]byte(`{"n": 1}`))
	treatments := `[{"id":0,"implementation":"mine","protocol":"rest","target":"` + target + `","operation":"custom","workload":"W",
		"request":{"method":"PUT","path":"/orders/1?dry=1","headers":{"X-Api-Key":"k1","Content-Type":"application/json"},"body_base64":"` + body + `"}},
		{"id":1,"implementation":"mine","protocol":"rest","target":"` + target + `","operation":"custom","workload":"W2",
		"request":{"method":"GET","path":"/missing"}}]`
	for _, load := range []string{`{"model":"sequential"}`, `{"model":"sequential","rest_client":"raw"}`,
		`{"model":"closed","concurrency":2}`, `{"model":"closed","concurrency":2,"rest_client":"net/http"}`} {
		mu.Lock() // the server's goroutines append under mu; the race detector sees no other ordering
		seen = nil
		mu.Unlock()
		js := `{"version":1,"treatments":` + treatments + `,"timeout_s":5,"load":` + load +
			`,"blocks":[{"repetition":1,"treatments":[0,1],"warmup":1,"requests":4}]}`
		frames, done := runJob(t, js)
		ss := samples(frames)
		if len(ss) != 10 {
			t.Fatalf("%s: %d samples, want 10", load, len(ss))
		}
		for _, s := range ss {
			if s.Treatment == 0 && (!s.OK || s.ServerNs != 500_000) {
				t.Fatalf("%s: custom PUT sample %+v", load, s)
			}
			if s.Treatment == 1 && (s.OK || !strings.HasPrefix(s.Err, "http_404: no such thing") || s.ServerNs != -1) {
				t.Fatalf("%s: a 404 must be a failed sample with http_404 and no server time: %+v", load, s)
			}
		}
		if errs, _ := done["errors"].(map[string]any); errs["http_404"] != float64(5) {
			t.Fatalf("%s: done errors %v", load, done["errors"])
		}
		want := `PUT /orders/1?dry=1 k1 application/json {"n": 1}`
		n := 0
		mu.Lock()
		got := append([]string(nil), seen...)
		mu.Unlock()
		for _, s := range got {
			if s == want {
				n++
			}
		}
		if n != 5 {
			t.Fatalf("%s: the server saw %d of 5 requests as %q: %q", load, n, want, got)
		}
	}
}

// TestCustomGRPCAgainstTheGoWorker: a custom gRPC method whose descriptors
// come from the Go worker's server reflection is answered OK with the
// worker's server timing; a request the worker rejects is a failed sample.
func TestCustomGRPCAgainstTheGoWorker(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	stop, _ := grpcserver.Start(lis, service.Config{})
	t.Cleanup(func() { stop(time.Second) })
	target := lis.Addr().String()
	tr := func(id int, js string) string {
		return `{"id":` + itoa(id) + `,"implementation":"mine","protocol":"grpc","target":"` + target +
			`","operation":"custom","workload":"W","request":{"grpc_method":"bancada.v1.Bench/Select","json":` + itoa0(js) + `}}`
	}
	for _, load := range []string{`{"model":"sequential"}`, `{"model":"closed","concurrency":2,"grpc_mode":"streams"}`} {
		js := `{"version":1,"treatments":[` + tr(0, `{"values":[1,2,3,4],"k":2}`) + `,` + tr(1, `{"values":[1],"k":3}`) +
			`],"timeout_s":5,"load":` + load + `,"blocks":[{"repetition":1,"treatments":[0,1],"warmup":0,"requests":3}]}`
		frames, _ := runJob(t, js)
		ss := samples(frames)
		if len(ss) != 6 {
			t.Fatalf("%d samples", len(ss))
		}
		for _, s := range ss {
			if s.Treatment == 0 && (!s.OK || s.ServerNs <= 0) {
				t.Fatalf("%s: Select sample %+v", load, s)
			}
			if s.Treatment == 1 && (s.OK || !strings.HasPrefix(s.Err, "grpc_INVALID_ARGUMENT:")) {
				t.Fatalf("%s: k > count must fail with INVALID_ARGUMENT: %+v", load, s)
			}
		}
	}
}

func itoa0(s string) string { // a JSON string literal
	b := strings.Builder{}
	b.WriteString(`"`)
	b.WriteString(strings.ReplaceAll(s, `"`, `\"`))
	b.WriteString(`"`)
	return b.String()
}
