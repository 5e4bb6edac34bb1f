package run

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// warmingServer answers slower at first, like a JIT before it compiles: the
// i-th request waits max(floor, start - i*step).
func warmingServer(t *testing.T, start, step, floor time.Duration) string {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		i := n.Add(1)
		time.Sleep(max(floor, start-time.Duration(i)*step))
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{}`))
	}))
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://")
}

// A steady-state warm-up on a server that speeds up for its first 140
// requests ends after them (a count of 20 would not), sends warmup_end with
// its count, and the samples' phases follow it; the measured count stays.
func TestSteadyWarmupEndsWhenTheServerIsWarm(t *testing.T) {
	for _, load := range []string{`{"model":"sequential"}`, `{"model":"closed","concurrency":2}`} {
		target := warmingServer(t, 14*time.Millisecond, 100*time.Microsecond, 300*time.Microsecond)
		js := fmt.Sprintf(`{"version":1,"treatments":[{"id":0,"implementation":"x","protocol":"rest","target":%q,"operation":"ping"}],
			"timeout_s":5,"load":%s,"blocks":[{"repetition":1,"treatments":[0],"warmup":20,"requests":30,
			"warmup_until":{"window":20,"windows":4,"cov_pct":5,"max_requests":2000,"max_s":30}}]}`, target, load)
		frames, _ := runJob(t, js)
		var end map[string]any
		for _, f := range frames {
			if f.Type == frame.TypeJSON && f.Event["event"] == "warmup_end" {
				end = f.Event
			}
		}
		if end == nil {
			t.Fatalf("%s: no warmup_end event", load)
		}
		n := int(end["warmup_requests"].(float64))
		if end["steady"] != true || n < 140 || n >= 2000 {
			t.Fatalf("%s: warm-up ended after %d requests (%v), want steady after >= 140", load, n, end)
		}
		warm, measured := 0, 0
		for _, s := range samples(frames) {
			if s.Phase == frame.PhaseWarmup {
				warm++
			} else {
				measured++
			}
		}
		if warm != n || measured != 30 {
			t.Fatalf("%s: %d warm-up and %d measured samples, event says %d warm-up", load, warm, measured, n)
		}
	}
}

// A server that never settles ends the warm-up at its cap, not steady.
func TestSteadyWarmupStopsAtItsCap(t *testing.T) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		if (n.Add(1)/10)%2 == 0 { // windows of 10 alternate 0.1 ms and 3 ms
			time.Sleep(3 * time.Millisecond)
		}
		w.Write([]byte(`{}`))
	}))
	t.Cleanup(srv.Close)
	js := fmt.Sprintf(`{"version":1,"treatments":[{"id":0,"implementation":"x","protocol":"rest","target":%q,"operation":"ping"}],
		"timeout_s":5,"load":{"model":"sequential"},"blocks":[{"repetition":1,"treatments":[0],"warmup":0,"requests":5,
		"warmup_until":{"window":10,"windows":3,"cov_pct":5,"max_requests":120,"max_s":30}}]}`, strings.TrimPrefix(srv.URL, "http://"))
	frames, _ := runJob(t, js)
	for _, f := range frames {
		if f.Type == frame.TypeJSON && f.Event["event"] == "warmup_end" {
			if f.Event["steady"] != false || f.Event["reason"] != "max_requests" || f.Event["warmup_requests"].(float64) != 120 {
				t.Fatalf("warmup_end %v, want the cap of 120 requests, not steady", f.Event)
			}
			return
		}
	}
	t.Fatal("no warmup_end event")
}

func TestAConcurrentWarmupAsksAboutOnceAWindowsTime(t *testing.T) {
	spec := &job.Steady{Window: 10_000, Windows: 5, CovPct: 5, MaxRequests: 400_000, MaxS: 30,
		WindowLatencyS: 25, MinWindow: 200}
	// 100 clients: a window is about 0.25 s; 10,000 requests took 6.7 s (1,500/s): next 375
	if got := nextChunk(spec, 10_000, 6700*time.Millisecond, 100); got < 370 || got > 380 {
		t.Fatalf("slow server: chunk %d, want about 375", got)
	}
	if got := nextChunk(spec, 10_000, 140*time.Millisecond, 100); got != 10_000 { // 70,000/s: the count
		t.Fatalf("fast server: chunk %d, want the window's 10,000", got)
	}
	if got := nextChunk(spec, 200, 10*time.Second, 100); got != 200 { // very slow: at least min_window
		t.Fatalf("very slow server: chunk %d, want min_window 200", got)
	}
	spec.WindowLatencyS = 0
	if got := nextChunk(spec, 10_000, 6700*time.Millisecond, 100); got != 10_000 {
		t.Fatalf("without window_latency_s: chunk %d, want the window", got)
	}
}
