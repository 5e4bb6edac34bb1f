package frame

import (
	"bytes"
	"encoding/binary"
	"testing"
	"time"
)

func TestSampleLayout(t *testing.T) {
	s := Sample{Treatment: 3, Repetition: 7, Seq: 9, Phase: 1, OK: false, LatencyNs: 1234, ServerNs: -1, StartNs: 55, QueueNs: 6, Err: "timeout: x"}
	b := AppendSample(nil, &s)
	if n := binary.LittleEndian.Uint32(b); int(n) != len(b)-4 || n != 1+44+10 {
		t.Fatalf("length %d", n)
	}
	want := []byte{'S', 3, 0, 7, 0, 0, 0, 9, 0, 0, 0, 1, 0}
	if !bytes.Equal(b[4:17], want) {
		t.Fatalf("header % x", b[4:17])
	}
	fs, rest := Parse(append(b, AppendJSON(nil, map[string]any{"event": "x"})...))
	if rest != 0 || len(fs) != 2 || fs[0].Sample != s || fs[1].Event["event"] != "x" {
		t.Fatalf("round trip: %+v", fs)
	}
}

func TestSinkBatchesAndCaps(t *testing.T) {
	var out bytes.Buffer
	sink := NewSink(&out, 2, time.Now())
	for i := 0; i < 5; i++ {
		sink.Put(&Sample{Seq: uint32(i), OK: true, LatencyNs: 1000, Phase: PhaseMeasure})
	}
	sink.Close(nil)
	fs, _ := Parse(out.Bytes())
	var n int
	var done map[string]any
	for _, f := range fs {
		if f.Type == TypeSample {
			n++
		} else if f.Event["event"] == "done" {
			done = f.Event
		}
	}
	if n != 2 || done["samples"].(float64) != 2 || done["requests"].(float64) != 5 {
		t.Fatalf("n=%d done=%v", n, done)
	}
}
