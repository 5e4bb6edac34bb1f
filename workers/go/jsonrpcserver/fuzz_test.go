package jsonrpcserver

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/bancada-lab/bancada/workers/go/service"
)

// FuzzCalls: any body gets a JSON-RPC answer (HTTP 200 with a response or an
// array of them, or 204 when everything was a notification), never a panic.
func FuzzCalls(f *testing.F) {
	for _, seed := range []string{`{"jsonrpc":"2.0","id":1,"method":"Double","params":{"value":21}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"Sum","params":{"values":[1,2]}},{"jsonrpc":"2.0","method":"Void"}]`,
		`{"jsonrpc":"2.0","id":{},"method":"Ping"}`, `[]`, `[1,2]`, `{`, `null`, `"x"`,
		`{"jsonrpc":"2.0","id":1,"method":"MatMul","params":{"a":{"order":1,"values":[1]}}}`,
		`{"jsonrpc":"2.0","id":1,"method":"ListPets","params":{"limit":10}}`,
		`{"jsonrpc":"2.0","id":1,"method":"CreatePerson","params":{"first_name":"A","last_name":"B","email":"a@b.co"}}`} {
		f.Add([]byte(seed))
	}
	h := NewHandler(service.Config{})
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest(http.MethodPost, Path, bytes.NewReader(body))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case http.StatusNoContent:
			return
		case http.StatusOK:
			if !json.Valid(rec.Body.Bytes()) {
				t.Fatalf("invalid JSON answer for %q: %s", body, rec.Body.String())
			}
		default:
			t.Fatalf("status %d for body %q: %s", rec.Code, body, rec.Body.String())
		}
	})
}
