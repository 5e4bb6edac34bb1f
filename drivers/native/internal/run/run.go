// Package run executes a job's blocks under a load model (sequential,
// closed, open) and feeds every request's record to a frame.Sink.
package run

import (
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/bancada-lab/bancada/contract/go/pick"
	"google.golang.org/grpc"

	"github.com/bancada-lab/bancada/drivers/native/internal/client"
	"github.com/bancada-lab/bancada/drivers/native/internal/custom"
	"github.com/bancada-lab/bancada/drivers/native/internal/formats"
	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
)

// Runner runs one job.
type Runner struct {
	Job  *job.Job
	Sink *frame.Sink
	T0   time.Time // the job's time origin (start_ns = 0)

	stop     atomic.Bool
	requests map[int]*payload.Request
	// Prepared describes each custom treatment's request (by treatment id),
	// for the "prepared" event of a prepare_only job.
	Prepared map[int]*custom.Prepared
	// sequential: one caller per treatment, kept across blocks
	seqCallers map[int]client.Caller
	serial     map[int]*formats.Prepared // operation "serial": the data of each treatment
	lastWarn   atomic.Int64
	behindMax  time.Duration
	abStarted  atomic.Bool // a measured phase began as ab's does (abstart.go)
	repetition int         // the running block's (set before its clients start)
	mu         sync.Mutex
	watch      watching     // a steady-state warm-up's latencies (steady.go)
	gapShift   atomic.Int64 // the gaps' total length (ns): the open schedule resumes after each (gap.go)
}

// Stop asks the run to end after the requests in flight.
func (r *Runner) Stop() { r.stop.Store(true) }

// Prepare builds every payload (before any timing) and checks that the plan
// can be honoured; the error names the reason.
func (r *Runner) Prepare() error {
	r.requests = map[int]*payload.Request{}
	r.Prepared = map[int]*custom.Prepared{}
	timeout := time.Duration(r.Job.TimeoutS * float64(time.Second))
	for i := range r.Job.Treatments {
		t := &r.Job.Treatments[i]
		if t.Operation == "custom" {
			req, info, err := custom.Build(t, timeout)
			if err != nil {
				return fmt.Errorf("treatment %d (%s / %s): %v", t.ID, t.Implementation, t.Workload, err)
			}
			r.requests[t.ID], r.Prepared[t.ID] = req, info
			continue
		}
		if t.Operation == "serial" {
			if err := r.prepareSerial(t); err != nil {
				return err
			}
			continue
		}
		req, err := payload.Build(t)
		if err != nil {
			return fmt.Errorf("treatment %d: cannot serialize payload: %v", t.ID, err)
		}
		r.requests[t.ID] = req
	}
	return r.checkFDs()
}

// checkFDs compares the connections the plan keeps open with RLIMIT_NOFILE
// (Go raises the soft limit to the hard limit at start-up).
func (r *Runner) checkFDs() error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return nil
	}
	if lim.Cur < lim.Max {
		lim.Cur = lim.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
		_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim)
	}
	l := r.Job.Load
	conns := uint64(l.Concurrency)
	if l.Model == "sequential" {
		conns = uint64(len(r.Job.Treatments))
	}
	const reserve = 32 // stdio, epoll, gRPC internals
	if conns+reserve > lim.Cur {
		return fmt.Errorf("the plan needs %d connections but the file-descriptor limit (RLIMIT_NOFILE) is %d; lower load.concurrency or raise the limit (ulimit -n)", conns, lim.Cur)
	}
	return nil
}

func (r *Runner) cfg(t *job.Treatment) client.Config {
	return client.Config{Target: t.Target, Timeout: time.Duration(r.Job.TimeoutS * float64(time.Second)),
		NewConn: r.Job.Connection == "new", BusyPoll: time.Duration(*r.Job.Load.BusyPollUs * float64(time.Microsecond))}
}

// group makes the callers of one treatment for n concurrent clients: for
// gRPC, n channels or n streams on one channel (load.grpc_mode); for REST, n
// connections.
type group struct {
	callers []client.Caller
	conn    *grpc.ClientConn
	tr      *http.Transport
	loops   []*client.EpollLoop // REST, closed model, rest_client "epoll": event loops, no callers
}

func (g *group) close() {
	for _, c := range g.callers {
		c.Close()
	}
	if g.conn != nil {
		g.conn.Close()
	}
	if g.tr != nil {
		g.tr.CloseIdleConnections()
	}
	for _, l := range g.loops {
		l.Close()
	}
}

