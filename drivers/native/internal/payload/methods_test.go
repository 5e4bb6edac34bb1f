package payload

import (
	"bytes"
	"encoding/json"
	"math/big"
	"reflect"
	"strings"
	"testing"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/bancada-lab/bancada/drivers/native/internal/job"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols/graphql"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols/jsonrpc"
)

// pythonBodies are app/bancada/wire/payload.py's method_body for the spec of
// methodSpec (printed by the reference and pasted here): the two drivers
// must draw the same requests.
var pythonBodies = map[string]string{
	"void":         `{}`,
	"double":       `{"value":-3}`,
	"sum":          `{"values":[-3,-5,-5]}`,
	"power_of_two": `{"text":"lwwvk"}`,
	"recolor":      `{"car":{"brand":"Fiat","model":"Uno","year":1994,"colour":"red","price":8999.9,"extras":["lwwvk","teuhj","ziqgu"]},"colour":"blue"}`,
	"matmul": `{"a":{"order":2,"values":[-1.1017025160872844,-4.832117054718438,4.007606806068834,0.8293029302807806]},` +
		`"b":{"order":2,"values":[-0.47558104988531635,-2.5056847771725663,-0.32046995777126597,-1.7192326084749698]}}`,
}

func methodSpec() *job.Payload {
	count, order, strlen, seed := 3, 2, 5, uint64(7)
	lo, hi := -5.0, 5.0
	return &job.Payload{Count: count, Order: &order, StringLength: &strlen, Seed: &seed, Min: &lo, Max: &hi}
}

func TestMethodsDrawAsThePythonReference(t *testing.T) {
	for op, want := range pythonBodies {
		tr := &job.Treatment{Protocol: "rest", Operation: op, Payload: methodSpec()}
		rest, err := Build(tr)
		if err != nil {
			t.Fatal(err)
		}
		if same, err := sameJSON(rest.HTTPBody, []byte(want)); !same || err != nil {
			t.Errorf("%s: REST body %s, want %s (%v)", op, rest.HTTPBody, want, err)
		}
		if rest.HTTPMethod != "POST" || !strings.HasPrefix(rest.HTTPPath, "/v1/") {
			t.Errorf("%s: %s %s", op, rest.HTTPMethod, rest.HTTPPath)
		}
		// gRPC carries the same values: protobuf's JSON form of the message equals the REST body.
		tr.Protocol = "grpc"
		g, err := Build(tr)
		if err != nil {
			t.Fatal(err)
		}
		msg := methodMessage(op)
		if err := proto.Unmarshal(g.GRPCBody, msg); err != nil {
			t.Fatal(err)
		}
		expected := methodMessage(op)
		if err := protojson.Unmarshal([]byte(want), expected); err != nil {
			t.Fatal(err)
		}
		if !proto.Equal(msg, expected) {
			t.Errorf("%s: gRPC message %v, want %v", op, msg, expected)
		}
	}
}

func methodMessage(op string) proto.Message {
	return map[string]proto.Message{
		"void": &pb.VoidRequest{}, "double": &pb.DoubleRequest{}, "sum": &pb.SumRequest{},
		"power_of_two": &pb.PowerOfTwoRequest{}, "recolor": &pb.RecolorRequest{}, "matmul": &pb.MatMulRequest{},
	}[op]
}

func TestJSONRPCAndGraphQLEnvelopes(t *testing.T) {
	tr := &job.Treatment{Protocol: "jsonrpc", Operation: "sum", Payload: methodSpec()}
	r, err := Build(tr)
	if err != nil {
		t.Fatal(err)
	}
	if r.HTTPMethod != "POST" || r.HTTPPath != "/v1/jsonrpc" || r.Answer != jsonrpc.Answer {
		t.Fatalf("%s %s answer %v", r.HTTPMethod, r.HTTPPath, r.Answer)
	}
	want := `{"jsonrpc":"2.0","id":1,"method":"Sum","params":{"values":[-3,-5,-5]}}`
	if same, _ := sameJSON(r.HTTPBody, []byte(want)); !same {
		t.Errorf("JSON-RPC body %s, want %s", r.HTTPBody, want)
	}
	tr.Operation = "ping"
	if r, _ = Build(tr); string(r.HTTPBody) != `{"id":1,"jsonrpc":"2.0","method":"Ping"}` {
		t.Errorf("JSON-RPC ping %s", r.HTTPBody)
	}
	tr.Protocol, tr.Operation = "graphql", "recolor"
	if r, err = Build(tr); err != nil {
		t.Fatal(err)
	}
	var g struct {
		Query, OperationName string
		Variables            map[string]json.RawMessage
	}
	if err := json.Unmarshal(r.HTTPBody, &g); err != nil || r.HTTPPath != "/v1/graphql" || r.Answer != graphql.Answer {
		t.Fatalf("%s %s: %v", r.HTTPPath, r.HTTPBody, err)
	}
	if !strings.HasPrefix(g.Query, "mutation Recolor(") || g.OperationName != "Recolor" || string(g.Variables["colour"]) != `"blue"` {
		t.Errorf("GraphQL body %s", r.HTTPBody)
	}
	if !r.HasHeader("Accept") {
		t.Error("no Accept header on a GraphQL request")
	}
	tr.Operation = "double"
	if r, _ = Build(tr); !strings.Contains(string(r.HTTPBody), `"variables":{"value":"-3"}`) {
		t.Errorf("GraphQL double: int64 not a string: %s", r.HTTPBody)
	}
}

// sameJSON compares two JSON texts with numbers compared exactly by value.
func sameJSON(a, b []byte) (bool, error) {
	var va, vb any
	for _, x := range []struct {
		data []byte
		v    *any
	}{{a, &va}, {b, &vb}} {
		dec := json.NewDecoder(bytes.NewReader(x.data))
		dec.UseNumber()
		if err := dec.Decode(x.v); err != nil {
			return false, err
		}
	}
	return reflect.DeepEqual(exact(va), exact(vb)), nil
}

func exact(v any) any {
	switch x := v.(type) {
	case json.Number:
		r, _ := new(big.Rat).SetString(string(x))
		return r.RatString()
	case []any:
		for i := range x {
			x[i] = exact(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = exact(x[k])
		}
	}
	return v
}
