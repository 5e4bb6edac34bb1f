package run

import (
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// abStart reports whether the measured phase of a block starts as Apache
// Bench starts: a closed load of a fixed request count (ab's -n, the
// command line's --duration 0 --requests N) of more than one request over
// more than one client. ab (httpd 2.4's ab.c, Debian's 2.3 build) sends its
// first request alone on one connection and opens the other -c connections
// only when that answer is in, so its "Time taken for tests" holds one
// request more than c requests in flight would take.
func (r *Runner) abStart(count int64, dur time.Duration) bool {
	return r.Job.Load.Model == "closed" && dur == 0 && count > 1 && r.Job.Load.Concurrency > 1
}

// measure runs the measured phase of treatment t in block b: count
// requests (or, with dur > 0, requests for dur) from seq0 on. Under
// abStart, request seq0 runs alone first (one client; the others wait for
// its answer), then the other count-1 from every client, as ab does; the
// done event then says "ab_start": true.
func (r *Runner) measure(g *group, t *job.Treatment, b *job.Block, seq0, count int64, dur time.Duration) {
	if r.abStart(count, dur) {
		r.abStarted.Store(true)
		seq0 = r.phase(g, t, b, frame.PhaseMeasure, seq0, 1, 0)
		count--
	}
	r.phase(g, t, b, frame.PhaseMeasure, seq0, count, dur)
}
