package run

import (
	"time"
)

// gapTick is how often the gap watcher looks at the clocks.
const gapTick = 100 * time.Millisecond

// gapMin is the shortest gap reported whatever the timeout: a driver that
// did not run for a second was stopped, not slow.
const gapMin = time.Second

// gapThreshold is how late a tick must be to be a gap: the requests'
// timeout (any request in flight over such a stall would have timed out had
// the driver run), and at least gapMin.
func gapThreshold(timeoutS float64) time.Duration {
	return max(gapMin, time.Duration(timeoutS*float64(time.Second)))
}

// gapBetween says whether two consecutive ticks of the watcher span a gap
// and how long it lasted. A process stopped (SIGSTOP) sees its monotonic
// clock jump; a computer suspended sees its wall clock jump ahead of the
// monotonic one (CLOCK_MONOTONIC does not count a suspend on Linux).
func gapBetween(prev, now time.Time, threshold time.Duration) (time.Duration, bool) {
	mono := now.Sub(prev)
	wall := now.Round(0).Sub(prev.Round(0))
	gap := max(mono, wall)
	return gap, gap-gapTick > threshold
}

// watchGaps reports, until done is closed, every gap in the driver's run:
// a "gap" event with from_ns and to_ns (since T0, the samples' start_ns
// base) and seconds (the longer of the monotonic and the wall clock's
// jumps). The run process marks the samples in flight across it, which
// are then not latencies; the open model's schedule is moved by the gap.
func (r *Runner) watchGaps(done <-chan struct{}) {
	threshold := gapThreshold(r.Job.TimeoutS)
	t := time.NewTicker(gapTick)
	defer t.Stop()
	prev := time.Now()
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		now := time.Now()
		if gap, ok := gapBetween(prev, now, threshold); ok {
			r.gapShift.Add(int64(now.Sub(prev) - gapTick))
			r.Sink.Event(map[string]any{"event": "gap", "from_ns": prev.Sub(r.T0).Nanoseconds(),
				"to_ns": now.Sub(r.T0).Nanoseconds(), "seconds": gap.Seconds()})
		}
		prev = now
	}
}