func (r *Runner) newGroup(t *job.Treatment, n int) (*group, error) {
	if t.Operation == "serial" {
		return r.serialGroup(t, n), nil
	}
	cfg := r.cfg(t)
	req := r.requests[t.ID]
	g := &group{}
	overGRPC := t.Wire().Transport() == protocol.GRPC
	if overGRPC && r.Job.Load.GRPCMode == "streams" && !cfg.NewConn {
		conn, err := client.DialGRPC(t.Target)
		if err != nil {
			return nil, err
		}
		g.conn = conn
	}
	// Every protocol over HTTP sends HTTP/1.1 POSTs (or GETs) of pre-built
	// bytes: load.rest_client picks their engine alike. (The envelope
	// protocols once fell through to RawHTTP whatever rest_client said:
	// under closed load that was the goroutine engine, 0.5-0.9x wrk.)
	overHTTP := t.Wire().Transport() == protocol.HTTP
	if overHTTP && r.Job.Load.RESTClient == "net/http" {
		g.tr = client.NewTransport(n, cfg)
	}
	// rest_client "epoll" (Linux, connection "reuse"): the closed model runs
	// an event loop, the sequential model a blocking socket; the open model
	// and connection "new" keep RawHTTP on goroutines.
	sock := overHTTP && r.Job.Load.RESTClient == "epoll" && !cfg.NewConn && client.EpollSupported
	// an event loop sends one request bytes on every connection: a create
	// (a new record per request) runs on goroutine clients instead
	if sock && r.Job.Load.Model == "closed" && !payload.Varies(t) {
		// n connections over min(event_loops, n) loops, as evenly as can be
		loops := min(r.Job.Load.EventLoops, n)
		for i := 0; i < loops; i++ {
			l, err := client.NewEpollLoop(cfg, req, (n+i)/loops)
			if err != nil {
				g.close()
				return nil, err
			}
			g.loops = append(g.loops, l)
		}
		return g, nil
	}
	for i := 0; i < n; i++ {
		var c client.Caller
		var err error
		switch {
		case overGRPC:
			c, err = client.NewGRPC(cfg, req, g.conn)
		case g.tr != nil:
			c, err = client.NewNetHTTP(cfg, req, g.tr)
		case sock && r.Job.Load.Model != "open":
			c = client.NewSockHTTP(cfg, req)
		default:
			c = client.NewRawHTTP(cfg, req)
		}
		if err != nil {
			g.close()
			return nil, err
		}
		g.callers = append(g.callers, c)
	}
	return g, nil
}

// Run executes all blocks. It returns extra fields for the done event.
func (r *Runner) Run() (map[string]any, error) {
	gapDone, gapEnded := make(chan struct{}), make(chan struct{})
	go func() { r.watchGaps(gapDone); close(gapEnded) }()
	defer func() { close(gapDone); <-gapEnded }() // no event after Run returns and the sink closes
	defer func() {
		for _, c := range r.seqCallers {
			c.Close()
		}
	}()
	for bi := range r.Job.Blocks {
		if r.stop.Load() {
			break
		}
		b := &r.Job.Blocks[bi]
		r.repetition = b.Repetition
		r.Sink.Event(map[string]any{"event": "block_start", "index": bi, "repetition": b.Repetition})
		var err error
		switch r.Job.Load.Model {
		case "sequential":
			err = r.sequential(b)
		case "vus":
			err = r.vus(b)
		default:
			err = r.concurrent(b)
		}
		if err != nil {
			return nil, err
		}
		r.Sink.Event(map[string]any{"event": "block_end", "index": bi, "repetition": b.Repetition})
	}
	extra := map[string]any{"model": r.Job.Load.Model}
	if r.stop.Load() {
		extra["cancelled"] = true
	}
	if r.behindMax > 0 {
		extra["behind_schedule_max_ns"] = r.behindMax.Nanoseconds()
	}
	if r.abStarted.Load() {
		extra["ab_start"] = true
	}
	return extra, nil
}

// retarget gives c the request of t's request seq when t's request varies
// (a create: a new record per request), outside the timed region.
func (r *Runner) retarget(c client.Caller, t *job.Treatment, seq int64) {
	if d, ok := c.(drawer); ok { // operation serial: a new data set per request (serial.go)
		d.Draw(uint64(r.repetition), uint64(seq))
		return
	}
	if !payload.Varies(t) {
		return
	}
	rc, ok := c.(client.Retargetable)
	if !ok {
		return
	}
	if req, err := payload.BuildSeq(t, uint64(seq)); err == nil {
		rc.SetRequest(req)
	}
}

