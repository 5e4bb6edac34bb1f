package graphqlserver

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/contract/go/graphqlapi"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// Without a database: refused arguments are field errors with code
// INVALID_ARGUMENT, valid calls field errors with code UNAVAILABLE and the
// contract's message (both 200 with data null).
func TestDatabaseMethodsWithoutDatabase(t *testing.T) {
	srv := httptest.NewServer(NewHandler(service.Config{}))
	defer srv.Close()
	noDB := "no database: the worker was started without BANCADA_DATABASE_URL"
	cases := []struct {
		op, rest, code, says string
	}{
		{"ListPets", `{"limit":10}`, "UNAVAILABLE", noDB},
		{"ListPeople", `{"limit":100}`, "UNAVAILABLE", noDB},
		{"CreatePet", `{"name":"Rex","age":3,"type":"dog"}`, "UNAVAILABLE", noDB},
		{"CreatePerson", `{"first_name":"Ana","last_name":"Lima","email":"ana@example.com","age":30,"phone":"","gender":"","biography":""}`, "UNAVAILABLE", noDB},
		{"ListPets", `{"limit":0}`, "INVALID_ARGUMENT", "got 0"},
		{"ListPeople", `{"limit":1001}`, "INVALID_ARGUMENT", "got 1001"},
		{"CreatePet", `{"name":"  ","age":3,"type":"dog"}`, "INVALID_ARGUMENT", "name must not be empty"},
		{"CreatePet", `{"name":"Rex","age":-2,"type":"dog"}`, "INVALID_ARGUMENT", "age must be between 0 and 200"},
		{"CreatePerson", `{"first_name":"Ana","last_name":"Lima","email":"ana at example.com","age":30,"phone":"","gender":"","biography":""}`, "INVALID_ARGUMENT", "email must be an address"},
	}
	for _, c := range cases {
		body, err := graphqlapi.Body(c.op, []byte(c.rest))
		if err != nil {
			t.Fatal(err)
		}
		status, a, raw := post(t, srv, body, accept)
		if status != 200 || len(a.Errors) != 1 || string(a.Data) != "null" ||
			a.Errors[0].Extensions["code"] != c.code || !strings.Contains(a.Errors[0].Message, c.says) {
			t.Errorf("%s %s: %d %s, want a field error %s saying %q", c.op, c.rest, status, raw, c.code, c.says)
		}
	}
	// A PetInput without its required fields is not a request the schema accepts: 400.
	body, _ := graphqlapi.Body("CreatePet", []byte(`{"name":"Rex"}`))
	if status, a, raw := post(t, srv, body, accept); status != 400 || len(a.Errors) == 0 {
		t.Errorf("CreatePet without age and type: %d %s, want 400", status, raw)
	}
}
