package restserver

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/bancada-lab/bancada/workers/go/service"
)

// FuzzBodies: any body on any endpoint gets an answer — 200, or a 4xx with a JSON error —
// never a panic or a 5xx.
func FuzzBodies(f *testing.F) {
	for _, seed := range []string{`{"values":[1,2,3,4],"k":3,"seed":1}`, `{"int64s":[1,2],"echo":true}`,
		`{"records":[{"id":1,"value":2.5,"name":"a","tags":[1]}]}`, `{"values":[]}`, `{`, `null`, `[]`,
		`{"values":[1e400]}`, `{"k":-1,"values":[1]}`, "\x00\xff"} {
		f.Add("/v1/select", []byte(seed))
		f.Add("/v1/echo", []byte(seed))
	}
	for path, seed := range map[string]string{"/v1/double": `{"value":4611686018427387904}`,
		"/v1/sum": `{"values":[9223372036854775807,1]}`, "/v1/power-of-two": `{"text":"\u00e9\ud83d\ude00"}`,
		"/v1/recolor": `{"car":{"extras":null},"colour":"x"}`, "/v1/matmul": `{"a":{"order":2,"values":[1,2,3,4]},"b":{"order":2}}`,
		"/v1/void": ``, "/v1/pets": `{"name":"Rex","age":3,"type":"dog"}`,
		"/v1/people": `{"first_name":"Ana","last_name":"Lima","email":"a@b.co","age":-1}`} {
		f.Add(path, []byte(seed))
	}
	h := NewHandler(service.Config{})
	f.Fuzz(func(t *testing.T, path string, body []byte) {
		if _, ok, _ := find(routes[path], http.MethodPost); !ok {
			path = "/v1/select"
		}
		// The creates answer 503 to a valid body: this handler has no database.
		creates := path == "/v1/pets" || path == "/v1/people"
		req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if creates && rec.Code == http.StatusServiceUnavailable {
			return
		}
		if rec.Code >= 500 || (rec.Code != http.StatusOK && rec.Code/100 != 4) {
			t.Fatalf("status %d for body %q: %s", rec.Code, body, rec.Body.String())
		}
		if rec.Code != http.StatusOK && !bytes.Contains(rec.Body.Bytes(), []byte("error")) {
			t.Fatalf("status %d without a JSON error for body %q: %s", rec.Code, body, rec.Body.String())
		}
	})
}
