package job

import (
	"fmt"
	"math"
	"slices"
)

// Steady is a block's warm-up that ends on a criterion rather than a count
// (Georges, Buytaert and Eeckhout, "Statistically rigorous Java performance
// evaluation", OOPSLA 2007, section 4.2: iterate until the coefficient of
// variation of the last k iterations falls below a threshold). Here an
// "iteration" is a window of Window warm-up requests of one treatment, its
// value that window's median latency: the warm-up ends once the block's
// Warmup requests are done, the CoV of the last Windows window medians is at
// most CovPct percent and their median moved by at most CovPct percent from
// that of the Windows windows before (DriftPct), or at the cap (MaxRequests
// or MaxS, whichever comes first), which is then recorded as not steady.
//
// A window of slow requests closes early: once it holds MinWindow requests
// whose latencies add up to WindowLatencyS seconds (a sequential window of
// 100 requests of 28 ms would last 2.8 s, and ten of them the least
// warm-up; with 0.25 s it holds 9 and lasts about as long).
type Steady struct {
	Window         int     `json:"window"`           // requests per window (> 0)
	Windows        int     `json:"windows"`          // k, the windows compared (>= 2)
	CovPct         float64 `json:"cov_pct"`          // threshold on the CoV, percent (> 0)
	MaxRequests    int     `json:"max_requests"`     // cap on the warm-up requests (>= window * windows)
	MaxS           float64 `json:"max_s"`            // cap on the warm-up's seconds (> 0)
	WindowLatencyS float64 `json:"window_latency_s"` // a window's latencies summed, seconds, that close it early (0: never)
	MinWindow      int     `json:"min_window"`       // the fewest requests of a window closed early (1..window)
}

func (s *Steady) check() error {
	switch {
	case s.Window <= 0:
		return fmt.Errorf("window must be > 0 requests, got %d", s.Window)
	case s.Windows < 2:
		return fmt.Errorf("windows must be >= 2, got %d", s.Windows)
	case !(s.CovPct > 0) || math.IsInf(s.CovPct, 0):
		return fmt.Errorf("cov_pct must be a percentage > 0, got %v", s.CovPct)
	case s.MaxRequests < 2*s.Window*s.Windows:
		return fmt.Errorf("max_requests (%d) must be at least 2 x window x windows (%d)", s.MaxRequests, 2*s.Window*s.Windows)
	case !(s.MaxS > 0) || math.IsInf(s.MaxS, 0):
		return fmt.Errorf("max_s must be > 0 seconds, got %v", s.MaxS)
	case !(s.WindowLatencyS >= 0) || math.IsInf(s.WindowLatencyS, 0):
		return fmt.Errorf("window_latency_s must be >= 0 seconds, got %v", s.WindowLatencyS)
	case s.WindowLatencyS > 0 && (s.MinWindow < 1 || s.MinWindow > s.Window):
		return fmt.Errorf("min_window must be 1..window (%d) with window_latency_s, got %d", s.Window, s.MinWindow)
	}
	return nil
}

// Median of xs (the mean of the two middle values for an even count); xs is
// sorted in place. 0 for none.
func Median(xs []int64) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		return float64(xs[m])
	}
	return (float64(xs[m-1]) + float64(xs[m])) / 2
}

// CoVPct is the coefficient of variation of the last k values, in percent
// (sample standard deviation, n-1, over the mean), and whether there were k.
func CoVPct(values []float64, k int) (float64, bool) {
	if k < 2 || len(values) < k {
		return math.Inf(1), false
	}
	last := values[len(values)-k:]
	mean := 0.0
	for _, v := range last {
		mean += v
	}
	mean /= float64(k)
	if mean <= 0 {
		return math.Inf(1), true
	}
	ss := 0.0
	for _, v := range last {
		ss += (v - mean) * (v - mean)
	}
	return 100 * math.Sqrt(ss/float64(k-1)) / mean, true
}

// SteadyWatch follows one treatment's warm-up: Add each request's latency
// (failed requests count toward the caps only), and ask Steady after each
// window.
type SteadyWatch struct {
	Spec    Steady
	Medians []float64 // the medians of the windows so far, ns
	window  []int64
	sumNs   int64 // the window's latencies summed
}

// Add records a warm-up request's latency (ns); it returns true when it
// completed a window.
func (w *SteadyWatch) Add(latencyNs int64, ok bool) bool {
	if !ok {
		return false
	}
	w.window = append(w.window, latencyNs)
	w.sumNs += latencyNs
	full := len(w.window) >= w.Spec.Window ||
		(w.Spec.WindowLatencyS > 0 && len(w.window) >= w.Spec.MinWindow && float64(w.sumNs) >= w.Spec.WindowLatencyS*1e9)
	if !full {
		return false
	}
	w.Medians = append(w.Medians, Median(w.window))
	w.window, w.sumNs = w.window[:0], 0
	return true
}

// Steady reports whether the last Windows window medians vary by at most
// CovPct and their median moved by at most CovPct from that of the Windows
// windows before (DriftPct: a slow trend, as a JIT compiling tier after
// tier, passes the CoV alone), and their CoV (percent; +Inf before Windows
// windows).
func (w *SteadyWatch) Steady() (bool, float64) {
	cov, ok := CoVPct(w.Medians, w.Spec.Windows)
	drift, known := DriftPct(w.Medians, w.Spec.Windows)
	return ok && known && cov <= w.Spec.CovPct && drift <= w.Spec.CovPct, cov
}

// DriftPct is how far the median of the last k values moved from the median
// of the k before, in percent of the latter, and whether there were 2k.
func DriftPct(values []float64, k int) (float64, bool) {
	if k < 1 || len(values) < 2*k {
		return math.Inf(1), false
	}
	n := len(values)
	last := Median(floats(values[n-k:]))
	before := Median(floats(values[n-2*k : n-k]))
	if before <= 0 {
		return math.Inf(1), true
	}
	return 100 * math.Abs(last-before) / before, true
}

// floats copies xs as int64 nanoseconds for Median (which sorts in place).
func floats(xs []float64) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}
