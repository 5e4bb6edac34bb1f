package run

import (
	"errors"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// fakeClock is a stepped clock for one VU: SleepUntil jumps to the time, a
// call advances by its latency.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) SleepUntil(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.now = t
	}
}
func (c *fakeClock) advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// runFake runs one VU on a fake clock whose calls take latencies[k] (the
// last one repeated) and returns its iterations.
func runFake(t *testing.T, plan job.VUPlan, latencies ...time.Duration) []VUIteration {
	t.Helper()
	clock := &fakeClock{now: time.Unix(1000, 0)}
	begin := clock.Now()
	var stop atomic.Bool
	var its []VUIteration
	call := func(vu, k int, hard time.Time) VUIteration {
		it := VUIteration{Started: clock.Now()}
		lat := latencies[min(k, len(latencies)-1)]
		if clock.Now().Add(lat).After(hard) {
			clock.SleepUntil(hard)
			it.Err = errors.New("timeout")
		} else {
			clock.advance(lat)
		}
		it.Ended = clock.Now()
		return it
	}
	VUSchedule(plan, clock, begin, &stop, nil, call, func(it VUIteration) {
		it.Started, it.Planned, it.Ended = time.Time{}.Add(it.Started.Sub(begin)), time.Time{}.Add(it.Planned.Sub(begin)), time.Time{}.Add(it.Ended.Sub(begin))
		its = append(its, it)
	})
	return its
}

func offsets(its []VUIteration) []time.Duration {
	out := make([]time.Duration, len(its))
	for i, it := range its {
		out[i] = it.Started.Sub(time.Time{})
	}
	return out
}

func equalDurations(t *testing.T, what string, got, want []time.Duration) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: got %d iterations %v, want %d %v", what, len(got), got, len(want), want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: iteration %d starts at %v, want %v (all: %v)", what, i, got[i], want[i], got)
		}
	}
}

func ms(v ...int) []time.Duration {
	out := make([]time.Duration, len(v))
	for i, x := range v {
		out[i] = time.Duration(x) * time.Millisecond
	}
	return out
}

func TestPacingStartsEachIterationPacingAfterThePrevious(t *testing.T) {
	plan := job.VUPlan{VUs: 1, Duration: time.Second, Pacing: 250 * time.Millisecond, GracefulStop: time.Second}
	its := runFake(t, plan, 10*time.Millisecond)
	equalDurations(t, "pacing 250 ms, 10 ms calls", offsets(its), ms(0, 250, 500, 750))
}

func TestPacingLateIterationStartsAtOnce(t *testing.T) {
	// the second call takes 400 ms > pacing: the third starts when it ends (k6: sleep of a negative time is none)
	plan := job.VUPlan{VUs: 1, Duration: time.Second, Pacing: 250 * time.Millisecond, GracefulStop: time.Second}
	its := runFake(t, plan, 10*time.Millisecond, 400*time.Millisecond, 10*time.Millisecond)
	equalDurations(t, "a late iteration", offsets(its), ms(0, 250, 650, 900))
}

func TestThinkTimeWaitsAfterTheResponse(t *testing.T) {
	plan := job.VUPlan{VUs: 1, Duration: time.Second, ThinkTime: 200 * time.Millisecond, GracefulStop: time.Second}
	its := runFake(t, plan, 100*time.Millisecond)
	equalDurations(t, "think 200 ms after 100 ms calls", offsets(its), ms(0, 300, 600, 900))
}

func TestZeroThinkTimeIsAClosedLoop(t *testing.T) {
	plan := job.VUPlan{VUs: 1, Duration: 100 * time.Millisecond, GracefulStop: time.Second}
	its := runFake(t, plan, 30*time.Millisecond)
	equalDurations(t, "no wait", offsets(its), ms(0, 30, 60, 90))
}

func TestGracefulStopBoundsTheLastIteration(t *testing.T) {
	// the iteration started at 900 ms would end at 1400 ms; duration 1 s + graceful stop 200 ms cuts it at 1200 ms
	plan := job.VUPlan{VUs: 1, Duration: time.Second, Pacing: 300 * time.Millisecond, GracefulStop: 200 * time.Millisecond}
	its := runFake(t, plan, 10*time.Millisecond, 10*time.Millisecond, 10*time.Millisecond, 500*time.Millisecond)
	equalDurations(t, "graceful stop", offsets(its), ms(0, 300, 600, 900))
	last := its[len(its)-1]
	if last.Err == nil || last.Ended.Sub(time.Time{}) != 1200*time.Millisecond {
		t.Fatalf("the last iteration should be cut at 1.2 s with an error, got end %v err %v", last.Ended.Sub(time.Time{}), last.Err)
	}
	// with a longer graceful stop it finishes
	plan.GracefulStop = time.Second
	its = runFake(t, plan, 10*time.Millisecond, 10*time.Millisecond, 10*time.Millisecond, 500*time.Millisecond)
	if last := its[len(its)-1]; last.Err != nil || last.Ended.Sub(time.Time{}) != 1400*time.Millisecond {
		t.Fatalf("the last iteration should finish at 1.4 s, got %v %v", last.Ended.Sub(time.Time{}), last.Err)
	}
}

