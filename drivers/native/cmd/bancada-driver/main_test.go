package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
)

func TestBadJobGivesErrorEvent(t *testing.T) {
	for in, want := range map[string]string{
		"{bad":                "bad job JSON",
		`{"version":1}`:       "no treatments",
		`{"version":2,"x":1}`: "unsupported job version",
	} {
		var out bytes.Buffer
		if code := Main(strings.NewReader(in), &out); code != 2 {
			t.Fatalf("%s: exit %d", in, code)
		}
		fs, _ := frame.Parse(out.Bytes())
		if len(fs) != 2 || fs[0].Event["event"] != "hello" || fs[1].Event["event"] != "error" ||
			!strings.Contains(fs[1].Event["message"].(string), want) {
			t.Fatalf("%s: %+v", in, fs)
		}
	}
}

// TestPrepareOnly: a prepare_only job reports each custom request in a
// "prepared" event and sends nothing; a request that cannot be prepared is
// an error event naming the treatment, with exit code 2.
func TestPrepareOnly(t *testing.T) {
	job := `{"version":1,"prepare_only":true,"treatments":[{"id":3,"implementation":"mine","protocol":"rest","target":"127.0.0.1:9","operation":"custom","workload":"W","request":{"method":"POST","path":"/x","body_base64":"e30="}}],"blocks":[{"repetition":1,"treatments":[3],"requests":5}]}`
	var out bytes.Buffer
	if code := Main(strings.NewReader(job), &out); code != 0 {
		t.Fatalf("exit %d: %q", code, out.String())
	}
	fs, _ := frame.Parse(out.Bytes())
	var prepared, done map[string]any
	for _, f := range fs {
		if f.Type == frame.TypeSample {
			t.Fatal("a prepare_only job sent a request")
		}
		switch f.Event["event"] {
		case "prepared":
			prepared = f.Event
		case "done":
			done = f.Event
		}
	}
	tr, _ := prepared["treatments"].(map[string]any)["3"].(map[string]any)
	if tr["request_bytes"] != float64(2) || done["prepare_only"] != true {
		t.Fatalf("prepared %v, done %v", prepared, done)
	}
	bad := strings.Replace(strings.Replace(job, `"protocol":"rest"`, `"protocol":"grpc"`, 1),
		`"method":"POST","path":"/x","body_base64":"e30="`, `"grpc_method":"a.B/C","protoset_base64":"AA=="`, 1)
	out.Reset()
	if code := Main(strings.NewReader(bad), &out); code != 2 {
		t.Fatalf("exit %d", code)
	}
	fs, _ = frame.Parse(out.Bytes())
	last := fs[len(fs)-1].Event
	if last["event"] != "error" || !strings.HasPrefix(last["message"].(string), "treatment 3 (mine / W): gRPC method a.B/C: the protoset") {
		t.Fatalf("%v", last)
	}
}
