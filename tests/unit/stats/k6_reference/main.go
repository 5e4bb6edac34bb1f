// Command k6_reference prints k6's own end-of-test numbers for http_req_duration, http_reqs and
// http_req_failed from samples on stdin, using k6's metric sinks (go.k6.io/k6/metrics, v0.49.0).
//
// Input: one request per line, "latency_ms ok" (ok: 1 or 0). Argument: the test's duration in
// seconds (the t of CounterSink.Format). Output: one line of key=value pairs. The unit test
// tests/unit/stats/test_k6_summary.py pins this program's output for its fixed sample set.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"go.k6.io/k6/metrics"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: k6_reference DURATION_S < samples")
		os.Exit(2)
	}
	durationS, err := strconv.ParseFloat(os.Args[1], 64)
	if err != nil {
		fmt.Fprintln(os.Stderr, "k6_reference: the duration is not a number:", os.Args[1])
		os.Exit(2)
	}
	trend := metrics.NewTrendSink()
	reqs := &metrics.CounterSink{}
	failed := &metrics.RateSink{}
	now := time.Now()
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		ms, err := strconv.ParseFloat(f[0], 64)
		if err != nil {
			fmt.Fprintln(os.Stderr, "k6_reference: not a latency:", f[0])
			os.Exit(2)
		}
		trend.Add(metrics.Sample{Value: ms, Time: now})
		reqs.Add(metrics.Sample{Value: 1, Time: now})
		fail := 0.0
		if f[1] == "0" {
			fail = 1
		}
		failed.Add(metrics.Sample{Value: fail, Time: now})
	}
	t := trend.Format(0)
	c := reqs.Format(time.Duration(durationS * float64(time.Second)))
	r := failed.Format(0)
	fmt.Printf("avg=%.12g min=%.12g med=%.12g max=%.12g p90=%.12g p95=%.12g count=%.12g rate=%.12g failed=%.12g\n",
		t["avg"], t["min"], t["med"], t["max"], t["p(90)"], t["p(95)"], c["count"], c["rate"], r["rate"])
}
