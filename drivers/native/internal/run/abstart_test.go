package run

import (
	"sort"
	"testing"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
)

// TestABStartFirstRequestAlone: under a closed load of a fixed count, the
// first measured request of each block is answered before any other
// measured request is sent (ab's start), on every engine; with a duration
// (siege's setting) the clients start together.
func TestABStartFirstRequestAlone(t *testing.T) {
	rest := restServer(t, 20*time.Millisecond)
	grpcT := grpcServer(t)
	cases := []struct{ proto, target, load string }{
		{"rest", rest, `{"model":"closed","concurrency":4}`},
		{"rest", rest, `{"model":"closed","concurrency":4,"rest_client":"raw"}`},
		{"rest", rest, `{"model":"closed","concurrency":4,"rest_client":"net/http"}`},
		{"grpc", grpcT, `{"model":"closed","concurrency":4}`},
	}
	for _, c := range cases {
		t.Run(c.proto+c.load, func(t *testing.T) {
			fs, done := runJob(t, jobJSON(c.target, c.proto, "ping", c.load, 2, 9, 1))
			if done["ab_start"] != true {
				t.Fatalf("done event without ab_start: %v", done)
			}
			ss := samples(fs)
			checkCounts(t, ss, 1, 2, 9)
			for rep := uint32(1); rep <= 2; rep++ {
				var m []frame.Sample
				for _, s := range ss {
					if s.Repetition == rep && s.Phase == frame.PhaseMeasure {
						m = append(m, s)
					}
				}
				sort.Slice(m, func(i, j int) bool { return m[i].StartNs < m[j].StartNs })
				first := m[0]
				if first.Seq != 2 {
					t.Fatalf("rep %d: first measured request is seq %d, want 2", rep, first.Seq)
				}
				end := first.StartNs + first.LatencyNs
				if m[1].StartNs < end {
					t.Fatalf("rep %d: seq %d sent %d ns before the first answer", rep, m[1].Seq, end-m[1].StartNs)
				}
			}
		})
	}
	// siege's setting: a duration, all clients at once
	fs, done := runJob(t, jobJSON(rest, "rest", "ping", `{"model":"closed","concurrency":4,"duration_s":0.2}`, 0, 0, 1))
	if _, ok := done["ab_start"]; ok {
		t.Fatalf("a duration run says ab_start: %v", done)
	}
	var m []frame.Sample
	for _, s := range samples(fs) {
		if s.Repetition == 1 {
			m = append(m, s)
		}
	}
	sort.Slice(m, func(i, j int) bool { return m[i].StartNs < m[j].StartNs })
	if m[1].StartNs >= m[0].StartNs+m[0].LatencyNs {
		t.Fatal("with a duration the second client waited for the first answer")
	}
}
