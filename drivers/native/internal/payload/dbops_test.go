package payload

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"google.golang.org/protobuf/proto"

	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

func dbTreatment(op, protocol string, limit int) *job.Treatment {
	p := &job.Payload{}
	if limit > 0 {
		p.Limit = &limit
	}
	return &job.Treatment{ID: 1, Protocol: protocol, Target: "h:1", Operation: op, Payload: p}
}

func TestListRequestsAsTheContractSays(t *testing.T) {
	for _, c := range []struct{ op, rpc, path, field string }{
		{"list_pets", "ListPets", "/v1/pets", "pets"}, {"list_people", "ListPeople", "/v1/people", "people"}} {
		r, err := Build(dbTreatment(c.op, "rest", 100))
		if err != nil || r.HTTPMethod != "GET" || r.HTTPPath != c.path+"?limit=100" || r.HTTPBody != nil || r.Rows != 100 {
			t.Fatalf("%s REST: %+v %v", c.op, r, err)
		}
		r, _ = Build(dbTreatment(c.op, "grpc", 10))
		if r.GRPCMethod != "/bancada.v1.Bench/"+c.rpc || r.Rows != 10 {
			t.Fatalf("%s gRPC: %+v", c.op, r)
		}
		var m pb.ListPetsRequest // ListPeopleRequest has the same field 1
		if err := proto.Unmarshal(r.GRPCBody, &m); err != nil || m.Limit != 10 {
			t.Fatalf("%s gRPC body: %v %v", c.op, &m, err)
		}
		r, _ = Build(dbTreatment(c.op, "jsonrpc", 1000))
		if r.HTTPPath != "/v1/jsonrpc" || string(r.HTTPBody) != `{"id":1,"jsonrpc":"2.0","method":"`+c.rpc+`","params":{"limit":1000}}` {
			t.Fatalf("%s JSON-RPC: %s %s", c.op, r.HTTPPath, r.HTTPBody)
		}
		r, _ = Build(dbTreatment(c.op, "graphql", 10))
		var g struct {
			Query, OperationName string
			Variables            map[string]any
		}
		if err := json.Unmarshal(r.HTTPBody, &g); err != nil || r.HTTPPath != "/v1/graphql" || g.OperationName != c.rpc ||
			g.Variables["limit"] != float64(10) || !strings.HasPrefix(g.Query, "query "+c.rpc+"($limit: Int!) { "+c.field+"(limit: $limit) { id ") {
			t.Fatalf("%s GraphQL: %s", c.op, r.HTTPBody)
		}
	}
	if _, err := Build(dbTreatment("list_pets", "rest", 0)); err == nil {
		t.Fatal("a list without a limit must be refused")
	}
}

// the contract's email rule (bench.proto, CreatePerson)
var emailRE = regexp.MustCompile(`^[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]$`)

func TestCreateRecordsAreValidAndDeterministic(t *testing.T) {
	seen := map[string]bool{}
	for seq := uint64(0); seq < 200; seq++ {
		p := NewPet(7, seq)
		if strings.TrimSpace(p.Name) == "" || strings.TrimSpace(p.Type) == "" || p.Age < 0 || p.Age > 200 {
			t.Fatalf("pet %d invalid: %v", seq, p)
		}
		x := NewPerson(7, seq)
		if x.FirstName == "" || x.LastName == "" || x.Age < 0 || x.Age > 200 || !emailRE.MatchString(x.Email) {
			t.Fatalf("person %d invalid: %v", seq, x)
		}
		paragraphs := strings.Split(x.Biography, "\n\n")
		if len(paragraphs) != 5 || strings.Count(paragraphs[0], ".") != 5 || len(strings.Fields(paragraphs[0])) != 35 {
			t.Fatalf("biography is not 5 paragraphs of 5 sentences of 7 words: %q", x.Biography)
		}
		if !proto.Equal(p, NewPet(7, seq)) || !proto.Equal(x, NewPerson(7, seq)) {
			t.Fatal("the same seed and seq must give the same record")
		}
		seen[x.Email] = true
	}
	if len(seen) != 200 {
		t.Fatal("emails repeat")
	}
	if proto.Equal(NewPet(7, 3), NewPet(8, 3)) && proto.Equal(NewPerson(7, 3), NewPerson(8, 3)) {
		t.Fatal("another seed should give other records")
	}
	// the values app/bancada/wire/db_requests.py computes (tests/drivers checks the same vectors)
	if p := NewPet(1, 0); p.Name != petVector.name || p.Age != petVector.age || p.Type != petVector.typ {
		t.Fatalf("NewPet(1, 0) = %v, want %+v", p, petVector)
	}
}

var petVector = struct {
	name string
	age  int32
	typ  string
}{"Luna 0", 7, "dog"}

func TestCreateRequestsAsTheContractSays(t *testing.T) {
	tr := dbTreatment("create_person", "rest", 0)
	r0, _ := BuildSeq(tr, 0)
	r1, _ := BuildSeq(tr, 1)
	if r0.HTTPMethod != "POST" || r0.HTTPPath != "/v1/people" || string(r0.HTTPBody) == string(r1.HTTPBody) {
		t.Fatalf("REST create_person: %s %s", r0.HTTPPath, r0.HTTPBody)
	}
	var body map[string]any
	json.Unmarshal(r0.HTTPBody, &body)
	for _, k := range []string{"first_name", "last_name", "email", "age", "phone", "gender", "biography"} {
		if _, ok := body[k]; !ok {
			t.Fatalf("REST body lacks %s: %s", k, r0.HTTPBody)
		}
	}
	r, _ := BuildSeq(dbTreatment("create_pet", "grpc", 0), 5)
	var m pb.CreatePetRequest
	if err := proto.Unmarshal(r.GRPCBody, &m); err != nil || r.GRPCMethod != "/bancada.v1.Bench/CreatePet" || !proto.Equal(&m, NewPet(1, 5)) {
		t.Fatalf("gRPC create_pet: %v %v", &m, err)
	}
	r, _ = BuildSeq(dbTreatment("create_pet", "jsonrpc", 0), 5)
	var call struct {
		Method string
		Params map[string]any
	}
	json.Unmarshal(r.HTTPBody, &call)
	if call.Method != "CreatePet" || call.Params["name"] != NewPet(1, 5).Name {
		t.Fatalf("JSON-RPC create_pet: %s", r.HTTPBody)
	}
	r, _ = BuildSeq(dbTreatment("create_pet", "graphql", 0), 5)
	var g struct {
		Query     string
		Variables struct{ Input map[string]any }
	}
	json.Unmarshal(r.HTTPBody, &g)
	if !strings.HasPrefix(g.Query, "mutation CreatePet($input: PetInput!) { createPet(input: $input) {") || g.Variables.Input["type"] != NewPet(1, 5).Type {
		t.Fatalf("GraphQL create_pet: %s", r.HTTPBody)
	}
}
