package run

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bancada-lab/bancada/contract/go/pick"

	"github.com/bancada-lab/bancada/drivers/native/internal/client"
	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// Clock is the time source of the vus schedule (the real clock in a run; a
// test may step a fake one).
type Clock interface {
	Now() time.Time
	SleepUntil(t time.Time)
}

type realClock struct{}

func (realClock) Now() time.Time         { return time.Now() }
func (realClock) SleepUntil(t time.Time) { sleepUntil(t) }

// VUIteration is one iteration of one virtual user, as the schedule ran it.
type VUIteration struct {
	VU      int
	Index   int       // the VU's iteration number, from 0
	Planned time.Time // when the schedule wanted it to start
	Started time.Time // when its request was sent
	Ended   time.Time
	// ServerNs is the server's Server-Timing app;dur in ns (-1: none).
	ServerNs int64
	Err      error
}

// VUSchedule runs plan's virtual users: VU i starts at begin +
// plan.StartOffset(i) and loops: prepare the request (prepare, may be nil;
// before the wait, so building a create's record does not delay the send),
// wait until the planned start, send one request (call), and plan the next
// start, plan.NextStart(started, ended). No iteration starts at or after begin +
// plan.Duration; a call in flight is bounded by begin + plan.Duration +
// plan.GracefulStop (k6's gracefulStop), which call receives. stop ends
// every VU after its request in flight. done receives each iteration (from
// the VU's goroutine).
func VUSchedule(plan job.VUPlan, clock Clock, begin time.Time, stop *atomic.Bool, prepare func(vu, index int),
	call func(vu, index int, hardStop time.Time) VUIteration, done func(VUIteration)) {
	end := begin.Add(plan.Duration)
	hard := end.Add(plan.GracefulStop)
	var wg sync.WaitGroup
	for vu := 0; vu < plan.VUs; vu++ {
		wg.Add(1)
		go func(vu int) {
			defer wg.Done()
			due := begin.Add(plan.StartOffset(vu))
			for k := 0; !stop.Load() && due.Before(end); k++ {
				if prepare != nil {
					prepare(vu, k)
				}
				clock.SleepUntil(due)
				if stop.Load() || !clock.Now().Before(end) {
					return
				}
				it := call(vu, k, hard)
				it.VU, it.Index, it.Planned = vu, k, due
				done(it)
				due = plan.NextStart(it.Started, it.Ended)
			}
		}(vu)
	}
	wg.Wait()
}

// vus runs a block under the vus model (k6's virtual users; job.VUPlan):
// the block's treatments take turns as under the closed model; each gets its
// warm-up (b.Warmup requests from the VUs' connections, closed loop, no
// waits), then load.duration_s of VU iterations, one request each. A
// sample's start is its request's send and its latency runs from there (not
// from the planned start); queue_ns is how late the send was against the
// plan (0 when on time). The sequence number of VU v's iteration k is
// seq0 + k*vus + v, so a sample names its VU ((seq - seq0) mod vus) and its
// iteration ((seq - seq0) div vus), and a create's record depends on the VU
// and iteration only.
func (r *Runner) vus(b *job.Block) error {
	order := append([]int(nil), b.Treatments...)
	if b.Order == "shuffled" {
		Shuffle(order, pick.NewSplitMix64(b.Seed))
	}
	plan := r.Job.Load.VUPlan()
	for _, id := range order {
		if r.stop.Load() {
			return nil
		}
		t := r.Job.Treatment(id)
		g, err := r.newGroup(t, plan.VUs)
		if err != nil {
			return err
		}
		seq := r.warmup(g, t, b)
		r.vuPhase(g, t, b, seq, plan, realClock{})
		g.close()
	}
	return nil
}

// vuPhase runs the measured VU iterations of one treatment on g's callers
// (one per VU) and reports them in a "vus" event.
func (r *Runner) vuPhase(g *group, t *job.Treatment, b *job.Block, seq0 int64, plan job.VUPlan, clock Clock) {
	var iterations, interrupted atomic.Int64
	var lateMax atomic.Int64
	samples := make([]frame.Sample, plan.VUs)
	begin := clock.Now()
	prepare := func(vu, k int) { r.retarget(g.callers[vu], t, seq0+int64(k)*int64(plan.VUs)+int64(vu)) }
	call := func(vu, k int, hard time.Time) VUIteration {
		c := g.callers[vu]
		it := VUIteration{Started: clock.Now()}
		if dc, ok := c.(client.DeadlineCaller); ok {
			it.ServerNs, it.Err = dc.CallBy(hard)
		} else {
			it.ServerNs, it.Err = c.Call()
		}
		it.Ended = clock.Now()
		return it
	}
	done := func(it VUIteration) {
		s := &samples[it.VU]
		s.Treatment, s.Repetition, s.Phase = uint16(t.ID), uint32(b.Repetition), frame.PhaseMeasure
		s.Seq = uint32(seq0 + int64(it.Index)*int64(plan.VUs) + int64(it.VU))
		late := max(it.Started.Sub(it.Planned), 0)
		if int64(late) > lateMax.Load() {
			lateMax.Store(int64(late)) // racy max: for the event only
		}
		err := it.Err
		if err != nil && !it.Ended.Before(begin.Add(plan.Duration+plan.GracefulStop)) {
			err = &client.Failure{Kind: "interrupted", Text: "still running at the end of graceful_stop_s (k6's gracefulStop)"}
			interrupted.Add(1)
		}
		iterations.Add(1)
		r.put(s, it.Started, it.Ended.Sub(it.Started), late, it.ServerNs, err)
	}
	VUSchedule(plan, clock, begin, &r.stop, prepare, call, done)
	elapsed := clock.Now().Sub(begin)
	r.Sink.Event(map[string]any{"event": "vus", "treatment": t.ID, "repetition": b.Repetition,
		"vus": plan.VUs, "iterations": iterations.Load(), "interrupted_iterations": interrupted.Load(),
		"seq0": seq0, "elapsed_ns": elapsed.Nanoseconds(), "late_max_ns": lateMax.Load(),
		"message": fmt.Sprintf("%d VUs: %d iterations (%d interrupted) in %.2f s", plan.VUs, iterations.Load(),
			interrupted.Load(), elapsed.Seconds())})
}