// Shuffle permutes ids in place as the Python driver does
// (app/bancada/drivers/python.py, round_orders): Fisher-Yates driven by
// SplitMix64, for i = m-1 down to 1, j = next() mod (i+1), swap. Successive
// rounds of a block keep shuffling the previous round's order.
func Shuffle(ids []int, rng *pick.SplitMix64) {
	for i := len(ids) - 1; i > 0; i-- {
		j := int(rng.Next() % uint64(i+1))
		ids[i], ids[j] = ids[j], ids[i]
	}
}

func (r *Runner) sequential(b *job.Block) error {
	if r.seqCallers == nil {
		r.seqCallers = map[int]client.Caller{}
	}
	for _, id := range b.Treatments {
		if r.seqCallers[id] == nil {
			g, err := r.newGroup(r.Job.Treatment(id), 1)
			if err != nil {
				return err
			}
			r.seqCallers[id] = g.callers[0]
		}
	}
	rng := pick.NewSplitMix64(b.Seed)
	order := append([]int(nil), b.Treatments...)
	// warmRounds: the warm-up's rounds (-1 while a steady-state warm-up goes on)
	warmRounds, steady := b.Warmup, newSeqSteady(b)
	if steady != nil {
		warmRounds = -1
	}
	var s frame.Sample
	s.Repetition = uint32(b.Repetition)
	for round := 0; warmRounds < 0 || round < warmRounds+b.Requests; round++ {
		if r.stop.Load() {
			return nil
		}
		if warmRounds < 0 {
			if reason := steady.end(round, b.Warmup, false); reason != "" {
				warmRounds = round
				steady.report(r, b, round, reason)
			}
		}
		if warmRounds >= 0 && round >= warmRounds+b.Requests {
			break
		}
		s.Phase = frame.PhaseMeasure
		if warmRounds < 0 || round < warmRounds {
			s.Phase = frame.PhaseWarmup
		}
		s.Seq = uint32(round)
		if b.Order == "shuffled" {
			Shuffle(order, rng)
		}
		for _, id := range order {
			c := r.seqCallers[id]
			s.Treatment = uint16(id)
			r.retarget(c, r.Job.Treatment(id), int64(round))
			start, lat, st, split, err := timedCall(c)
			s.Split = split
			r.put(&s, start, lat, 0, st, err)
			if warmRounds < 0 {
				steady.watches[id].Add(s.LatencyNs, s.OK)
			}
		}
	}
	return nil
}

func (r *Runner) put(s *frame.Sample, start time.Time, lat, queue time.Duration, st int64, err error) {
	r.putSince(s, start.Sub(r.T0), lat, queue, st, err)
}

// putSince is put with the start given as the time since T0.
func (r *Runner) putSince(s *frame.Sample, start, lat, queue time.Duration, st int64, err error) {
	s.StartNs = int64(start)
	s.LatencyNs = int64(lat)
	s.QueueNs = int64(queue)
	s.ServerNs = st
	s.OK = err == nil
	s.Err = ""
	if err != nil {
		s.Err = err.Error()
	}
	r.watch.observe(s)
	r.Sink.Put(s)
}

// concurrent runs a block under the closed or open model: the block's
// treatments take turns (in listed order or, for "shuffled", the order of
// the first round of a sequential block with the same seed), each
// getting its warm-up and then its measured requests from load.concurrency
// clients.
func (r *Runner) concurrent(b *job.Block) error {
	order := append([]int(nil), b.Treatments...)
	if b.Order == "shuffled" {
		Shuffle(order, pick.NewSplitMix64(b.Seed))
	}
	for _, id := range order {
		if r.stop.Load() {
			return nil
		}
		t := r.Job.Treatment(id)
		g, err := r.newGroup(t, r.Job.Load.Concurrency)
		if err != nil {
			return err
		}
		seq := r.warmup(g, t, b)
		dur := time.Duration(r.Job.Load.DurationS * float64(time.Second))
		if dur > 0 || b.Requests > 0 {
			r.measure(g, t, b, seq, int64(b.Requests), dur)
		}
		g.close()
	}
	return nil
}

