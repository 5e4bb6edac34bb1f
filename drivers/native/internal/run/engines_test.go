package run

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/client"
	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// envelopeServer answers POST /v1/jsonrpc and /v1/graphql as the Go worker
// does (a JSON-RPC result or a GraphQL data object, Server-Timing app), or,
// with fail, with an error inside a 200 answer.
func envelopeServer(t *testing.T, fail bool) string {
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/jsonrpc", func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Server-Timing", "app;dur=0.25")
		w.Header().Set("Content-Type", "application/json")
		if fail {
			w.Write([]byte(`{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid params"}}`))
			return
		}
		w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{"values":[1,2,3],"positions":[0,1,2]}}`))
	})
	mux.HandleFunc("/v1/graphql", func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Server-Timing", "app;dur=0.25")
		w.Header().Set("Content-Type", "application/graphql-response+json")
		if fail {
			w.Write([]byte(`{"errors":[{"message":"bad","extensions":{"code":"INVALID_ARGUMENT"}}],"data":null}`))
			return
		}
		w.Write([]byte(`{"data":{"select":{"values":["1","2","3"],"positions":[0,1,2]}}}`))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://")
}

// engineOf names the engine newGroup chose for n clients of treatment 0.
func engineOf(t *testing.T, js string, n int) string {
	t.Helper()
	j, err := job.Parse([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Job: j, Sink: frame.NewSink(io.Discard, j.MaxRecords(), time.Now()), T0: time.Now()}
	if err := r.Prepare(); err != nil {
		t.Fatal(err)
	}
	g, err := r.newGroup(r.Job.Treatment(0), n)
	if err != nil {
		t.Fatal(err)
	}
	defer g.close()
	if len(g.loops) > 0 {
		return "event loop"
	}
	kinds := map[string]bool{}
	for _, c := range g.callers {
		kinds[fmt.Sprintf("%T", c)] = true
	}
	if len(kinds) != 1 {
		t.Fatalf("mixed or no callers: %v", kinds)
	}
	for k := range kinds {
		return k
	}
	return ""
}

// JSON-RPC and GraphQL are HTTP/1.1 POSTs like REST: load.rest_client picks
// their engine as it picks REST's. They once fell through to RawHTTP
// (goroutines on Go's netpoller) whatever rest_client said, so that under
// closed load they missed the busy-polling event loop and reached 0.5-0.9x
// wrk's requests/s on the Go worker (README, "JSON-RPC 2.0 and GraphQL").
func TestHTTPProtocolsShareTheRESTEngines(t *testing.T) {
	if !client.EpollSupported {
		t.Skip("the socket engines are Linux-only")
	}
	cases := []struct{ load, want string }{
		{`{"model":"closed","concurrency":4}`, "event loop"},
		{`{"model":"closed","concurrency":4,"rest_client":"epoll","event_loops":2}`, "event loop"},
		{`{"model":"sequential"}`, "*client.SockHTTP"},
		{`{"model":"closed","concurrency":4,"rest_client":"raw"}`, "*client.RawHTTP"},
		{`{"model":"closed","concurrency":4,"rest_client":"net/http"}`, "*client.NetHTTP"},
		{`{"model":"open","rate_per_s":2000,"concurrency":4}`, "*client.RawHTTP"},
	}
	target := envelopeServer(t, false)
	for _, proto := range []string{"rest", "jsonrpc", "graphql"} {
		for _, c := range cases {
			t.Run(proto+c.load, func(t *testing.T) {
				js := jobJSON(target, proto, "select", c.load, 5, 53, 1)
				if got := engineOf(t, js, 4); got != c.want {
					t.Fatalf("%s with load %s runs on %s, want %s", proto, c.load, got, c.want)
				}
				if proto == "rest" {
					return // restServer's routes; TestCountsExactAllModels runs them
				}
				fs, done := runJob(t, js)
				ss := samples(fs)
				checkCounts(t, ss, 1, 5, 53)
				if int(done["samples"].(float64)) != len(ss) {
					t.Fatalf("done %v vs %d samples", done, len(ss))
				}
			})
		}
	}
}

// An error inside a 200 answer is a failed sample on the event loop too.
func TestEventLoopFindsEnvelopeErrors(t *testing.T) {
	target := envelopeServer(t, true)
	for proto, kind := range map[string]string{"jsonrpc": "jsonrpc_-32602", "graphql": "graphql_INVALID_ARGUMENT"} {
		for _, load := range []string{`{"model":"closed","concurrency":3}`, `{"model":"sequential"}`} {
			fs, done := runJob(t, jobJSON(target, proto, "select", load, 1, 10, 1))
			ss := samples(fs)
			if len(ss) != 22 {
				t.Fatalf("%s %s: %d samples", proto, load, len(ss))
			}
			for _, s := range ss {
				if s.OK || !strings.HasPrefix(s.Err, kind+":") {
					t.Fatalf("%s %s: sample %+v", proto, load, s)
				}
			}
			if errs := done["errors"].(map[string]any); errs[kind].(float64) != 22 {
				t.Fatalf("%s %s: errors %v", proto, load, errs)
			}
		}
	}
}
