package job

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

const base = `{"version":1,"treatments":[{"id":0,"implementation":"go-grpc","protocol":"grpc","target":"127.0.0.1:1","operation":"select","payload":{"kind":"int64s","count":200,"min":0,"max":1000,"seed":1,"k":3}}],"connection":"reuse","timeout_s":10,"load":LOAD,"blocks":[{"repetition":1,"treatments":[0],"warmup":1,"requests":2,"order":"round_robin","seed":0}]}`

func TestParseValidAndDefaults(t *testing.T) {
	j, err := Parse([]byte(strings.Replace(base, "LOAD", `{"model":"closed","concurrency":4}`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if j.Load.GRPCMode != "channels" || j.Load.RESTClient != "epoll" || j.MaxRecords() != DefaultMaxRecords ||
		*j.Load.BusyPollUs != DefaultBusyPollUs || j.Load.EventLoops != 1 {
		t.Fatalf("defaults: %+v", j.Load)
	}
	j, err = Parse([]byte(strings.Replace(base, "LOAD", `{"model":"sequential"}`, 1)))
	if err != nil || j.Load.RESTClient != "epoll" {
		t.Fatal(err, j.Load)
	}
	if _, err = Parse([]byte(strings.Replace(base, "LOAD", `{"model":"closed","rest_client":"epoll"}`, 1))); err != nil {
		t.Fatal(err)
	}
	j, err = Parse([]byte(strings.Replace(base, "LOAD", `{"model":"open","rate_per_s":10}`, 1)))
	if err != nil || j.Load.Concurrency != 64 || j.Load.RESTClient != "raw" {
		t.Fatal(err, j.Load)
	}
	j, err = Parse([]byte(strings.Replace(base, "LOAD", `{"model":"closed","busy_poll_us":0,"event_loops":3}`, 1)))
	if err != nil || *j.Load.BusyPollUs != 0 || j.Load.EventLoops != 3 || len(j.UnknownKeys) != 0 {
		t.Fatal(err, j.Load, j.UnknownKeys)
	}
}

func TestParseRejects(t *testing.T) {
	cases := map[string]string{
		`{bad`: "bad job JSON",
		strings.Replace(base, "LOAD", `{"model":"burst"}`, 1):                                              "unknown load.model",
		strings.Replace(base, "LOAD", `{"model":"open"}`, 1):                                               "rate_per_s > 0",
		strings.Replace(base, "LOAD", `{"model":"open","rate_per_s":1e9}`, 1):                              "above what the native driver",
		strings.Replace(base, "LOAD", `{"model":"sequential","concurrency":5}`, 1):                         "one request at a time",
		strings.Replace(base, "LOAD", `{"model":"closed","grpc_mode":"pipes"}`, 1):                         "unknown load.grpc_mode",
		strings.Replace(base, "LOAD", `{"model":"closed","max_records":-1}`, 1):                            "max_records",
		strings.Replace(base, "LOAD", `{"model":"closed","busy_poll_us":-1}`, 1):                           "load.busy_poll_us must be in [0, 10000]",
		strings.Replace(base, "LOAD", `{"model":"closed","event_loops":2000}`, 1):                          "load.event_loops must be in 1..1024",
		strings.Replace(strings.Replace(base, "LOAD", `{}`, 1), `"grpc"`, `"soap"`, 1):                     "unknown protocol",
		strings.Replace(strings.Replace(base, "LOAD", `{}`, 1), `"treatments":[0]`, `"treatments":[9]`, 1): "unknown treatment 9",
		strings.Replace(strings.Replace(base, "LOAD", `{}`, 1), `"k":3`, `"k":300`, 1):                     "select k=300",
		strings.Replace(strings.Replace(base, "LOAD", `{}`, 1), `"reuse"`, `"pool"`, 1):                    "unknown connection",
	}
	for js, want := range cases {
		_, err := Parse([]byte(js))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want error containing %q, got %v", want, err)
		}
	}
}

func TestUnknownKeys(t *testing.T) {
	j, err := Parse([]byte(strings.Replace(base, "LOAD", `{"model":"sequential","turbo":true}`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if len(j.UnknownKeys) != 1 || j.UnknownKeys[0] != "load.turbo" {
		t.Fatalf("%v", j.UnknownKeys)
	}
}

const customBase = `{"version":1,"treatments":[{"id":0,"implementation":"mine","protocol":"PROTO","target":"127.0.0.1:1","operation":"custom","request":REQ}],"blocks":[{"repetition":1,"treatments":[0],"requests":2}]}`

func custom(proto, req string) []byte {
	return []byte(strings.Replace(strings.Replace(customBase, "PROTO", proto, 1), "REQ", req, 1))
}

func TestParseCustomRequests(t *testing.T) {
	j, err := Parse(custom("rest", `{"method":"POST","path":"/v1/select","headers":{"X-Key":"a b"},"body_base64":"e30="}`))
	if err != nil {
		t.Fatal(err)
	}
	r := j.Treatments[0].Request
	if string(r.Body) != "{}" || r.Headers["X-Key"] != "a b" || len(j.UnknownKeys) != 0 {
		t.Fatalf("%+v %v", r, j.UnknownKeys)
	}
	j, err = Parse(custom("grpc", `{"grpc_method":"shop.v1.Cart/Add","json":"{}","protoset_base64":"AA==","colour":1}`))
	if err != nil || j.Treatments[0].Request.GRPCMethod != "shop.v1.Cart/Add" || len(j.Treatments[0].Request.Protoset) != 1 {
		t.Fatal(err, j)
	}
	if len(j.UnknownKeys) != 1 || j.UnknownKeys[0] != "treatments[0].request.colour" {
		t.Fatalf("unknown keys %v", j.UnknownKeys)
	}
}

func TestParseRejectsBadCustomRequests(t *testing.T) {
	cases := map[string][]byte{
		"operation custom needs a request":                 []byte(strings.Replace(string(custom("rest", `{}`)), `,"request":{}`, "", 1)),
		"unknown request.method of treatment 0 \"HEAD\"":   custom("rest", `{"method":"HEAD","path":"/"}`),
		"must start with /":                                custom("rest", `{"method":"GET","path":"v1/x"}`),
		"no spaces or line breaks":                         custom("rest", `{"method":"GET","path":"/a b"}`),
		`header "Content-Length" is written by the driver`: custom("rest", `{"method":"GET","path":"/","headers":{"Content-Length":"3"}}`),
		"values no line breaks":                            custom("rest", `{"method":"GET","path":"/","headers":{"X":"a\r\nEvil: 1"}}`),
		"not gRPC fields":                                  custom("rest", `{"method":"GET","path":"/","grpc_method":"a.B/C"}`),
		"is not a full method name":                        custom("grpc", `{"grpc_method":"Select"}`),
		"not REST fields":                                  custom("grpc", `{"grpc_method":"a.B/C","path":"/x"}`),
		"only for operation custom":                        []byte(strings.Replace(strings.Replace(string(custom("rest", `{"method":"GET","path":"/"}`)), "PROTO", "rest", 1), `"custom"`, `"ping"`, 1)),
	}
	for want, js := range cases {
		_, err := Parse(js)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want error containing %q, got %v", want, err)
		}
	}
}

func TestVUsAndLimitValidation(t *testing.T) {
	vbase := `{"version":1,"treatments":[{"id":0,"protocol":"rest","target":"h:1","operation":%s}],"load":%s,"blocks":[{"repetition":0,"treatments":[0],"requests":1}]}`
	for _, c := range []struct{ op, load, want string }{
		{`"list_pets","payload":{}`, `{}`, "needs payload.limit"},
		{`"list_people","payload":{"limit":1001}`, `{}`, "out of range 1..1000"},
		{`"ping"`, `{"model":"vus","duration_s":1}`, "load.vus in 1.."},
		{`"ping"`, `{"model":"vus","vus":2}`, "duration_s > 0"},
		{`"ping"`, `{"model":"vus","vus":2,"duration_s":1,"pacing_s":1,"think_time_s":0}`, "exclusive"},
		{`"ping"`, `{"model":"vus","vus":2,"duration_s":1,"ramp_up_s":2}`, "ramp_up_s"},
		{`"ping"`, `{"model":"closed","vus":2}`, "need load.model vus"},
		{`"ping"`, `{"model":"vus","vus":2,"duration_s":1,"rest_client":"epoll"}`, "not epoll"},
	} {
		_, err := Parse([]byte(fmt.Sprintf(vbase, c.op, c.load)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: got %v, want %q", c.op, c.load, err, c.want)
		}
	}
	j, err := Parse([]byte(fmt.Sprintf(vbase, `"create_pet"`, `{"model":"vus","vus":3,"duration_s":2,"pacing_s":0.5,"concurrency":1}`)))
	if err != nil || j.Load.Concurrency != 3 || j.Load.RESTClient != "raw" {
		t.Fatalf("a valid vus job: %v %+v", err, j)
	}
	if p := j.Load.VUPlan(); p.GracefulStop != 30*time.Second || p.Pacing != 500*time.Millisecond {
		t.Fatalf("plan %+v", p)
	}
}