// phase runs `count` requests (or, with dur > 0, requests for dur) with one
// goroutine per caller; seq numbers start at seq0. It returns the next seq.
func (r *Runner) phase(g *group, t *job.Treatment, b *job.Block, ph uint8, seq0, count int64, dur time.Duration) int64 {
	if g.loops != nil {
		return r.loopPhase(g, t, b, ph, seq0, count, dur)
	}
	var next atomic.Int64
	open := r.Job.Load.Model == "open"
	var period time.Duration
	if open {
		period = time.Duration(float64(time.Second) / r.Job.Load.RatePerS)
		if dur > 0 {
			count = int64(dur / period)
		}
	}
	begin := time.Now()
	deadline := begin.Add(dur)
	shift0 := r.gapShift.Load()
	var maxQueue atomic.Int64
	var wg sync.WaitGroup
	for _, c := range g.callers {
		wg.Add(1)
		go func(c client.Caller) {
			defer wg.Done()
			var s frame.Sample
			s.Treatment, s.Repetition, s.Phase = uint16(t.ID), uint32(b.Repetition), ph
			for !r.stop.Load() {
				i := next.Add(1) - 1
				if !open && dur > 0 {
					if !time.Now().Before(deadline) {
						return
					}
				} else if i >= count {
					return
				}
				s.Seq = uint32(seq0 + i)
				r.retarget(c, t, seq0+i)
				if !open {
					start, lat, st, split, err := timedCall(c)
					s.Split = split
					r.put(&s, start, lat, 0, st, err)
					continue
				}
				// after a gap the schedule goes on from where it stopped: the requests the gap
				// missed are not fired at once, each with the gap in its latency
				intended := begin.Add(time.Duration(i)*period + time.Duration(r.gapShift.Load()-shift0))
				sleepUntil(intended)
				actual := time.Now()
				st, err := c.Call()
				end := time.Now()
				q := actual.Sub(intended)
				if q < 0 {
					q = 0
				}
				if int64(q) > maxQueue.Load() {
					maxQueue.Store(int64(q)) // racy max: good enough for a warning
				}
				if q > time.Second {
					r.warnBehind(t.ID, q)
				}
				r.put(&s, intended, end.Sub(intended), q, st, err)
			}
		}(c)
	}
	wg.Wait()
	if open {
		mq := time.Duration(maxQueue.Load())
		elapsed := time.Since(begin)
		if mq > time.Millisecond+period {
			r.mu.Lock()
			r.behindMax = max(r.behindMax, mq)
			r.mu.Unlock()
			r.Sink.Event(map[string]any{"event": "warning",
				"message": fmt.Sprintf("open-loop run behind schedule by up to %.1f ms (treatment %d, %s, target %.1f req/s, achieved %.1f req/s, concurrency %d)",
					float64(mq)/1e6, t.ID, frame.PhaseName(ph), r.Job.Load.RatePerS,
					float64(count)/elapsed.Seconds(), len(g.callers)),
				"treatment": t.ID, "behind_ms": float64(mq) / 1e6})
		}
	}
	return seq0 + count
}

// loopPhase is phase for the closed model on EpollLoops, one goroutine
// each; the loops claim sequence numbers from one counter, so counts and
// seqs are as exact as with the goroutine clients.
func (r *Runner) loopPhase(g *group, t *job.Treatment, b *job.Block, ph uint8, seq0, count int64, dur time.Duration) int64 {
	var next atomic.Int64
	deadline := time.Since(r.T0) + dur // the loops' times are since T0
	claim := func(now time.Duration) (int64, bool) {
		if r.stop.Load() {
			return 0, false
		}
		if dur > 0 {
			if now >= deadline {
				return 0, false
			}
			return seq0 + next.Add(1) - 1, true
		}
		if i := next.Add(1) - 1; i < count {
			return seq0 + i, true
		}
		return 0, false
	}
	var wg sync.WaitGroup
	for _, l := range g.loops {
		wg.Add(1)
		go func(l *client.EpollLoop) {
			defer wg.Done()
			var s frame.Sample
			s.Treatment, s.Repetition, s.Phase = uint16(t.ID), uint32(b.Repetition), ph
			l.Run(r.T0, claim, func(seq int64, start, lat time.Duration, st int64, err error) {
				s.Seq = uint32(seq)
				r.putSince(&s, start, lat, 0, st, err)
			})
		}(l)
	}
	wg.Wait()
	return seq0 + count
}

func (r *Runner) warnBehind(id int, q time.Duration) {
	now := time.Now().UnixNano()
	last := r.lastWarn.Load()
	if now-last < int64(5*time.Second) || !r.lastWarn.CompareAndSwap(last, now) {
		return
	}
	r.Sink.Event(map[string]any{"event": "warning", "treatment": id, "behind_ms": float64(q) / 1e6,
		"message": fmt.Sprintf("open-loop run behind schedule by %.1f ms (treatment %d)", float64(q)/1e6, id)})
}

// sleepUntil sleeps until t: a timer sleep for the bulk, then yields for the
// last stretch so the send is not late by a timer's granularity.
func sleepUntil(t time.Time) {
	d := time.Until(t)
	if d <= 0 {
		return
	}
	if d > 200*time.Microsecond {
		time.Sleep(d - 100*time.Microsecond)
	}
	for time.Now().Before(t) {
		// yield rather than burn the core shared with the other clients
		runtime.Gosched()
	}
}
