package jsonrpcserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/contract/go/vectors"
	"github.com/bancada-lab/bancada/workers/go/service"
)

type answer struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *Error          `json:"error"`
}

// post sends body and returns the HTTP status and the raw answer; every
// answer must carry Server-Timing.
func post(t *testing.T, srv *httptest.Server, body string) (int, []byte) {
	t.Helper()
	resp, err := srv.Client().Post(srv.URL+Path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if d, err := service.ParseServerTiming(resp.Header.Get("Server-Timing")); err != nil || d <= 0 {
		t.Fatalf("%s: Server-Timing %q (%v)", body, resp.Header.Get("Server-Timing"), err)
	}
	return resp.StatusCode, raw
}

func one(t *testing.T, srv *httptest.Server, body string) answer {
	t.Helper()
	status, raw := post(t, srv, body)
	var a answer
	if status != 200 || json.Unmarshal(raw, &a) != nil || a.JSONRPC != "2.0" {
		t.Fatalf("%s: %d %s", body, status, raw)
	}
	return a
}

func TestMethodVectorsOverJSONRPC(t *testing.T) {
	srv := httptest.NewServer(NewHandler(service.Config{}))
	defer srv.Close()
	cases, err := vectors.LoadMethods()
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, i, c.Method, c.Request)
		a := one(t, srv, body)
		if string(a.ID) != fmt.Sprint(i) {
			t.Errorf("%s %q: id %s", c.Method, c.Name, a.ID)
		}
		if c.Error != "" {
			if a.Error == nil || a.Error.Code != CodeInvalidParams || a.Result != nil {
				t.Errorf("%s %q: %+v, want -32602 (%s)", c.Method, c.Name, a, c.Why)
			}
			continue
		}
		if same, err := vectors.SameJSON(a.Result, c.Response); a.Error != nil || !same {
			t.Errorf("%s %q: result %s error %+v, want %s (%v)", c.Method, c.Name, a.Result, a.Error, c.Response, err)
		}
	}
}

func TestErrorCodes(t *testing.T) {
	srv := httptest.NewServer(NewHandler(service.Config{MaxMessageBytes: 1 << 20}))
	defer srv.Close()
	cases := []struct {
		body string
		code int
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"Ping"`, CodeParseError},
		{`nonsense`, CodeParseError},
		{`{"jsonrpc":"1.0","id":1,"method":"Ping"}`, CodeInvalidRequest},
		{`{"id":1,"method":"Ping"}`, CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":1,"method":3}`, CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":{},"method":"Ping"}`, CodeInvalidRequest},
		{`"Ping"`, CodeInvalidRequest},
		{`[]`, CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":1,"method":"Nothing"}`, CodeMethodNotFound},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, CodeMethodNotFound},
		{`{"jsonrpc":"2.0","id":1,"method":"Double","params":[21]}`, CodeInvalidParams},
		{`{"jsonrpc":"2.0","id":1,"method":"Double","params":"x"}`, CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":1,"method":"Double","params":{"value":"21"}}`, CodeInvalidParams},
		{`{"jsonrpc":"2.0","id":1,"method":"Double","params":{"value":21,"other":1}}`, CodeInvalidParams},
		{`{"jsonrpc":"2.0","id":1,"method":"Ping","params":{"x":1}}`, CodeInvalidParams},
		{`{"jsonrpc":"2.0","id":1,"method":"Select","params":{"values":[]}}`, CodeInvalidParams},
		{`{"jsonrpc":"2.0","id":1,"method":"Echo","params":{}}`, CodeInvalidParams},
	}
	for _, c := range cases {
		a := one(t, srv, c.body)
		if a.Error == nil || a.Error.Code != c.code || a.Error.Message == "" || a.Result != nil {
			t.Errorf("%s: %+v, want code %d", c.body, a, c.code)
		}
	}
	big := `{"jsonrpc":"2.0","id":1,"method":"Echo","params":{"strings":["` + strings.Repeat("x", 2<<20) + `"]}}`
	status, raw := post(t, srv, big)
	var a answer
	if status != 413 || json.Unmarshal(raw, &a) != nil || a.Error == nil || a.Error.Code != CodeInvalidRequest {
		t.Errorf("oversize: %d %s, want 413 with an invalid-request error", status, raw)
	}
	resp, err := srv.Client().Get(srv.URL + Path)
	if err != nil || resp.StatusCode != 405 {
		t.Errorf("GET: %v %v, want 405", resp, err)
	}
}

func TestBatchAndNotifications(t *testing.T) {
	srv := httptest.NewServer(NewHandler(service.Config{}))
	defer srv.Close()
	batch := `[
		{"jsonrpc":"2.0","id":"a","method":"Double","params":{"value":21}},
		{"jsonrpc":"2.0","method":"Void"},
		{"jsonrpc":"2.0","id":2,"method":"Nothing"},
		{"jsonrpc":"2.0","id":3,"method":"Sum","params":{"values":[1,2,3,4,5,6,7,8]}},
		17,
		{"jsonrpc":"2.0","id":null,"method":"PowerOfTwo","params":{"text":"abc"}}
	]`
	status, raw := post(t, srv, batch)
	var answers []answer
	if status != 200 || json.Unmarshal(raw, &answers) != nil || len(answers) != 5 {
		t.Fatalf("batch: %d %s, want 5 answers (the notification gets none)", status, raw)
	}
	want := []struct {
		id, result string
		code       int
	}{{`"a"`, `{"value":42}`, 0}, {`2`, ``, CodeMethodNotFound}, {`3`, `{"sum":36}`, 0}, {`null`, ``, CodeInvalidRequest}, {`null`, `{"power":"4"}`, 0}}
	for i, w := range want {
		a := answers[i]
		if string(a.ID) != w.id || (w.code == 0 && !bytes.Equal(a.Result, []byte(w.result))) || (w.code != 0 && (a.Error == nil || a.Error.Code != w.code)) {
			t.Errorf("answer %d: %s %s %+v, want id %s %s %d", i, a.ID, a.Result, a.Error, w.id, w.result, w.code)
		}
	}
	// Only notifications: nothing to answer, 204.
	if status, raw := post(t, srv, `[{"jsonrpc":"2.0","method":"Void"},{"jsonrpc":"2.0","method":"Ping"}]`); status != 204 || len(raw) != 0 {
		t.Errorf("notifications: %d %q, want 204 and no body", status, raw)
	}
	if status, raw := post(t, srv, `{"jsonrpc":"2.0","method":"Void"}`); status != 204 || len(raw) != 0 {
		t.Errorf("one notification: %d %q, want 204", status, raw)
	}
	a := one(t, srv, `{"jsonrpc":"2.0","id":7,"method":"Info"}`)
	var info struct{ Implementation, Protocol string }
	if json.Unmarshal(a.Result, &info) != nil || info.Implementation != "go-jsonrpc" || info.Protocol != "jsonrpc" {
		t.Errorf("info: %s", a.Result)
	}
}
