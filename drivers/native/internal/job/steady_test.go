package job

import (
	"math"
	"strings"
	"testing"
)

func TestCoVPctOfTheLastKValues(t *testing.T) {
	// mean 100, sample sd 10 (n-1): CoV 10 %; only the last k count
	if cov, ok := CoVPct([]float64{500, 90, 100, 110}, 3); !ok || math.Abs(cov-10) > 1e-9 {
		t.Fatalf("CoV %v %v, want 10", cov, ok)
	}
	if cov, ok := CoVPct([]float64{7, 7, 7}, 3); !ok || cov != 0 {
		t.Fatalf("flat CoV %v %v", cov, ok)
	}
	if _, ok := CoVPct([]float64{1, 2}, 3); ok {
		t.Fatal("fewer than k values cannot be judged")
	}
}

func TestSteadyWatchEndsOnlyWhenTheWindowMediansAgree(t *testing.T) {
	w := SteadyWatch{Spec: Steady{Window: 3, Windows: 3, CovPct: 2, MaxRequests: 100, MaxS: 1}}
	// falling medians 300, 200, 100: far from steady
	for _, lat := range []int64{300, 1, 900, 200, 200, 5, 100, 100, 100} {
		w.Add(lat, true)
	}
	if ok, cov := w.Steady(); ok || cov < 50 {
		t.Fatalf("steady while falling: cov %v", cov)
	}
	// a failure does not fill a window; three equal windows give a CoV of 0,
	// but their median moved from that of the three before: not yet steady
	w.Add(1, false)
	for i := 0; i < 6; i++ {
		w.Add(100, true)
	}
	if len(w.Medians) != 5 || w.Medians[0] != 300 || w.Medians[4] != 100 {
		t.Fatalf("medians %v", w.Medians)
	}
	if ok, cov := w.Steady(); ok || cov != 0 {
		t.Fatalf("steady before 2k windows: cov %v", cov)
	}
	for i := 0; i < 3; i++ {
		w.Add(100, true)
	}
	// medians 300 200 100 | 100 100 100: CoV 0, but the median fell 50 % from the three before
	if d, _ := DriftPct(w.Medians, 3); d != 50 {
		t.Fatalf("drift %v, want 50 (200 -> 100)", d)
	}
	if ok, _ := w.Steady(); ok {
		t.Fatal("steady while the median still moves")
	}
	for i := 0; i < 9; i++ {
		w.Add(100, true)
	}
	if ok, cov := w.Steady(); !ok || cov != 0 {
		t.Fatalf("not steady on six equal windows: cov %v", cov)
	}
}

func TestASlowWindowClosesOnItsLatencySum(t *testing.T) {
	// windows of up to 100 requests, or of at least 3 whose latencies add up to 1 s
	w := SteadyWatch{Spec: Steady{Window: 100, Windows: 3, CovPct: 2, MaxRequests: 1000, MaxS: 1,
		WindowLatencyS: 1, MinWindow: 3}}
	for _, lat := range []int64{600e6, 500e6} { // 1.1 s in 2 requests: fewer than 3, still open
		if w.Add(lat, true) {
			t.Fatal("a window of 2 closed below min_window")
		}
	}
	if !w.Add(1e6, true) || len(w.Medians) != 1 || w.Medians[0] != 500e6 {
		t.Fatalf("the third request (1.101 s in all) did not close the window: %v", w.Medians)
	}
	for i := 0; i < 99; i++ { // fast requests: the count closes the window
		if w.Add(1e6, true) {
			t.Fatalf("a window of fast requests closed at %d", i+1)
		}
	}
	if !w.Add(1e6, true) || len(w.Medians) != 2 {
		t.Fatalf("100 fast requests did not close a window: %v", w.Medians)
	}
	off := SteadyWatch{Spec: Steady{Window: 4, Windows: 2, CovPct: 2, MaxRequests: 100, MaxS: 1}}
	for i := 0; i < 3; i++ {
		if off.Add(5e9, true) {
			t.Fatal("without window_latency_s only the count closes a window")
		}
	}
}

func TestWarmupUntilIsChecked(t *testing.T) {
	base := `{"version":1,"treatments":[{"id":0,"implementation":"x","protocol":"rest","target":"127.0.0.1:1","operation":"ping"}],` +
		`"blocks":[{"repetition":1,"treatments":[0],"warmup":0,"requests":1,"warmup_until":%s}]}`
	for spec, want := range map[string]string{
		`{"window":0,"windows":5,"cov_pct":2,"max_requests":1000,"max_s":1}`:                                         "window must be > 0",
		`{"window":10,"windows":5,"cov_pct":2,"max_requests":20,"max_s":1}`:                                          "max_requests (20) must be at least",
		`{"window":10,"windows":5,"cov_pct":0,"max_requests":1000,"max_s":1}`:                                        "cov_pct must be",
		`{"window":10,"windows":5,"cov_pct":2,"max_requests":1000,"max_s":1,"window_latency_s":-1}`:                  "window_latency_s must be",
		`{"window":10,"windows":5,"cov_pct":2,"max_requests":1000,"max_s":1,"window_latency_s":0.1,"min_window":0}`:  "min_window must be 1..window (10)",
		`{"window":10,"windows":5,"cov_pct":2,"max_requests":1000,"max_s":1,"window_latency_s":0.1,"min_window":11}`: "min_window must be 1..window (10)",
	} {
		_, err := Parse([]byte(strings.Replace(base, "%s", spec, 1)))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: error %v, want %q", spec, err, want)
		}
	}
	j, err := Parse([]byte(strings.Replace(base, "%s", `{"window":10,"windows":5,"cov_pct":2,"max_requests":1000,"max_s":1,"k":1}`, 1)))
	if err != nil || len(j.UnknownKeys) != 1 || j.UnknownKeys[0] != "blocks[0].warmup_until.k" {
		t.Fatalf("unknown key not named: %v %v", err, j)
	}
}
