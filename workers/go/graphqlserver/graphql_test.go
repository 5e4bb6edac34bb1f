package graphqlserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/contract/go/graphqlapi"
	"github.com/bancada-lab/bancada/contract/go/vectors"
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
	want := "application/json; charset=utf-8"
	if strings.Contains(acceptHeader, "graphql-response") {
		want = "application/graphql-response+json; charset=utf-8"
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
	for method, want := range map[string]int{http.MethodGet: 400, http.MethodPut: 405, http.MethodDelete: 405} {
		req, _ := http.NewRequest(method, srv.URL+Path, nil)
		resp, err := srv.Client().Do(req)
		if err != nil || resp.StatusCode != want {
			t.Errorf("%s without a query: %v %v, want %d", method, resp, err, want)
		}
	}
}

// send makes one request and returns its status, Content-Type and body.
func send(t *testing.T, srv *httptest.Server, method, target string, body []byte, headers map[string]string) (int, string, string) {
	t.Helper()
	req, _ := http.NewRequest(method, srv.URL+target, bytes.NewReader(body))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(raw)
}

func TestGraphQLOverHTTP(t *testing.T) {
	srv := httptest.NewServer(NewHandler(service.Config{}))
	defer srv.Close()
	ping := []byte(`{"query":"{ ping }"}`)
	jsonBody := map[string]string{"Content-Type": "application/json"}
	if status, _, raw := send(t, srv, http.MethodPost, Path, ping, nil); status != 415 {
		t.Errorf("POST without Content-Type: %d %s, want 415", status, raw)
	}
	if status, _, raw := send(t, srv, http.MethodPost, Path, ping, map[string]string{"Content-Type": "text/plain"}); status != 415 {
		t.Errorf("POST as text/plain: %d %s, want 415", status, raw)
	}
	for _, body := range []string{`{"query":"{ ping }","extensions":[1]}`, `{"query":"{ ping }","operationName":1}`, `{"query":"{ ping }","variables":"x"}`} {
		if status, _, raw := send(t, srv, http.MethodPost, Path, []byte(body), jsonBody); status != 400 {
			t.Errorf("%s: %d %s, want 400", body, status, raw)
		}
	}
	for accept, want := range map[string]string{
		"":                            mediaJSON,
		"*/*":                         mediaJSON,
		"application/*":               mediaJSON,
		"application/json":            mediaJSON,
		"application/json;q=0.5, */*": mediaJSON,
		mediaGraphQL + ";q=0.5, */*":  mediaJSON,
		"*/*;q=0.5, " + mediaGraphQL:  mediaGraphQL,
		mediaGraphQL + ";q=0.5, application/json": mediaJSON,
		"text/html": "",
	} {
		if got := responseMedia([]string{accept}); got != want {
			t.Errorf("Accept %q: %q, want %q", accept, got, want)
		}
	}
	if status, _, _ := send(t, srv, http.MethodPost, Path, ping, map[string]string{"Content-Type": "application/json", "Accept": "text/html"}); status != 406 {
		t.Errorf("Accept text/html: %d, want 406", status)
	}
	get := Path + "?query=" + url.QueryEscape("query D($v: Int64!) { double(value: $v) }") + "&variables=" + url.QueryEscape(`{"v":"21"}`)
	if status, ct, raw := send(t, srv, http.MethodGet, get, nil, nil); status != 200 || raw != `{"data":{"double":"42"}}` || ct != mediaJSON+"; charset=utf-8" {
		t.Errorf("GET a query: %d %q %s", status, ct, raw)
	}
	mutation := Path + "?query=" + url.QueryEscape(`mutation { echo(strings: ["a"]) { count } }`)
	if status, _, raw := send(t, srv, http.MethodGet, mutation, nil, nil); status != 405 {
		t.Errorf("GET a mutation: %d %s, want 405", status, raw)
	}
}

func TestIntrospectionIsTheSchemaAsWritten(t *testing.T) {
	srv := httptest.NewServer(NewHandler(service.Config{}))
	defer srv.Close()
	query := `{"query":"{ __schema { description types { name description } directives { name isRepeatable } } }"}`
	status, a, raw := post(t, srv, []byte(query), accept)
	if status != 200 || len(a.Errors) > 0 {
		t.Fatalf("introspection: %d %s", status, raw)
	}
	var data struct {
		Schema struct {
			Description *string
			Types       []struct {
				Name        string
				Description *string
			}
			Directives []struct {
				Name         string
				IsRepeatable bool
			}
		} `json:"__schema"`
	}
	if err := json.Unmarshal(a.Data, &data); err != nil {
		t.Fatal(err)
	}
	described := 0
	for _, typ := range data.Schema.Types {
		if typ.Name == "ID" {
			t.Errorf("the unused scalar ID is listed")
		}
		if typ.Description != nil && !strings.HasPrefix(typ.Name, "__") {
			described++
		}
	}
	if data.Schema.Description != nil || described == 0 || len(data.Schema.Directives) == 0 {
		t.Errorf("introspection: %s", raw)
	}
	// a field's description, through graph-gophers too (a query that also reads data)
	mixed := `{"query":"{ ping __type(name: \"Query\") { fields { name description } } }"}`
	if status, _, raw := post(t, srv, []byte(mixed), accept); status != 200 || !strings.Contains(string(raw), "the overhead floor") {
		t.Errorf("descriptions through graph-gophers: %d %s", status, raw)
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
