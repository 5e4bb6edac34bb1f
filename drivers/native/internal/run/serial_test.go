package run

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/workers/go/restserver"
	"github.com/bancada-lab/bancada/workers/go/service"

	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

func serialJob(target, model string) string {
	var ts []string
	for i, f := range []string{"json", "protobuf", "avro", "msgpack"} {
		ts = append(ts, fmt.Sprintf(`{"id": %d, "implementation": "go-rest", "protocol": "rest", "target": %q,
			"operation": "serial", "workload": "s", "payload": {"kind": "structs", "count": 100, "format": %q, "seed": 3}}`, i, target, f))
	}
	load := fmt.Sprintf(`{"model": %q}`, model)
	if model != "sequential" {
		load = fmt.Sprintf(`{"model": %q, "concurrency": 2}`, model)
	}
	return fmt.Sprintf(`{"version": 1, "treatments": [%s], "connection": "reuse", "timeout_s": 10,
		"load": %s, "blocks": [{"repetition": 1, "treatments": [0, 1, 2, 3], "warmup": 1, "requests": 5}]}`,
		strings.Join(ts, ","), load)
}

// Every serial sample is followed by its X frame, whose parts are positive and
// whose worker parts lie inside the worker's span, itself inside the latency.
func TestSerialSplitFrames(t *testing.T) {
	srv := httptest.NewServer(restserver.NewHandler(service.Config{}))
	t.Cleanup(srv.Close)
	target := strings.TrimPrefix(srv.URL, "http://")
	for _, model := range []string{"sequential", "closed"} {
		frames, done := runJob(t, serialJob(target, model))
		n := 0
		for i, f := range frames {
			if f.Type != frame.TypeSample {
				continue
			}
			n++
			s := f.Sample
			if !s.OK {
				t.Fatalf("%s: sample failed: %s", model, s.Err)
			}
			x := frames[i+1]
			if x.Type != frame.TypeSplit || x.Sample.Treatment != s.Treatment || x.Sample.Seq != s.Seq {
				t.Fatalf("%s: sample %d/%d is not followed by its X frame", model, s.Treatment, s.Seq)
			}
			p := x.Sample.Split
			if p.ClientSerNs <= 0 || p.ClientDeserNs <= 0 || p.ServerDeserNs <= 0 || p.ServerSerNs <= 0 ||
				p.ServerDeserNs+p.ServerSerNs >= s.ServerNs || s.ServerNs >= s.LatencyNs {
				t.Fatalf("%s: split %+v of sample %+v", model, p, s)
			}
			if p.RequestBytes <= 0 || p.RequestBytes != p.ResponseBytes {
				t.Fatalf("%s: sizes %d -> %d", model, p.RequestBytes, p.ResponseBytes)
			}
		}
		if n != 24 || done["samples"].(float64) != 24 {
			t.Fatalf("%s: %d samples, done %v", model, n, done)
		}
	}
}

func TestSerialRefusesTheOpenModel(t *testing.T) {
	j, err := job.Parse([]byte(strings.Replace(serialJob("127.0.0.1:1", "open"), `"concurrency": 2`, `"concurrency": 2, "rate_per_s": 10`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Job: j}
	if err := r.Prepare(); err == nil || !strings.Contains(err.Error(), "operation serial runs under the sequential or closed load model") {
		t.Fatalf("open model: %v", err)
	}
}

func TestSerialJobValidation(t *testing.T) {
	for bad, want := range map[string]string{
		`"format": "json"`:   "", // the valid one
		`"format": "xml"`:    `serial payload format "xml"; expected one of json, protobuf, avro, msgpack`,
		`"kind": "records"`:  `serial payload kind "records"`,
		`"protocol": "grpc"`: "operation serial is REST only",
	} {
		js := serialJob("127.0.0.1:1", "sequential")
		switch {
		case strings.HasPrefix(bad, `"format"`):
			js = strings.Replace(js, `"format": "json"`, bad, 1)
		case strings.HasPrefix(bad, `"kind"`):
			js = strings.Replace(js, `"kind": "structs"`, bad, 1)
		default:
			js = strings.Replace(js, `"protocol": "rest"`, bad, 1)
		}
		_, err := job.Parse([]byte(js))
		if (want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), want)) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// Each request sends a new data set, as seed 004's iterations did, drawn
// from (payload seed, repetition, seq): the JSON sizes vary from request to
// request and between repetitions, and a second run sends the same bytes.
func TestSerialDrawsDataPerRequest(t *testing.T) {
	srv := httptest.NewServer(restserver.NewHandler(service.Config{}))
	t.Cleanup(srv.Close)
	target := strings.TrimPrefix(srv.URL, "http://")
	js := strings.Replace(serialJob(target, "closed"), `]}`,
		`, {"repetition": 2, "treatments": [0, 1, 2, 3], "warmup": 1, "requests": 5}]}`, 1)
	sizes := func() map[[2]uint32]int64 { // JSON treatment: (repetition, seq) -> request bytes
		frames, _ := runJob(t, js)
		out := map[[2]uint32]int64{}
		for _, f := range frames {
			if f.Type == frame.TypeSplit && f.Sample.Treatment == 0 {
				out[[2]uint32{f.Sample.Repetition, f.Sample.Seq}] = f.Sample.Split.RequestBytes
			}
		}
		return out
	}
	first, second := sizes(), sizes()
	if len(first) != 12 {
		t.Fatalf("%d JSON requests, want 12", len(first))
	}
	distinct := map[int64]bool{}
	differs := false
	for k, v := range first {
		distinct[v] = true
		if second[k] != v {
			t.Fatalf("request %v: %d bytes, then %d in a second run", k, v, second[k])
		}
		if k[0] == 1 && first[[2]uint32{2, k[1]}] != v {
			differs = true
		}
	}
	if len(distinct) < 6 || !differs {
		t.Fatalf("JSON sizes %v: the data set does not change per request and repetition", first)
	}
}
