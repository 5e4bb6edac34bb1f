package frame

import (
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// Sink receives samples from any number of measuring goroutines and writes
// them from a single writer goroutine, in batches: the writer takes what was
// put every DrainEvery, and a buffer is written when it fills or every
// FlushEvery, never per sample, so the measuring goroutines only pay a
// channel send that wakes nobody. The writer also keeps the per-treatment,
// per-second HDR histograms and the error counts, and stops streaming S
// frames after MaxRecords (histograms go on).
type Sink struct {
	w          io.Writer
	ch         chan item
	done       chan struct{}
	maxRecords int64
	t0         time.Time

	// owned by the writer goroutine
	buf       []byte
	written   int64
	capped    int64
	total     int64
	errs      map[string]int64
	secs      map[histKey]*secHist
	totals    map[histKey]*totalHist
	writeErr  error
	mu        sync.Mutex // guards writeErr for Err()
	closeOnce sync.Once
}

type item struct {
	s     Sample
	event any // non-nil: a J frame
	sync  chan struct{}
}

type histKey struct {
	treatment uint16
	phase     uint8
}

type secHist struct {
	second int64
	h      *hdr.Histogram
	errors int64
}

type totalHist struct {
	corrected   *hdr.Histogram
	uncorrected *hdr.Histogram
	errors      int64
	open        bool
}

// FlushEvery bounds how long a written sample waits in the buffer.
const FlushEvery = 20 * time.Millisecond

// DrainEvery is how often the writer takes what was put. It does not wait on
// the channel: a writer parked there is woken by nearly every Put (a futex
// wake-up and a context switch per request, taken from the CPU the workers
// use when they share the computer; 3-5 % of the driver's CPU at 70,000
// requests/s in a CPU profile). The channel holds 16,384 items, 160 ms at
// 100,000 requests/s; a Put on a full channel waits for the next drain.
const DrainEvery = 2 * time.Millisecond

const flushBytes = 64 << 10

// Latencies above this are clamped in the histograms (1 hour).
const histMaxNs = int64(time.Hour)

func newHist() *hdr.Histogram { return hdr.New(1, histMaxNs, 3) }

// NewSink starts the writer goroutine. t0 is the job's time origin.
func NewSink(w io.Writer, maxRecords int64, t0 time.Time) *Sink {
	s := &Sink{
		w: w, ch: make(chan item, 1<<14), done: make(chan struct{}), maxRecords: maxRecords, t0: t0,
		buf: make([]byte, 0, flushBytes+4096), errs: map[string]int64{},
		secs: map[histKey]*secHist{}, totals: map[histKey]*totalHist{},
	}
	go s.loop()
	return s
}

// Put records one sample (safe from any goroutine).
func (s *Sink) Put(x *Sample) { s.ch <- item{s: *x} }

// Event writes a J frame in stream order (safe from any goroutine).
func (s *Sink) Event(v any) { s.ch <- item{event: v} }

// Sync waits until everything put so far is written and flushed.
func (s *Sink) Sync() {
	c := make(chan struct{})
	s.ch <- item{sync: c}
	<-c
}

// Close flushes all histograms, writes the done event and stops the writer.
func (s *Sink) Close(extra map[string]any) {
	s.closeOnce.Do(func() {
		s.ch <- item{event: closeMarker{extra: extra}}
		<-s.done
	})
}

// Err returns the first write error (e.g. the parent closed the pipe).
func (s *Sink) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.writeErr
}

type closeMarker struct {
	extra map[string]any
	quiet bool
}

func (s *Sink) loop() {
	defer close(s.done)
	tick := time.NewTicker(DrainEvery)
	defer tick.Stop()
	lastFlush := time.Now()
	for now := range tick.C {
		if s.drain() {
			return
		}
		if now.Sub(lastFlush) >= FlushEvery {
			s.rollSeconds(int64(now.Sub(s.t0) / time.Second))
			s.flush()
			lastFlush = now
		}
	}
}

// drain takes every item put so far without waiting for more; true when the
// writer must stop (Close or CloseQuiet was called).
func (s *Sink) drain() bool {
	for {
		select {
		case it := <-s.ch:
			if s.take(it) {
				return true
			}
		default:
			return false
		}
	}
}

// take handles one item; true when it is the close marker (handled: the
// writer must stop).
func (s *Sink) take(it item) bool {
	if it.sync != nil {
		s.flush()
		close(it.sync)
		return false
	}
	if cm, ok := it.event.(closeMarker); ok {
		if cm.quiet {
			s.flush()
		} else {
			s.finish(cm.extra)
		}
		return true
	}
	if it.event != nil {
		s.buf = AppendJSON(s.buf, it.event)
	} else {
		s.record(&it.s)
	}
	if len(s.buf) >= flushBytes {
		s.flush()
	}
	return false
}

