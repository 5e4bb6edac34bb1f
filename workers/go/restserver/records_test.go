package restserver

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/contract/go/restapi"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// Without a database: refused requests answer 400 (they are checked first),
// valid ones 503 with the contract's message, and the other methods work.
func TestDatabaseMethodsWithoutDatabase(t *testing.T) {
	b := startBench(t, service.Config{})
	noDB := "no database: the worker was started without BANCADA_DATABASE_URL"
	cases := []struct {
		method, path, body string
		status             int
		says               string
	}{
		{"GET", "/v1/pets?limit=10", ``, 503, noDB},
		{"GET", "/v1/people?limit=1000", ``, 503, noDB},
		{"GET", "/v1/pets?limit=1&other=x", ``, 503, noDB},
		{"POST", "/v1/pets", `{"name":"Rex","age":3,"type":"dog"}`, 503, noDB},
		{"POST", "/v1/people", `{"first_name":"Ana","last_name":"Lima","email":"ana@example.com","age":30}`, 503, noDB},
		{"GET", "/v1/pets", ``, 400, "limit must be between 1 and 1000, got 0"},
		{"GET", "/v1/pets?limit=0", ``, 400, "limit must be between 1 and 1000, got 0"},
		{"GET", "/v1/people?limit=1001", ``, 400, "limit must be between 1 and 1000, got 1001"},
		{"GET", "/v1/pets?limit=-3", ``, 400, "got -3"},
		{"GET", "/v1/pets?limit=ten", ``, 400, `limit must be a decimal integer`},
		{"GET", "/v1/pets?limit=1.5", ``, 400, `limit must be a decimal integer`},
		{"GET", "/v1/people?limit=99999999999", ``, 400, `limit must be a decimal integer`},
		{"POST", "/v1/pets", `{"name":"","age":3,"type":"dog"}`, 400, "name must not be empty"},
		{"POST", "/v1/pets", `{"name":"Rex","age":-1,"type":"dog"}`, 400, "age must be between 0 and 200, got -1"},
		{"POST", "/v1/pets", `{"name":"Rex","age":3}`, 400, "type must not be empty"},
		{"POST", "/v1/pets", `{"name":"Rex","age":"3","type":"dog"}`, 400, "malformed create pet request"},
		{"POST", "/v1/pets", `{"name":"Rex","age":3,"type":"dog"`, 400, "malformed"},
		{"POST", "/v1/people", `{"first_name":"Ana","last_name":"Lima","email":"ana.example.com","age":30}`, 400, "email must be an address"},
		{"POST", "/v1/people", `{"first_name":" ","last_name":"Lima","email":"ana@example.com","age":30}`, 400, "first_name must not be empty"},
		{"POST", "/v1/people", `{"first_name":"Ana","last_name":"Lima","email":"ana@example.com","age":201}`, 400, "age must be between"},
		{"DELETE", "/v1/pets", ``, 405, "use GET, POST"},
		{"PUT", "/v1/people", `{}`, 405, "use GET, POST"},
	}
	for _, c := range cases {
		status, body := b.do(c.method, c.path, []byte(c.body))
		var e restapi.Error
		if status != c.status || json.Unmarshal(body, &e) != nil || !strings.Contains(e.Error, c.says) {
			t.Errorf("%s %s %s: %d %s, want %d saying %q", c.method, c.path, c.body, status, body, c.status, c.says)
		}
	}
	if status, body := b.do("GET", "/v1/ping", nil); status != 200 || string(body) != "{}" {
		t.Errorf("ping without a database: %d %s", status, body)
	}
	var sum restapi.SumResponse
	b.post("/v1/sum", restapi.SumRequest{Values: []int64{1, 2}}, &sum)
	if sum.Sum != 3 {
		t.Errorf("sum without a database: %d", sum.Sum)
	}
}

func TestAllowListsBothMethods(t *testing.T) {
	b := startBench(t, service.Config{})
	req, _ := http.NewRequest(http.MethodPatch, b.base+"/v1/pets", nil)
	resp, err := b.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, POST" {
		t.Errorf("PATCH /v1/pets: %d Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
}
