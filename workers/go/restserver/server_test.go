package restserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bancada-lab/bancada/contract/go/restapi"
	"github.com/bancada-lab/bancada/contract/go/vectors"
	"github.com/bancada-lab/bancada/workers/go/payload"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// bench is a REST worker served on a loopback port.
type bench struct {
	t    *testing.T
	base string
	http *http.Client
}

func startBench(t *testing.T, cfg service.Config) *bench {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	stop, serveErr := Start(lis, cfg)
	client := &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{}}
	t.Cleanup(func() {
		client.CloseIdleConnections()
		if err := stop(5 * time.Second); err != nil {
			t.Errorf("stop: %v", err)
		}
		if err := <-serveErr; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return &bench{t: t, base: "http://" + lis.Addr().String(), http: client}
}

// do sends a request and returns status and body; it fails the test unless
// the answer is JSON with a Server-Timing above zero.
func (b *bench) do(method, path string, body []byte) (int, []byte) {
	b.t.Helper()
	req, err := http.NewRequest(method, b.base+path, bytes.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	resp, err := b.http.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	d, err := service.ParseServerTiming(resp.Header.Get("Server-Timing"))
	if err != nil || d <= 0 {
		b.t.Fatalf("%s %s -> %d: Server-Timing %q not > 0 (%v)", method, path, resp.StatusCode, resp.Header.Get("Server-Timing"), err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		b.t.Fatalf("%s %s: Content-Type %q", method, path, ct)
	}
	return resp.StatusCode, out
}

// post marshals v as the body of POST path and decodes a 200 answer into out.
func (b *bench) post(path string, v, out any) {
	b.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		b.t.Fatal(err)
	}
	status, resp := b.do(http.MethodPost, path, body)
	if status != http.StatusOK {
		b.t.Fatalf("POST %s: %d %s", path, status, resp)
	}
	if err := json.Unmarshal(resp, out); err != nil {
		b.t.Fatalf("POST %s: answer %q: %v", path, resp, err)
	}
}

func TestSelectVectors(t *testing.T) {
	v, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	b := startBench(t, service.Config{})
	for _, tc := range v.Select {
		seed := tc.Seed
		var resp restapi.SelectResponse
		b.post("/v1/select", restapi.SelectRequest{Values: tc.Values, K: tc.K, Seed: &seed}, &resp)
		if !slices.Equal(resp.Positions, tc.Positions) || !slices.Equal(resp.Values, tc.ValuesOut) {
			t.Errorf("n=%d k=%d seed=%d: got %v %v, want %v %v", len(tc.Values), tc.K, tc.Seed,
				resp.Positions, resp.Values, tc.Positions, tc.ValuesOut)
		}
	}
}

func TestSelectPicksMembersReproducibly(t *testing.T) {
	b := startBench(t, service.Config{})
	values := payload.Int64s(204800, 0, 1000, 1)
	body := fmt.Sprintf(`{"values":%s,"seed":18446744073709551615}`, mustJSON(t, values))
	var first, again restapi.SelectResponse
	for _, out := range []*restapi.SelectResponse{&first, &again} {
		status, resp := b.do(http.MethodPost, "/v1/select", []byte(body))
		if status != http.StatusOK || json.Unmarshal(resp, out) != nil {
			t.Fatalf("select: %d %s", status, resp)
		}
	}
	if len(first.Positions) != 3 || len(first.Values) != 3 {
		t.Fatalf("default k: %+v", first)
	}
	for i, p := range first.Positions {
		if values[p] != first.Values[i] {
			t.Fatalf("position %d holds %d, answer says %d", p, values[p], first.Values[i])
		}
	}
	if !slices.Equal(first.Positions, again.Positions) {
		t.Fatalf("same seed: %v then %v", first.Positions, again.Positions)
	}
	var unseeded restapi.SelectResponse
	b.post("/v1/select", map[string]any{"values": values[:10], "k": 10}, &unseeded)
	sorted := slices.Clone(unseeded.Positions)
	slices.Sort(sorted)
	if !slices.Equal(sorted, []uint32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Fatalf("k=n unseeded positions %v are not a permutation", unseeded.Positions)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEchoCountsEachKind(t *testing.T) {
	b := startBench(t, service.Config{})
	int64s, doubles, strs := payload.Int64s(1000, -1<<63, 1<<63-1, 1), payload.Doubles(100, 2), payload.Strings(10, 7, 3)
	records := restapi.RecordsFromProto(payload.Records(2, 3, 4))
	requests := map[string]restapi.EchoRequest{
		"int64s":  {Int64s: &int64s},
		"doubles": {Doubles: &doubles},
		"strings": {Strings: &strs},
		"records": {Records: &records},
	}
	want := map[string]uint64{"int64s": 1000, "doubles": 100, "strings": 10, "records": 2}
	for kind, req := range requests {
		for _, echo := range []bool{false, true} {
			req.Echo = echo
			var resp restapi.EchoResponse
			b.post("/v1/echo", req, &resp)
			if resp.Count != want[kind] {
				t.Errorf("%s: count %d, want %d", kind, resp.Count, want[kind])
			}
			req.Echo = false
			back := restapi.EchoRequest{Int64s: resp.Int64s, Doubles: resp.Doubles, Strings: resp.Strings, Records: resp.Records}
			if echo && !bytes.Equal(mustJSON(t, back), mustJSON(t, req)) {
				t.Errorf("%s: echoed payload differs", kind)
			}
			if !echo && !bytes.Equal(mustJSON(t, back), []byte("{}")) {
				t.Errorf("%s: payload sent back without echo", kind)
			}
		}
	}
	// An empty array is a present kind with count 0.
	status, resp := b.do(http.MethodPost, "/v1/echo", []byte(`{"strings":[],"echo":true}`))
	if status != http.StatusOK || string(resp) != `{"count":0,"strings":[]}` {
		t.Errorf("empty strings: %d %s", status, resp)
	}
}

func TestEcho64MiB(t *testing.T) {
	b := startBench(t, service.Config{})
	// "-9000000000000000000," is 21 bytes.
	n := (64<<20)/21 + 1
	var body bytes.Buffer
	body.Grow(n*21 + 16)
	body.WriteString(`{"int64s":[`)
	for i := range n {
		if i > 0 {
			body.WriteByte(',')
		}
		body.WriteString(strconv.FormatInt(-9000000000000000000+int64(i), 10))
	}
	body.WriteString(`]}`)
	if body.Len() < 64<<20 {
		t.Fatalf("body is %d bytes, want >= 64 MiB", body.Len())
	}
	status, resp := b.do(http.MethodPost, "/v1/echo", body.Bytes())
	if want := fmt.Sprintf(`{"count":%d}`, n); status != http.StatusOK || string(resp) != want {
		t.Fatalf("64 MiB echo: %d %s, want %s", status, resp, want)
	}
}

func TestErrors(t *testing.T) {
	b := startBench(t, service.Config{MaxMessageBytes: 1 << 20})
	big := append([]byte(`{"int64s":[`), bytes.Repeat([]byte("1,"), 1<<20)...)
	big = append(big, []byte("1]}")...)
	cases := []struct {
		method, path, body string
		status             int
	}{
		{"POST", "/v1/select", `{"values":[1,2,3`, 400},
		{"POST", "/v1/select", `not json`, 400},
		{"POST", "/v1/select", `{"values":["a"]}`, 400},
		{"POST", "/v1/select", `{"values":[1.5]}`, 400},
		{"POST", "/v1/select", `{"values":[1,2,3],"k":-1}`, 400},
		{"POST", "/v1/select", `{"values":[1,2,3],"seed":-1}`, 400},
		{"POST", "/v1/select", `{"values":[]}`, 400},
		{"POST", "/v1/select", `{}`, 400},
		{"POST", "/v1/select", `{"values":[1,2],"k":3}`, 400},
		{"POST", "/v1/select", `{"values":[1,2]}`, 400},
		{"POST", "/v1/select", `[1,2,3]`, 400},
		{"POST", "/v1/echo", `{}`, 400},
		{"POST", "/v1/echo", `{"floats":[1.0]}`, 400},
		{"POST", "/v1/echo", `{"int64s":[1],"doubles":[1.0]}`, 400},
		{"POST", "/v1/echo", `{"int64s":1}`, 400},
		{"POST", "/v1/echo", `{"records":[{"id":"x"}]}`, 400},
		{"POST", "/v1/echo", string(big), 413},
		{"GET", "/v1/select", ``, 405},
		{"POST", "/v1/ping", `{}`, 405},
		{"DELETE", "/v1/info", ``, 405},
		{"GET", "/v1/nothing", ``, 404},
		{"GET", "/", ``, 404},
	}
	for _, tc := range cases {
		status, resp := b.do(tc.method, tc.path, []byte(tc.body))
		var e restapi.Error
		if status != tc.status || json.Unmarshal(resp, &e) != nil || e.Error == "" {
			name := tc.body
			if len(name) > 40 {
				name = name[:40] + "..."
			}
			t.Errorf("%s %s %s: got %d %s, want %d with an error", tc.method, tc.path, name, status, resp, tc.status)
		}
	}
	// The worker still answers afterwards.
	if status, resp := b.do("GET", "/v1/ping", nil); status != 200 || string(resp) != "{}" {
		t.Fatalf("ping after errors: %d %s", status, resp)
	}
}

func TestPingInfoAndDelay(t *testing.T) {
	const delay = 20 * time.Millisecond
	b := startBench(t, service.Config{Delay: delay})
	resp, err := b.http.Get(b.base + "/v1/ping")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if d, err := service.ParseServerTiming(resp.Header.Get("Server-Timing")); err != nil || d < delay {
		t.Errorf("ping server time %v (%v), want >= %v", d, err, delay)
	}
	status, body := b.do("GET", "/v1/info", nil)
	var info restapi.Info
	if status != 200 || json.Unmarshal(body, &info) != nil {
		t.Fatalf("info: %d %s", status, body)
	}
	if info.Implementation != "go-rest" || info.Language != "go" || info.Protocol != "rest" ||
		info.Version != service.Version || !strings.HasPrefix(info.Runtime, "go") || info.PID <= 0 {
		t.Errorf("info: %+v", info)
	}
}

func TestSmallJSON(t *testing.T) {
	h := NewHandler(service.Config{})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/json", nil))
	if rec.Code != http.StatusOK || strings.TrimSpace(rec.Body.String()) != `{"Ola":"Mundo!"}` {
		t.Fatalf("GET /json: %d %q", rec.Code, rec.Body.String())
	}
	if rec.Header().Get("Server-Timing") == "" {
		t.Fatal("GET /json: no Server-Timing")
	}
}
