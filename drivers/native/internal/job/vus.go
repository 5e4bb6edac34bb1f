package job

import (
	"fmt"
	"math"
	"time"
)

// The vus load model is k6's virtual users (docs/driver-protocol.md, "The
// vus model"): load.vus virtual users, each looping one request per
// iteration for load.duration_s, then waiting before its next iteration:
//
//   - pacing_s: the next iteration starts pacing_s after this one started,
//     or at once when this one took longer (a k6 script's
//     sleep(pacing - elapsed));
//   - think_time_s: the VU waits think_time_s after the response (a k6
//     script's sleep(t)); 0 loops at once (k6's default function without a
//     sleep, the closed model).
//
// ramp_up_s: 0 starts every VU at once (k6's constant-vus); otherwise VU i
// (0-based) starts at i*ramp_up_s/vus, k6's ramping-vus from startVUs 0 to
// vus over one stage of ramp_up_s
// (https://grafana.com/docs/k6/latest/using-k6/scenarios/executors/ramping-vus/;
// k6 adds a VU each time the linear target passes the next whole number).
// graceful_stop_s is k6's gracefulStop: "a period at the end of the test in
// which k6 lets iterations in progress finish" (default 30 s; an iteration
// still running after it is interrupted, its sample a timeout;
// https://grafana.com/docs/k6/latest/using-k6/scenarios/concepts/graceful-stop/).
// No iteration starts at or after duration_s.

// DefaultGracefulStopS is k6's default gracefulStop (30 s).
const DefaultGracefulStopS = 30.0

// MaxVUs bounds load.vus.
const MaxVUs = 100_000

// VUPlan is the validated vus schedule of one phase.
type VUPlan struct {
	VUs          int
	Duration     time.Duration
	Pacing       time.Duration // 0: no pacing
	ThinkTime    time.Duration // used when Pacing is 0
	RampUp       time.Duration
	GracefulStop time.Duration
}

// VUPlan returns the load's vus schedule (valid after Parse).
func (l *Load) VUPlan() VUPlan {
	sec := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	p := VUPlan{VUs: l.VUs, Duration: sec(l.DurationS), RampUp: sec(l.RampUpS), GracefulStop: sec(DefaultGracefulStopS)}
	if l.PacingS != nil {
		p.Pacing = sec(*l.PacingS)
	}
	if l.ThinkTimeS != nil {
		p.ThinkTime = sec(*l.ThinkTimeS)
	}
	if l.GracefulStopS != nil {
		p.GracefulStop = sec(*l.GracefulStopS)
	}
	return p
}

// StartOffset is when VU i (0-based) starts its first iteration, from the
// start of the phase: 0 without a ramp-up, else i*ramp_up/vus.
func (p VUPlan) StartOffset(i int) time.Duration {
	if p.RampUp <= 0 || p.VUs <= 0 {
		return 0
	}
	return time.Duration(float64(p.RampUp) * float64(i) / float64(p.VUs))
}

// NextStart is when a VU's next iteration may start, given when this
// iteration started and when its response arrived: with pacing,
// max(started+pacing, ended) (k6: sleep(pacing - elapsed), never negative);
// else ended+think_time.
func (p VUPlan) NextStart(started, ended time.Time) time.Time {
	if p.Pacing > 0 {
		next := started.Add(p.Pacing)
		if next.Before(ended) {
			return ended
		}
		return next
	}
	return ended.Add(p.ThinkTime)
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// validateVUs checks the vus fields: only the vus model takes them, and it
// needs vus >= 1, duration_s > 0, at most one of pacing_s and think_time_s
// (each >= 0; pacing_s > 0), 0 <= ramp_up_s <= duration_s, graceful_stop_s >= 0.
func (l *Load) validateVUs() error {
	given := l.VUs != 0 || l.PacingS != nil || l.ThinkTimeS != nil || l.RampUpS != 0 || l.GracefulStopS != nil
	if l.Model != "vus" {
		if given {
			return fmt.Errorf("load.vus, pacing_s, think_time_s, ramp_up_s and graceful_stop_s need load.model vus")
		}
		return nil
	}
	if l.VUs < 1 || l.VUs > MaxVUs {
		return fmt.Errorf("load.model vus needs load.vus in 1..%d, got %d", MaxVUs, l.VUs)
	}
	if !(l.DurationS > 0) || !finite(l.DurationS) {
		return fmt.Errorf("load.model vus needs load.duration_s > 0")
	}
	if l.RatePerS != 0 {
		return fmt.Errorf("load.rate_per_s needs load.model open, not vus")
	}
	if l.PacingS != nil && l.ThinkTimeS != nil {
		return fmt.Errorf("load.pacing_s and load.think_time_s are exclusive: give one (pacing: an iteration every pacing_s; think time: a wait after each response)")
	}
	if l.PacingS != nil && (!(*l.PacingS > 0) || !finite(*l.PacingS) || *l.PacingS > 86400) {
		return fmt.Errorf("load.pacing_s must be in (0, 86400] seconds, got %v", *l.PacingS)
	}
	if l.ThinkTimeS != nil && (!(*l.ThinkTimeS >= 0) || !finite(*l.ThinkTimeS) || *l.ThinkTimeS > 86400) {
		return fmt.Errorf("load.think_time_s must be in [0, 86400] seconds, got %v", *l.ThinkTimeS)
	}
	if !(l.RampUpS >= 0) || l.RampUpS > l.DurationS {
		return fmt.Errorf("load.ramp_up_s must be in [0, duration_s = %v] seconds, got %v", l.DurationS, l.RampUpS)
	}
	if l.GracefulStopS != nil && (!(*l.GracefulStopS >= 0) || !finite(*l.GracefulStopS) || *l.GracefulStopS > 86400) {
		return fmt.Errorf("load.graceful_stop_s must be in [0, 86400] seconds, got %v", *l.GracefulStopS)
	}
	l.Concurrency = l.VUs // one connection per VU (a concurrency the job also gives is ignored)
	return nil
}
