package payload

import (
	"encoding/json"
	"testing"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/contract/go/pick"
	"google.golang.org/protobuf/proto"

	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

func TestSplitMix64KnownValues(t *testing.T) {
	// Reference values of SplitMix64 with seed 0 (Vigna's splitmix64.c).
	r := pick.NewSplitMix64(0)
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want {
		if got := r.Next(); got != w {
			t.Fatalf("next %d = %#x, want %#x", i, got, w)
		}
	}
}

func TestSelectStdSize(t *testing.T) {
	k := 3
	tr := &job.Treatment{ID: 0, Protocol: "grpc", Operation: "select",
		Payload: &job.Payload{Kind: "int64s", Count: 200, K: &k}}
	req, err := Build(tr)
	if err != nil {
		t.Fatal(err)
	}
	var m pb.SelectRequest
	if err := proto.Unmarshal(req.GRPCBody, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Values) != 200 || m.K != 3 || m.Seed != nil {
		t.Fatalf("bad request: %d values, k=%d, seed=%v", len(m.Values), m.K, m.Seed)
	}
	for _, v := range m.Values {
		if v < 0 || v > 1000 {
			t.Fatalf("value %d outside 0..1000", v)
		}
	}
	tr.Protocol = "rest"
	req2, _ := Build(tr)
	var js struct {
		Values []int64 `json:"values"`
		K      int     `json:"k"`
	}
	if err := json.Unmarshal(req2.HTTPBody, &js); err != nil {
		t.Fatal(err)
	}
	if len(js.Values) != 200 || js.K != 3 || js.Values[7] != m.Values[7] {
		t.Fatalf("JSON and protobuf payloads differ")
	}
	if req2.HTTPMethod != "POST" || req2.HTTPPath != "/v1/select" {
		t.Fatal(req2.HTTPPath)
	}
}

func TestEchoKinds(t *testing.T) {
	for _, kind := range []string{"int64s", "doubles", "strings", "records"} {
		tr := &job.Treatment{Protocol: "rest", Operation: "echo", Payload: &job.Payload{Kind: kind, Count: 10}}
		req, err := Build(tr)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(req.HTTPBody, &m); err != nil {
			t.Fatal(err)
		}
		var arr []json.RawMessage
		if err := json.Unmarshal(m[kind], &arr); err != nil || len(arr) != 10 {
			t.Fatalf("%s: %s", kind, req.HTTPBody)
		}
		tr.Protocol = "grpc"
		req, _ = Build(tr)
		var e pb.EchoRequest
		if err := proto.Unmarshal(req.GRPCBody, &e); err != nil || e.Payload == nil {
			t.Fatalf("%s: bad protobuf", kind)
		}
	}
}

// Vectors from app/bancada/wire/payload.py (generate_values).
func TestSameValuesAsPythonDriver(t *testing.T) {
	seed := uint64(7)
	n := 5
	v := Draw(&job.Payload{Kind: "int64s", Count: 5})
	want := []int64{240, 448, 638, 315, 733}
	for i := range want {
		if v.Int64s[i] != want[i] {
			t.Fatalf("int64s %v, want %v", v.Int64s, want)
		}
	}
	s := Draw(&job.Payload{Kind: "strings", Count: 2, Seed: &seed, StringLength: &n})
	if s.Strings[0] != "lwwvk" || s.Strings[1] != "teuhj" {
		t.Fatalf("strings %v", s.Strings)
	}
}
