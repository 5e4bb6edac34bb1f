package run

import (
	"testing"
	"time"
)

func TestGapBetweenTicks(t *testing.T) {
	th := gapThreshold(2)
	if th != 2*time.Second {
		t.Fatalf("threshold %v, want 2 s", th)
	}
	if gapThreshold(0.1) != gapMin {
		t.Fatalf("a short timeout must keep the %v floor", gapMin)
	}
	prev := time.Now()
	if _, ok := gapBetween(prev, prev.Add(gapTick+500*time.Millisecond), th); ok {
		t.Fatal("a tick 0.5 s late is not a gap with a 2 s timeout")
	}
	gap, ok := gapBetween(prev, prev.Add(5*time.Second), th)
	if !ok || gap != 5*time.Second {
		t.Fatalf("a 5 s jump of the monotonic clock: got %v %v", gap, ok)
	}
	// a suspend: the wall clock jumps 30 s, the monotonic clock 0.1 s
	now := prev.Add(gapTick)
	suspended := now.Round(0).Add(30 * time.Second)
	if gap, ok := gapBetween(prev.Round(0), suspended, th); !ok || gap < 30*time.Second {
		t.Fatalf("a 30 s jump of the wall clock: got %v %v", gap, ok)
	}
}
