package grpcserver

import (
	"testing"
	"time"

	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
)

func TestCodecRecordsDecodeStart(t *testing.T) {
	c := newTimingCodec()
	wire, err := proto.Marshal(&pb.SelectRequest{Values: make([]int64, 100000)})
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now()
	var req pb.SelectRequest
	if err := c.Unmarshal(mem.BufferSlice{mem.SliceBuffer(wire)}, &req); err != nil {
		t.Fatal(err)
	}
	after := time.Now()
	if len(req.GetValues()) != 100000 {
		t.Fatalf("decoded %d values", len(req.GetValues()))
	}
	start := c.decodeStart(&req)
	if start.Before(before) || !start.Before(after) {
		t.Fatalf("decode start %v not within [%v, %v)", start, before, after)
	}
	// The entry is taken out: no growth across requests.
	if again := c.decodeStart(&req); !again.After(after) {
		t.Fatalf("second lookup returned the stored start %v", again)
	}
	n := 0
	c.starts.Range(func(any, any) bool { n++; return true })
	if n != 0 {
		t.Fatalf("%d decode starts left in the codec", n)
	}
}
