package graphqlserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/workers/go/graphqlapi"
	"github.com/bancada-lab/bancada/workers/go/internal/vectors"
	"github.com/bancada-lab/bancada/workers/go/service"
)

const accept = "application/graphql-response+json, application/json"

type answer struct {
	Errors []struct {
		Message    string         `json:"message"`
		Path       []any          `json:"path"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
	Data json.RawMessage `json:"data"`
}

// post sends body to the GraphQL endpoint and checks Server-Timing and the media type.
func post(t *testing.T, srv *httptest.Server, body []byte, acceptHeader string) (int, answer, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, srv.URL+Path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if acceptHeader != "" {
		req.Header.Set("Accept", acceptHeader)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if d, err := service.ParseServerTiming(resp.Header.Get("Server-Timing")); err != nil || d <= 0 {
		t.Fatalf("Server-Timing %q (%v)", resp.Header.Get("Server-Timing"), err)
	}
	want := "application/json"
	if strings.Contains(acceptHeader, "graphql-response") {
		want = "application/graphql-response+json"
	}
	if ct := resp.Header.Get("Content-Type"); ct != want {
		t.Fatalf("Content-Type %q, want %q", ct, want)
	}
	var a answer
	if err := json.Unmarshal(raw, &a); err != nil {
		t.Fatalf("answer %s: %v", raw, err)
	}
	return resp.StatusCode, a, raw
}

func TestSchemaIsTheContracts(t *testing.T) {
	contract, err := os.ReadFile(filepath.Join(filepath.Dir(vectors.Path()), "bench.graphql"))
	if err != nil {
		t.Fatal(err)
	}
	if string(contract) != Schema {
		t.Fatal("graphqlserver/schema.graphql differs from proto/bancada/v1/bench.graphql: run make -C workers proto-go")
	}
}

func TestMethodVectorsOverGraphQL(t *testing.T) {
	srv := httptest.NewServer(NewHandler(service.Config{}))
	defer srv.Close()
	cases, err := vectors.LoadMethods()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		body, err := graphqlapi.Body(c.Method, c.Request)
		if err != nil {
			t.Fatal(err)
		}
		status, a, raw := post(t, srv, body, accept)
		if c.Error != "" {
			// A value the contract rejects is a field error (200); an absent
			// required argument (no car, no b) cannot be coerced: a request error (400).
			if len(a.Errors) == 0 || (status != 200 && status != 400) {
				t.Errorf("%s %q: %d %s, want a GraphQL error (%s)", c.Method, c.Name, status, raw, c.Why)
			}
			if status == 200 && (a.Errors[0].Extensions["code"] != "INVALID_ARGUMENT" || string(a.Data) != "null") {
				t.Errorf("%s %q: field error %s without data null and code INVALID_ARGUMENT", c.Method, c.Name, raw)
			}
			continue
		}
		got, err := graphqlapi.Answer(c.Method, a.Data)
		if status != 200 || len(a.Errors) > 0 || err != nil {
			t.Errorf("%s %q: %d %s (%v)", c.Method, c.Name, status, raw, err)
			continue
		}
		want, _ := graphqlapi.RESTAnswerAsGraphQL(c.Method, c.Response)
		if same, err := vectors.SameJSON(got, want); !same {
			t.Errorf("%s %q: got %s, want %s (%v)", c.Method, c.Name, got, want, err)
		}
	}
}

func TestStatuses(t *testing.T) {
	srv := httptest.NewServer(NewHandler(service.Config{MaxMessageBytes: 1 << 20}))
	defer srv.Close()
	double := `{"query":"query D($v: Int64!) { double(value: $v) }","variables":{"v":%s}}`
	cases := []struct {
		name, body string
		status     int
		field      bool // a field error: data null, code INVALID_ARGUMENT
	}{
		{"not JSON", `{"query":`, 400, false},
		{"no query", `{"variables":{}}`, 400, false},
		{"query not a string", `{"query":3}`, 400, false},
		{"syntax error", `{"query":"{ ping "}`, 400, false},
		{"unknown field", `{"query":"{ nothing }"}`, 400, false},
		{"Int64 as a number", strings.Replace(double, "%s", `21`, 1), 400, false},
		{"Int64 with a plus", strings.Replace(double, "%s", `"+21"`, 1), 400, false},
		{"Int64 out of range", strings.Replace(double, "%s", `"9223372036854775808"`, 1), 400, false},
		{"missing variable", `{"query":"query D($v: Int64!) { double(value: $v) }"}`, 400, false},
		{"overflow", strings.Replace(double, "%s", `"4611686018427387904"`, 1), 200, true},
		{"select k > N", `{"query":"{ select(values: [\"1\"], k: 2) { values } }"}`, 200, true},
		{"echo with two kinds", `{"query":"mutation { echo(int64s: [], strings: []) { count } }"}`, 200, true},
		{"recolor to nothing", `{"query":"mutation { recolor(car: {brand: \"a\", model: \"b\", year: 1, colour: \"c\", price: 1, extras: []}, colour: \"\") { colour } }"}`, 200, true},
	}
	for _, c := range cases {
		status, a, raw := post(t, srv, []byte(c.body), accept)
		if status != c.status || len(a.Errors) == 0 || a.Errors[0].Message == "" {
			t.Errorf("%s: %d %s, want %d with errors", c.name, status, raw, c.status)
			continue
		}
		if c.field && (string(a.Data) != "null" || a.Errors[0].Extensions["code"] != "INVALID_ARGUMENT") {
			t.Errorf("%s: %s, want data null and code INVALID_ARGUMENT", c.name, raw)
		}
		if !c.field && a.Data != nil {
			t.Errorf("%s: a request error with data: %s", c.name, raw)
		}
	}
	// application/json only: 200 for a request error (the spec's rule for that media type), 400 when not well-formed.
	if status, a, _ := post(t, srv, []byte(`{"query":"{ nothing }"}`), "application/json"); status != 200 || len(a.Errors) == 0 {
		t.Errorf("request error under application/json: %d", status)
	}
	if status, _, _ := post(t, srv, []byte(`[]`), ""); status != 400 {
		t.Errorf("not a GraphQL request without Accept: %d, want 400", status)
	}
	big := `{"query":"{ ping }","variables":{"x":"` + strings.Repeat("x", 2<<20) + `"}}`
	if status, a, _ := post(t, srv, []byte(big), accept); status != 413 || len(a.Errors) == 0 {
		t.Errorf("oversize: %d, want 413 with errors", status)
	}
	resp, err := srv.Client().Get(srv.URL + Path)
	if err != nil || resp.StatusCode != 405 {
		t.Errorf("GET: %v %v, want 405", resp, err)
	}
}

func TestSelectAndEchoOverGraphQL(t *testing.T) {
	srv := httptest.NewServer(NewHandler(service.Config{}))
	defer srv.Close()
	f, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range f.Select {
		rest, _ := json.Marshal(map[string]any{"values": c.Values, "k": c.K, "seed": c.Seed})
		body, _ := graphqlapi.Body("Select", rest)
		status, a, raw := post(t, srv, body, accept)
		got, _ := graphqlapi.Answer("Select", a.Data)
		wantREST, _ := json.Marshal(map[string]any{"values": c.ValuesOut, "positions": c.Positions})
		want, _ := graphqlapi.RESTAnswerAsGraphQL("Select", wantREST)
		if same, _ := vectors.SameJSON(got, want); status != 200 || !same {
			t.Errorf("select seed %d k %d: %d %s, want %s", c.Seed, c.K, status, raw, want)
		}
	}
	rest := []byte(`{"records":[{"id":-9223372036854775808,"value":0.5,"name":"é","tags":[9223372036854775807]}],"echo":true}`)
	body, _ := graphqlapi.Body("Echo", rest)
	status, a, raw := post(t, srv, body, accept)
	got, _ := graphqlapi.Answer("Echo", a.Data)
	want, _ := graphqlapi.RESTAnswerAsGraphQL("Echo", []byte(`{"count":1,"int64s":null,"doubles":null,"strings":null,`+
		`"records":[{"id":-9223372036854775808,"value":0.5,"name":"é","tags":[9223372036854775807]}]}`))
	if same, _ := vectors.SameJSON(got, want); status != 200 || !same {
		t.Errorf("echo records: %d %s, want %s", status, raw, want)
	}
}
