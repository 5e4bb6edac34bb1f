package run

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bancada-lab/bancada/contract/go/pick"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// syncBuf is a goroutine-safe bytes.Buffer.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) { s.mu.Lock(); defer s.mu.Unlock(); return s.b.Write(p) }

func restServer(t *testing.T, delay time.Duration) string {
	mux := http.NewServeMux()
	h := func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		time.Sleep(delay)
		w.Header().Set("Server-Timing", "app;dur=0.25")
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"values":[1,2,3],"positions":[0,1,2]}`))
	}
	mux.HandleFunc("/v1/select", h)
	mux.HandleFunc("/v1/ping", h)
	mux.HandleFunc("/v1/echo", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"error":"nope"}`, 400)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://")
}

type rawC struct{}

func (rawC) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(*(v.(*[]byte)))}, nil
}
func (rawC) Unmarshal(d mem.BufferSlice, v any) error { *(v.(*[]byte)) = d.Materialize(); return nil }
func (rawC) Name() string                             { return "proto" }

func grpcServer(t *testing.T) string {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer(grpc.ForceServerCodecV2(rawC{}), grpc.UnknownServiceHandler(func(_ any, st grpc.ServerStream) error {
		var in []byte
		if err := st.RecvMsg(&in); err != nil {
			return err
		}
		m, _ := grpc.MethodFromServerStream(st)
		st.SetTrailer(metadata.Pairs("server-timing", "app;dur=0.125"))
		if strings.HasSuffix(m, "/Echo") {
			return status.Error(codes.InvalidArgument, "bad echo")
		}
		out := []byte{}
		return st.SendMsg(&out)
	}))
	go srv.Serve(lis)
	t.Cleanup(srv.Stop)
	return lis.Addr().String()
}

