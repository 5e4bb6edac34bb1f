package run

import (
	"fmt"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/client"
	"github.com/bancada-lab/bancada/drivers/native/internal/formats"
	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// splitCaller is a caller that encodes before and decodes after each call,
// each timed outside the latency (operation "serial", seed 004).
type splitCaller interface {
	client.Caller
	Encode() error
	Decode() error
	Split() *frame.Split
}

// drawer is a caller that draws a new data set for each request (operation
// "serial": seed 004 drew one per iteration), outside the timed region.
type drawer interface{ Draw(repetition, seq uint64) }

// timedCall runs one request of c and times it; for a splitCaller the encode
// comes before the latency's start and the decode after its end, and split
// holds the request's split (nil for other callers).
func timedCall(c client.Caller) (start time.Time, lat time.Duration, st int64, split *frame.Split, err error) {
	sc, ok := c.(splitCaller)
	if ok {
		if err = sc.Encode(); err != nil {
			return time.Now(), 0, -1, sc.Split(), err
		}
	}
	start = time.Now()
	st, err = c.Call()
	lat = time.Since(start)
	if ok {
		if err == nil {
			err = sc.Decode()
		}
		split = sc.Split()
	}
	return start, lat, st, split, err
}

// prepareSerial draws the data of a serial treatment (before any timing).
func (r *Runner) prepareSerial(t *job.Treatment) error {
	if r.Job.Load.Model == "open" {
		return fmt.Errorf("treatment %d (%s / %s): operation serial runs under the sequential or closed load model, not open", t.ID, t.Implementation, t.Workload)
	}
	p, err := formats.Prepare(t)
	if err != nil {
		return fmt.Errorf("treatment %d (%s / %s): %v", t.ID, t.Implementation, t.Workload, err)
	}
	if r.serial == nil {
		r.serial = map[int]*formats.Prepared{}
	}
	r.serial[t.ID] = p
	return nil
}

// serialGroup makes n callers of a serial treatment.
func (r *Runner) serialGroup(t *job.Treatment, n int) *group {
	g := &group{}
	for i := 0; i < n; i++ {
		g.callers = append(g.callers, formats.NewCaller(r.cfg(t), r.serial[t.ID]))
	}
	return g
}