func (s *Sink) flush() {
	if len(s.buf) == 0 {
		return
	}
	if s.writeErr == nil {
		if _, err := s.w.Write(s.buf); err != nil {
			s.mu.Lock()
			s.writeErr = err
			s.mu.Unlock()
		}
	}
	s.buf = s.buf[:0]
}

func clamp(v int64) int64 {
	if v < 1 {
		return 1
	}
	if v > histMaxNs {
		return histMaxNs
	}
	return v
}

func (s *Sink) record(x *Sample) {
	s.total++
	if s.written < s.maxRecords {
		s.buf = AppendSample(s.buf, x)
		if x.Split != nil {
			s.buf = AppendSplit(s.buf, x)
		}
		s.written++
	} else {
		s.capped++
	}
	key := histKey{x.Treatment, x.Phase}
	end := (x.StartNs + x.LatencyNs) / int64(time.Second)
	sh := s.secs[key]
	if sh == nil {
		sh = &secHist{second: end, h: newHist()}
		s.secs[key] = sh
	} else if end > sh.second {
		s.emitSecond(key, sh)
		sh.second = end
	}
	th := s.totals[key]
	if th == nil {
		th = &totalHist{corrected: newHist(), uncorrected: newHist()}
		s.totals[key] = th
	}
	if !x.OK {
		kind := x.Err
		if i := strings.IndexByte(kind, ':'); i >= 0 {
			kind = kind[:i]
		}
		s.errs[kind]++
		sh.errors++
		th.errors++
		return
	}
	_ = sh.h.RecordValue(clamp(x.LatencyNs))
	_ = th.corrected.RecordValue(clamp(x.LatencyNs))
	_ = th.uncorrected.RecordValue(clamp(x.LatencyNs - x.QueueNs))
	if x.QueueNs != 0 {
		th.open = true
	}
}

// PhaseName is the name of a phase in JSON events: "warmup" or "measure".
func PhaseName(p uint8) string {
	if p == PhaseWarmup {
		return "warmup"
	}
	return "measure"
}

func (s *Sink) emitSecond(key histKey, sh *secHist) {
	h := sh.h
	if h.TotalCount() == 0 && sh.errors == 0 {
		return
	}
	s.buf = AppendJSON(s.buf, map[string]any{
		"event": "histogram", "treatment": key.treatment, "phase": PhaseName(key.phase),
		"second": sh.second, "count": h.TotalCount() + sh.errors, "errors": sh.errors,
		"p50_ns": h.ValueAtQuantile(50), "p90_ns": h.ValueAtQuantile(90),
		"p99_ns": h.ValueAtQuantile(99), "max_ns": h.Max(), "min_ns": h.Min(),
		"mean_ns": int64(h.Mean()),
	})
	h.Reset()
	sh.errors = 0
}

// rollSeconds emits the histograms of seconds that have ended.
func (s *Sink) rollSeconds(now int64) {
	for key, sh := range s.secs {
		if sh.second < now && (sh.h.TotalCount() > 0 || sh.errors > 0) {
			s.emitSecond(key, sh)
		}
	}
}

func (s *Sink) finish(extra map[string]any) {
	keys := make([]histKey, 0, len(s.secs))
	for k := range s.secs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].treatment != keys[j].treatment {
			return keys[i].treatment < keys[j].treatment
		}
		return keys[i].phase < keys[j].phase
	})
	for _, k := range keys {
		s.emitSecond(k, s.secs[k])
	}
	for _, k := range keys {
		th := s.totals[k]
		ev := map[string]any{
			"event": "summary", "treatment": k.treatment, "phase": PhaseName(k.phase),
			"count": th.corrected.TotalCount() + th.errors, "errors": th.errors,
			"p50_ns": th.corrected.ValueAtQuantile(50), "p90_ns": th.corrected.ValueAtQuantile(90),
			"p99_ns": th.corrected.ValueAtQuantile(99), "p999_ns": th.corrected.ValueAtQuantile(99.9),
			"max_ns": th.corrected.Max(), "min_ns": th.corrected.Min(), "mean_ns": int64(th.corrected.Mean()),
		}
		if th.open {
			ev["uncorrected_p50_ns"] = th.uncorrected.ValueAtQuantile(50)
			ev["uncorrected_p99_ns"] = th.uncorrected.ValueAtQuantile(99)
			ev["uncorrected_max_ns"] = th.uncorrected.Max()
		}
		s.buf = AppendJSON(s.buf, ev)
	}
	done := map[string]any{"event": "done", "samples": s.written, "errors": s.errs,
		"requests": s.total, "samples_capped": s.capped}
	for k, v := range extra {
		done[k] = v
	}
	s.buf = AppendJSON(s.buf, done)
	s.flush()
}

// Counts returns (requests recorded, S frames written); only valid after Close.
func (s *Sink) Counts() (int64, int64) { return s.total, s.written }

// CloseQuiet flushes and stops the writer without the done event.
func (s *Sink) CloseQuiet() {
	s.closeOnce.Do(func() {
		s.ch <- item{event: closeMarker{quiet: true}}
		<-s.done
	})
}
