package run

import (
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// lockedWatch is a job.SteadyWatch fed by many clients at once.
type lockedWatch struct {
	mu sync.Mutex
	w  job.SteadyWatch
}

func (l *lockedWatch) add(latencyNs int64, ok bool) {
	l.mu.Lock()
	l.w.Add(latencyNs, ok)
	l.mu.Unlock()
}

// watching is the watch put() feeds with warm-up samples (nil: none).
type watching struct{ p atomic.Pointer[lockedWatch] }

func (w *watching) observe(s *frame.Sample) {
	if s.Phase != frame.PhaseWarmup {
		return
	}
	if l := w.p.Load(); l != nil {
		l.add(s.LatencyNs, s.OK)
	}
}

// warmup runs treatment t's warm-up on g and returns the next seq: b.Warmup
// requests, or with b.WarmupUntil, windows of requests until the latency is
// steady or a cap is reached (job.Steady), reported in a warmup_end event.
func (r *Runner) warmup(g *group, t *job.Treatment, b *job.Block) int64 {
	spec := b.WarmupUntil
	if spec == nil {
		if b.Warmup > 0 {
			return r.phase(g, t, b, frame.PhaseWarmup, 0, int64(b.Warmup), 0)
		}
		return 0
	}
	l := &lockedWatch{w: job.SteadyWatch{Spec: *spec}}
	r.watch.p.Store(l)
	defer r.watch.p.Store(nil)
	begin := time.Now()
	seq := int64(0)
	if b.Warmup > 0 {
		seq = r.phase(g, t, b, frame.PhaseWarmup, 0, int64(b.Warmup), 0)
	}
	chunk := int64(spec.Window)
	for {
		l.mu.Lock()
		steady, cov := l.w.Steady()
		l.mu.Unlock()
		reason := stopReason(steady, seq, time.Since(begin), spec, r.stop.Load())
		if reason != "" {
			r.warmupEnd(t.ID, b, seq, reason, cov, l.w.Medians, time.Since(begin))
			return seq
		}
		n := min(chunk, int64(spec.MaxRequests)-seq)
		t0 := time.Now()
		seq = r.phase(g, t, b, frame.PhaseWarmup, seq, n, 0)
		chunk = nextChunk(spec, n, time.Since(t0), r.Job.Load.Concurrency)
	}
}

// nextChunk is how many requests the next stretch of a concurrent warm-up
// runs before the criterion is asked again: a window's count, or with
// WindowLatencyS about one window's time (WindowLatencyS over the clients,
// from the last stretch's rate of n requests in took), at least MinWindow.
// A count of Window requests of a server doing 1,500 requests/s would ask
// every 6.7 s with 10,000-request windows that close by their latencies
// every 0.25 s.
func nextChunk(spec *job.Steady, n int64, took time.Duration, clients int) int64 {
	if spec.WindowLatencyS <= 0 || took <= 0 || n <= 0 {
		return int64(spec.Window)
	}
	wall := spec.WindowLatencyS / float64(max(clients, 1))
	want := int64(float64(n) * wall / took.Seconds())
	return min(max(want, int64(spec.MinWindow), 1), int64(spec.Window))
}

// stopReason says why a steady-state warm-up ends now ("" while it goes on).
func stopReason(steady bool, done int64, elapsed time.Duration, spec *job.Steady, stopped bool) string {
	switch {
	case stopped:
		return "stopped"
	case steady:
		return "steady"
	case done >= int64(spec.MaxRequests):
		return "max_requests"
	case elapsed.Seconds() >= spec.MaxS:
		return "max_s"
	}
	return ""
}

// warmupEnd sends the warmup_end event of one treatment in block b.
func (r *Runner) warmupEnd(id int, b *job.Block, requests int64, reason string, cov float64, medians []float64, took time.Duration) {
	ev := map[string]any{"event": "warmup_end", "treatment": id, "repetition": b.Repetition,
		"warmup_requests": requests, "steady": reason == "steady", "reason": reason,
		"windows": len(medians), "elapsed_ns": took.Nanoseconds()}
	if !math.IsInf(cov, 0) && !math.IsNaN(cov) {
		ev["cov_pct"] = cov
	}
	if drift, ok := job.DriftPct(medians, b.WarmupUntil.Windows); ok && !math.IsInf(drift, 0) {
		ev["drift_pct"] = drift
	}
	k := min(len(medians), b.WarmupUntil.Windows)
	last := make([]int64, 0, k)
	for _, m := range medians[len(medians)-k:] {
		last = append(last, int64(m))
	}
	ev["window_medians_ns"] = last
	r.Sink.Event(ev)
}

// seqSteady follows the steady-state warm-up of a sequential block, whose
// treatments take turns request by request: the warm-up ends for all of them
// at once, when every one is steady (or at a cap).
type seqSteady struct {
	spec    *job.Steady
	watches map[int]*job.SteadyWatch
	begin   time.Time
}

func newSeqSteady(b *job.Block) *seqSteady {
	if b.WarmupUntil == nil {
		return nil
	}
	ws := map[int]*job.SteadyWatch{}
	for _, id := range b.Treatments {
		ws[id] = &job.SteadyWatch{Spec: *b.WarmupUntil}
	}
	return &seqSteady{spec: b.WarmupUntil, watches: ws, begin: time.Now()}
}

// end returns why the warm-up ends before round (its count of rounds done),
// or "" while it goes on.
func (q *seqSteady) end(round int, minRounds int, stopped bool) string {
	all := round >= minRounds
	for _, w := range q.watches {
		if ok, _ := w.Steady(); !ok {
			all = false
		}
	}
	return stopReason(all, int64(round), time.Since(q.begin), q.spec, stopped)
}

// report sends each treatment's warmup_end event.
func (q *seqSteady) report(r *Runner, b *job.Block, rounds int, reason string) {
	for _, id := range b.Treatments {
		w := q.watches[id]
		_, cov := w.Steady()
		r.warmupEnd(id, b, int64(rounds), reason, cov, w.Medians, time.Since(q.begin))
	}
}