func TestNoIterationStartsAtTheEnd(t *testing.T) {
	plan := job.VUPlan{VUs: 1, Duration: time.Second, Pacing: 500 * time.Millisecond, GracefulStop: time.Second}
	its := runFake(t, plan, 10*time.Millisecond)
	equalDurations(t, "duration 1 s / pacing 0.5 s", offsets(its), ms(0, 500))
}

func TestRampUpStartOffsets(t *testing.T) {
	plan := job.VUPlan{VUs: 4, RampUp: 2 * time.Second}
	want := ms(0, 500, 1000, 1500)
	for i, w := range want {
		if got := plan.StartOffset(i); got != w {
			t.Fatalf("VU %d starts at %v, want %v", i, got, w)
		}
	}
	plan.RampUp = 0
	if plan.StartOffset(3) != 0 {
		t.Fatal("without ramp-up every VU starts at once")
	}
}

// TestVUScheduleRealClock runs 4 VUs with a ramp-up of 200 ms, pacing 100 ms,
// for 600 ms on the real clock with 5 ms calls: VU i starts at i*50 ms and
// its iterations are 100 ms apart.
func TestVUScheduleRealClock(t *testing.T) {
	plan := job.VUPlan{VUs: 4, Duration: 600 * time.Millisecond, Pacing: 100 * time.Millisecond,
		RampUp: 200 * time.Millisecond, GracefulStop: time.Second}
	var mu sync.Mutex
	byVU := map[int][]VUIteration{}
	var stop atomic.Bool
	begin := time.Now()
	VUSchedule(plan, realClock{}, begin, &stop, nil, func(vu, k int, hard time.Time) VUIteration {
		it := VUIteration{Started: time.Now()}
		time.Sleep(5 * time.Millisecond)
		it.Ended = time.Now()
		return it
	}, func(it VUIteration) {
		mu.Lock()
		byVU[it.VU] = append(byVU[it.VU], it)
		mu.Unlock()
	})
	total := 0
	for vu := 0; vu < 4; vu++ {
		its := byVU[vu]
		sort.Slice(its, func(a, b int) bool { return its[a].Index < its[b].Index })
		// VU i starts at i*50 ms and runs until 600 ms: ceil((600 - 50 i)/100) iterations
		want := (600 - 50*vu + 99) / 100
		if len(its) != want {
			t.Fatalf("VU %d ran %d iterations, want %d", vu, len(its), want)
		}
		total += len(its)
		first := its[0].Started.Sub(begin)
		if d := first - time.Duration(vu)*50*time.Millisecond; d < 0 || d > 20*time.Millisecond {
			t.Fatalf("VU %d started at %v, want %v", vu, first, time.Duration(vu)*50*time.Millisecond)
		}
		for k := 1; k < len(its); k++ {
			gap := its[k].Started.Sub(its[k-1].Started)
			if gap < 100*time.Millisecond || gap > 120*time.Millisecond {
				t.Fatalf("VU %d iterations %d and %d are %v apart, want 100 ms", vu, k-1, k, gap)
			}
		}
	}
	if total != 6+6+5+5 {
		t.Fatalf("%d iterations in all, want 22", total)
	}
}

func TestStopEndsEveryVU(t *testing.T) {
	plan := job.VUPlan{VUs: 3, Duration: time.Hour, Pacing: 10 * time.Millisecond, GracefulStop: time.Second}
	var stop atomic.Bool
	var n atomic.Int64
	go func() { time.Sleep(50 * time.Millisecond); stop.Store(true) }()
	start := time.Now()
	VUSchedule(plan, realClock{}, start, &stop, nil, func(vu, k int, hard time.Time) VUIteration {
		n.Add(1)
		return VUIteration{Started: time.Now(), Ended: time.Now()}
	}, func(VUIteration) {})
	if time.Since(start) > time.Second || n.Load() == 0 {
		t.Fatalf("stop: took %v, %d iterations", time.Since(start), n.Load())
	}
}
