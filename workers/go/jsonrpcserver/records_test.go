package jsonrpcserver

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/workers/go/service"
)

// Without a database: refused params are -32602, valid calls -32000 with the
// contract's message.
func TestDatabaseMethodsWithoutDatabase(t *testing.T) {
	srv := httptest.NewServer(NewHandler(service.Config{}))
	defer srv.Close()
	noDB := "no database: the worker was started without BANCADA_DATABASE_URL"
	cases := []struct {
		method, params string
		code           int
		says           string
	}{
		{"ListPets", `{"limit":10}`, CodeUnavailable, noDB},
		{"ListPeople", `{"limit":1000}`, CodeUnavailable, noDB},
		{"CreatePet", `{"name":"Rex","age":3,"type":"dog"}`, CodeUnavailable, noDB},
		{"CreatePerson", `{"first_name":"Ana","last_name":"Lima","email":"ana@example.com","age":30,"phone":"","gender":"","biography":""}`, CodeUnavailable, noDB},
		{"ListPets", `{}`, CodeInvalidParams, "limit must be between 1 and 1000, got 0"},
		{"ListPeople", `{"limit":1001}`, CodeInvalidParams, "got 1001"},
		{"ListPets", `{"limit":"10"}`, CodeInvalidParams, "malformed"},
		{"ListPets", `{"limit":10,"offset":5}`, CodeInvalidParams, "unknown field"},
		{"CreatePet", `{"name":"","age":3,"type":"dog"}`, CodeInvalidParams, "name must not be empty"},
		{"CreatePet", `{"name":"Rex","age":-1,"type":"dog"}`, CodeInvalidParams, "age must be between 0 and 200"},
		{"CreatePerson", `{"first_name":"Ana","last_name":"Lima","email":"ana@","age":30}`, CodeInvalidParams, "email must be an address"},
	}
	for i, c := range cases {
		body := `{"jsonrpc":"2.0","id":` + strings.Repeat("1", i+1) + `,"method":"` + c.method + `","params":` + c.params + `}`
		a := one(t, srv, body)
		if a.Error == nil || a.Error.Code != c.code || !strings.Contains(a.Error.Message, c.says) || a.Result != nil {
			t.Errorf("%s %s: %+v, want code %d saying %q", c.method, c.params, a.Error, c.code, c.says)
		}
	}
}