func runJob(t *testing.T, js string) ([]frame.Decoded, map[string]any) {
	t.Helper()
	j, err := job.Parse([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	var out syncBuf
	t0 := time.Now()
	sink := frame.NewSink(&out, j.MaxRecords(), t0)
	r := &Runner{Job: j, Sink: sink, T0: t0}
	if err := r.Prepare(); err != nil {
		t.Fatal(err)
	}
	extra, err := r.Run()
	if err != nil {
		t.Fatal(err)
	}
	sink.Close(extra)
	frames, rest := frame.Parse(out.b.Bytes())
	if rest != 0 {
		t.Fatalf("%d trailing bytes", rest)
	}
	last := frames[len(frames)-1]
	if last.Type != frame.TypeJSON || last.Event["event"] != "done" {
		t.Fatalf("last frame is not done: %+v", last)
	}
	return frames, last.Event
}

func samples(fs []frame.Decoded) []frame.Sample {
	var out []frame.Sample
	for _, f := range fs {
		if f.Type == frame.TypeSample {
			out = append(out, f.Sample)
		}
	}
	return out
}

func jobJSON(target, proto, op, load string, warm, req int, treatments int) string {
	var ts []string
	var ids []string
	for i := 0; i < treatments; i++ {
		ts = append(ts, `{"id":`+itoa(i)+`,"implementation":"x","protocol":"`+proto+`","target":"`+target+`","operation":"`+op+`","payload":{"kind":"int64s","count":200,"min":0,"max":1000,"seed":1}}`)
		ids = append(ids, itoa(i))
	}
	return `{"version":1,"treatments":[` + strings.Join(ts, ",") + `],"connection":"reuse","timeout_s":5,"load":` + load +
		`,"blocks":[{"repetition":1,"treatments":[` + strings.Join(ids, ",") + `],"warmup":` + itoa(warm) + `,"requests":` + itoa(req) + `,"order":"shuffled","seed":3},` +
		`{"repetition":2,"treatments":[` + strings.Join(ids, ",") + `],"warmup":` + itoa(warm) + `,"requests":` + itoa(req) + `}]}`
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

func checkCounts(t *testing.T, ss []frame.Sample, treatments, warm, req int) {
	t.Helper()
	type key struct {
		tr  uint16
		rep uint32
	}
	seqs := map[key]map[uint32]uint8{}
	for _, s := range ss {
		if !s.OK {
			t.Fatalf("failed sample: %+v", s)
		}
		if s.ServerNs <= 0 {
			t.Fatalf("no server timing: %+v", s)
		}
		k := key{s.Treatment, s.Repetition}
		if seqs[k] == nil {
			seqs[k] = map[uint32]uint8{}
		}
		if _, dup := seqs[k][s.Seq]; dup {
			t.Fatalf("duplicate seq %+v", s)
		}
		seqs[k][s.Seq] = s.Phase
	}
	if len(seqs) != treatments*2 {
		t.Fatalf("got %d (treatment, repetition) pairs, want %d", len(seqs), treatments*2)
	}
	for k, m := range seqs {
		if len(m) != warm+req {
			t.Fatalf("%v: %d samples, want %d", k, len(m), warm+req)
		}
		for seq, ph := range m {
			want := uint8(frame.PhaseMeasure)
			if int(seq) < warm {
				want = frame.PhaseWarmup
			}
			if ph != want || int(seq) >= warm+req {
				t.Fatalf("%v seq %d phase %d", k, seq, ph)
			}
		}
	}
}

func TestCountsExactAllModels(t *testing.T) {
	rest := restServer(t, 0)
	grpcT := grpcServer(t)
	loads := []string{
		`{"model":"sequential"}`,
		`{"model":"closed","concurrency":7}`,
		`{"model":"closed","concurrency":4,"grpc_mode":"streams"}`,
		`{"model":"open","rate_per_s":2000,"concurrency":8}`,
		`{"model":"closed","concurrency":3,"rest_client":"net/http"}`,
		`{"model":"sequential","rest_client":"raw"}`,
		`{"model":"closed","concurrency":7,"rest_client":"raw"}`,
		`{"model":"closed","concurrency":7,"event_loops":3}`,
		`{"model":"closed","concurrency":2,"event_loops":5,"busy_poll_us":0}`,
		`{"model":"closed","concurrency":1,"rest_client":"epoll"}`,
		`{"model":"open","rate_per_s":2000,"concurrency":8,"rest_client":"epoll"}`,
	}
	for _, load := range loads {
		for _, p := range []struct{ proto, target string }{{"rest", rest}, {"grpc", grpcT}} {
			t.Run(p.proto+load, func(t *testing.T) {
				fs, done := runJob(t, jobJSON(p.target, p.proto, "select", load, 5, 53, 2))
				ss := samples(fs)
				checkCounts(t, ss, 2, 5, 53)
				if int(done["samples"].(float64)) != len(ss) || len(ss) != 2*2*58 {
					t.Fatalf("done %v vs %d samples", done, len(ss))
				}
			})
		}
	}
}

func TestClosedDuration(t *testing.T) {
	for _, load := range []string{`{"model":"closed","concurrency":4,"duration_s":0.3}`,
		`{"model":"closed","concurrency":4,"duration_s":0.3,"event_loops":2}`,
		`{"model":"closed","concurrency":4,"duration_s":0.3,"rest_client":"raw"}`} {
		t.Run(load, func(t *testing.T) { closedDuration(t, load) })
	}
}

func closedDuration(t *testing.T, load string) {
	rest := restServer(t, 0)
	start := time.Now()
	fs, done := runJob(t, jobJSON(rest, "rest", "ping", load, 2, 0, 1))
	if el := time.Since(start); el < 600*time.Millisecond || el > 3*time.Second {
		t.Fatalf("two blocks of 0.3 s took %v", el)
	}
	ss := samples(fs)
	seen := map[uint32]map[uint32]bool{}
	for _, s := range ss {
		if seen[s.Repetition] == nil {
			seen[s.Repetition] = map[uint32]bool{}
		}
		seen[s.Repetition][s.Seq] = true
	}
	for rep, m := range seen { // contiguous seqs
		for i := uint32(0); i < uint32(len(m)); i++ {
			if !m[i] {
				t.Fatalf("rep %d: seq %d missing of %d", rep, i, len(m))
			}
		}
	}
	if len(ss) < 50 {
		t.Fatalf("only %d samples", len(ss))
	}
	hist := 0
	for _, f := range fs {
		if f.Type == frame.TypeJSON && f.Event["event"] == "histogram" {
			hist += int(f.Event["count"].(float64))
		}
	}
	if hist != len(ss) {
		t.Fatalf("histograms count %d, samples %d (done %v)", hist, len(ss), done)
	}
}

func TestOpenCorrectsCoordinatedOmission(t *testing.T) {
	rest := restServer(t, 2*time.Millisecond) // serves at most ~500/s on one connection
	fs, _ := runJob(t, jobJSON(rest, "rest", "ping", `{"model":"open","rate_per_s":1000,"concurrency":1}`, 0, 200, 1))
	ss := samples(fs)
	var lastQ, lastLat int64
	for _, s := range ss {
		if s.Repetition == 1 && s.Seq == 199 {
			lastQ, lastLat = s.QueueNs, s.LatencyNs
		}
	}
	if lastQ < int64(50*time.Millisecond) || lastLat-lastQ > int64(50*time.Millisecond) {
		t.Fatalf("queue %v, latency %v: expected growing queue, small uncorrected latency", time.Duration(lastQ), time.Duration(lastLat))
	}
	warned := false
	for _, f := range fs {
		if f.Type == frame.TypeJSON && f.Event["event"] == "warning" && strings.Contains(f.Event["message"].(string), "behind schedule") {
			warned = true
		}
	}
	if !warned {
		t.Fatal("no behind-schedule warning")
	}
}

func TestFailuresAreSamples(t *testing.T) {
	lis, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := lis.Addr().String()
	lis.Close()
	rest, grpcT := restServer(t, 0), grpcServer(t)
	cases := []struct{ proto, target, op, prefix string }{
		{"rest", closed, "ping", "refused:"},
		{"grpc", closed, "ping", "refused:"},
		{"rest", rest, "echo", "http_400:"},
		{"grpc", grpcT, "echo", "grpc_INVALID_ARGUMENT:"},
	}
	for _, c := range cases {
		for _, load := range []string{`{"model":"sequential"}`, `{"model":"closed","concurrency":3}`,
			`{"model":"sequential","rest_client":"raw"}`, `{"model":"closed","concurrency":3,"rest_client":"raw"}`} {
			fs, done := runJob(t, jobJSON(c.target, c.proto, c.op, load, 1, 10, 1))
			ss := samples(fs)
			if len(ss) != 22 {
				t.Fatalf("%v: %d samples", c, len(ss))
			}
			for _, s := range ss {
				if s.OK || !strings.HasPrefix(s.Err, c.prefix) {
					t.Fatalf("%v: sample %+v", c, s)
				}
			}
			errs := done["errors"].(map[string]any)
			if errs[strings.TrimSuffix(c.prefix, ":")].(float64) != 22 {
				t.Fatalf("%v: errors %v", c, errs)
			}
		}
	}
}

func TestMaxRecordsCap(t *testing.T) {
	rest := restServer(t, 0)
	fs, done := runJob(t, jobJSON(rest, "rest", "ping", `{"model":"closed","concurrency":2,"max_records":30}`, 0, 50, 1))
	if n := len(samples(fs)); n != 30 {
		t.Fatalf("%d S frames, want 30", n)
	}
	if done["requests"].(float64) != 100 || done["samples_capped"].(float64) != 70 {
		t.Fatalf("done %v", done)
	}
	total := 0.0
	for _, f := range fs {
		if f.Type == frame.TypeJSON && f.Event["event"] == "summary" {
			total += f.Event["count"].(float64)
		}
	}
	if total != 100 {
		t.Fatalf("summaries count %v", total)
	}
}

// Vector from app/bancada/drivers/python.py: round_orders([0,1,2,3], 3, "shuffled", 5).
func TestShuffleMatchesPythonDriver(t *testing.T) {
	ids := []int{0, 1, 2, 3}
	rng := pick.NewSplitMix64(5)
	want := [][]int{{0, 3, 1, 2}, {1, 0, 2, 3}, {3, 2, 1, 0}}
	for _, w := range want {
		Shuffle(ids, rng)
		for i := range w {
			if ids[i] != w[i] {
				t.Fatalf("got %v want %v", ids, w)
			}
		}
	}
}

// The socket engines (rest_client "epoll": sequential on a blocking socket,
// closed on the event loop) against a server that closes every 10th
// connection (Connection: close), resets some and times out others: counts
// stay exact, every request is one sample with the right error kind, and the
// engines reconnect.
func TestEpollEngineErrorsAndReconnects(t *testing.T) {
	var n, conns atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/ping", func(w http.ResponseWriter, r *http.Request) {
		i := n.Add(1)
		w.Header().Set("Server-Timing", "app;dur=0.25")
		switch {
		case i%10 == 0:
			w.Header().Set("Connection", "close")
		case i%17 == 0: // reset: hijack and close without an answer
			c, _, _ := w.(http.Hijacker).Hijack()
			c.Close()
			return
		case i%23 == 0:
			time.Sleep(300 * time.Millisecond) // past timeout_s
		case i%29 == 0:
			w.WriteHeader(502)
			w.Write([]byte("bad gateway"))
			return
		}
		w.Write([]byte(`{}`))
	})
	srv := httptest.NewUnstartedServer(mux)
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	target := strings.TrimPrefix(srv.URL, "http://")
	for _, load := range []string{`{"model":"sequential","rest_client":"epoll"}`, `{"model":"closed","concurrency":4,"rest_client":"epoll"}`} {
		n.Store(0)
		conns.Store(0)
		js := strings.Replace(jobJSON(target, "rest", "ping", load, 3, 97, 1), `"timeout_s":5`, `"timeout_s":0.15`, 1)
		fs, done := runJob(t, js)
		ss := samples(fs)
		if len(ss) != 200 || done["requests"].(float64) != 200 {
			t.Fatalf("%s: %d samples, done %v", load, len(ss), done)
		}
		kinds := map[string]int{}
		seqs := map[[2]uint32]bool{}
		for _, s := range ss {
			k := "ok"
			if !s.OK {
				k = s.Err[:strings.IndexByte(s.Err, ':')]
			} else if s.ServerNs != 250000 {
				t.Fatalf("%s: server timing %+v", load, s)
			}
			kinds[k]++
			seqs[[2]uint32{s.Repetition, s.Seq}] = true
			if s.Seq >= 100 || (s.Seq < 3) != (s.Phase == frame.PhaseWarmup) {
				t.Fatalf("%s: %+v", load, s)
			}
		}
		if len(seqs) != 200 || kinds["reset"] == 0 || kinds["timeout"] == 0 || kinds["http_502"] == 0 || kinds["ok"] < 150 {
			t.Fatalf("%s: kinds %v, %d distinct seqs", load, kinds, len(seqs))
		}
		errs := done["errors"].(map[string]any)
		if int(errs["timeout"].(float64)) != kinds["timeout"] || int(errs["reset"].(float64)) != kinds["reset"] {
			t.Fatalf("%s: done errors %v vs %v", load, errs, kinds)
		}
		if c := conns.Load(); c < 20 {
			t.Fatalf("%s: only %d connections for 20 Connection: close", load, c)
		}
	}
}
