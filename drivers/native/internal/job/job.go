// Package job parses and validates the job a driver reads on stdin
// (docs/driver-protocol.md, "The job"), including the native driver's
// extensions (section "Native driver").
package job

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols"
)

// Payload describes the request payload; values are drawn once, before timing.
type Payload struct {
	Kind         string   `json:"kind"`
	Count        int      `json:"count"`
	Min          *float64 `json:"min"`
	Max          *float64 `json:"max"`
	Seed         *uint64  `json:"seed"`
	K            *int     `json:"k"`
	Echo         bool     `json:"echo"`
	StringLength *int     `json:"string_length"`
	SelectSeed   *uint64  `json:"select_seed"`
	// Order is matmul's matrix order (default DefaultOrder).
	Order  *int   `json:"order"`
	Format string `json:"format"` // operation "serial": json | protobuf | avro | msgpack
	// Limit is list_pets' and list_people's limit (1..MaxLimit; required).
	Limit *int `json:"limit"`
}

// DBOperations are the database methods of the microservices study (seed 001),
// as job operations.
var DBOperations = map[string]bool{"list_pets": true, "list_people": true, "create_pet": true, "create_person": true}

// MaxLimit bounds a list's limit (bench.proto: 1 <= limit <= 1000).
const MaxLimit = 1000

// DefaultOrder is matmul's matrix order when the payload does not set one.
const DefaultOrder = 4

// MaxOrder bounds matmul's order (two 1024 x 1024 matrices: 16 MiB of doubles).
const MaxOrder = 1024

// MethodOperations are the six methods of the RPC study (seed 002) and the
// count a treatment without a payload takes (sum: the study's eight values;
// recolor: two extras).
var MethodOperations = map[string]int{"void": 0, "double": 0, "sum": 8, "power_of_two": 0, "recolor": 2, "matmul": 0}

// OrderValue returns order (default DefaultOrder).
func (p *Payload) OrderValue() int {
	if p.Order == nil {
		return DefaultOrder
	}
	return *p.Order
}

// Treatment is one (implementation, target, operation, payload) combination.
type Treatment struct {
	ID             int      `json:"id"`
	Implementation string   `json:"implementation"`
	Protocol       string   `json:"protocol"`
	Target         string   `json:"target"`
	Operation      string   `json:"operation"`
	Workload       string   `json:"workload"`
	Payload        *Payload `json:"payload"`
	// Request is the request of operation "custom" (a user's own service).
	Request *CustomRequest `json:"request"`
}

// Wire is the protocol the treatment speaks (package protocols); nil for a
// name the registry does not hold (validate rejects it).
func (t *Treatment) Wire() protocol.Protocol { return protocols.Get(t.Protocol) }

// CustomRequest is the request of an operation "custom" treatment
// (docs/driver-protocol.md, "Custom requests"): for REST a method, path,
// headers and body bytes sent as given; for gRPC a full method name, the
// request message as JSON (protojson) and, optionally, the descriptors as a
// FileDescriptorSet (protoset); without one the driver asks the server's
// reflection service. Either way the message is encoded once, before timing.
type CustomRequest struct {
	Method     string            `json:"method"`      // REST: GET, POST, PUT, PATCH, DELETE, OPTIONS
	Path       string            `json:"path"`        // REST: "/v1/select?x=1"
	Headers    map[string]string `json:"headers"`     // REST: sent as given, in name order
	Body       []byte            `json:"body_base64"` // REST: the body bytes (base64 in the JSON)
	GRPCMethod string            `json:"grpc_method"` // gRPC: "package.Service/Method"
	JSON       string            `json:"json"`        // gRPC: the request message as protojson
	Protoset   []byte            `json:"protoset_base64"`
}

// Load is the load model. Only Model is shared with the Python driver.
type Load struct {
	Model       string  `json:"model"`
	Concurrency int     `json:"concurrency"`
	DurationS   float64 `json:"duration_s"`
	RatePerS    float64 `json:"rate_per_s"`
	GRPCMode    string  `json:"grpc_mode"`
	MaxRecords  *int64  `json:"max_records"`
	RESTClient  string  `json:"rest_client"`
	// BusyPollUs: the epoll engine polls this long before it sleeps
	// (default DefaultBusyPollUs; 0 sleeps at once).
	BusyPollUs *float64 `json:"busy_poll_us"`
	// EventLoops: the closed model's epoll engine splits the connections
	// over this many loops, one goroutine each (like wrk -t; default 1).
	EventLoops int `json:"event_loops"`
	// The vus model (k6's virtual users; see VUs in vus.go).
	VUs           int      `json:"vus"`
	PacingS       *float64 `json:"pacing_s"`
	ThinkTimeS    *float64 `json:"think_time_s"`
	RampUpS       float64  `json:"ramp_up_s"`
	GracefulStopS *float64 `json:"graceful_stop_s"`
}

// DefaultBusyPollUs is load.busy_poll_us when the job does not set it.
const DefaultBusyPollUs = 20.0

// MaxBusyPollUs bounds load.busy_poll_us (10 ms).
const MaxBusyPollUs = 10_000.0

// Block is one repetition's schedule.
type Block struct {
	Repetition int    `json:"repetition"`
	Treatments []int  `json:"treatments"`
	Warmup     int    `json:"warmup"`
	Requests   int    `json:"requests"`
	Order      string `json:"order"`
	Seed       uint64 `json:"seed"`
	// WarmupUntil, when set, goes on warming up past Warmup requests until
	// the latency is steady (see Steady); nil: exactly Warmup requests.
	WarmupUntil *Steady `json:"warmup_until"`
}

// Job is the whole plan step.
type Job struct {
	Version    int         `json:"version"`
	Treatments []Treatment `json:"treatments"`
	Connection string      `json:"connection"`
	TimeoutS   float64     `json:"timeout_s"`
	Load       Load        `json:"load"`
	Blocks     []Block     `json:"blocks"`

	// PrepareOnly: resolve and encode every request (custom gRPC requests ask
	// the server's reflection), report them in a "prepared" event, send nothing.
	PrepareOnly bool `json:"prepare_only"`

	// UnknownKeys lists keys this driver does not know (reported as a warning).
	UnknownKeys []string `json:"-"`
	byID        map[int]*Treatment
}

// DefaultMaxRecords is the default cap on streamed sample frames.
const DefaultMaxRecords = 1_000_000

// MaxRatePerS is the highest open-model arrival rate the driver accepts.
const MaxRatePerS = 200_000

// Parse decodes and validates a job. The error names the reason.
func Parse(data []byte) (*Job, error) {
	var j Job
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("bad job JSON: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("bad job JSON: trailing data after the job object")
	}
	j.UnknownKeys = unknownKeys(data)
	if err := j.validate(); err != nil {
		return nil, err
	}
	return &j, nil
}

// Treatment returns the treatment with the given id.
func (j *Job) Treatment(id int) *Treatment { return j.byID[id] }

// MaxRecords returns the cap on streamed sample frames.
func (j *Job) MaxRecords() int64 {
	if j.Load.MaxRecords == nil {
		return DefaultMaxRecords
	}
	return *j.Load.MaxRecords
}

// Bounds returns min and max (defaults 0 and 1000).
func (p *Payload) Bounds() (float64, float64) {
	lo, hi := 0.0, 1000.0
	if p.Min != nil {
		lo = *p.Min
	}
	if p.Max != nil {
		hi = *p.Max
	}
	return lo, hi
}

// SeedValue returns seed (default 1, as the Python driver).
func (p *Payload) SeedValue() uint64 {
	if p.Seed == nil {
		return 1
	}
	return *p.Seed
}

// KValue returns k (default 3).
func (p *Payload) KValue() int {
	if p.K == nil {
		return 3
	}
	return *p.K
}

// StrLen returns string_length (default 16).
func (p *Payload) StrLen() int {
	if p.StringLength == nil {
		return 16
	}
	return *p.StringLength
}

var known = map[string][]string{
	"":          {"version", "treatments", "connection", "timeout_s", "load", "blocks", "prepare_only"},
	"treatment": {"id", "implementation", "protocol", "target", "operation", "workload", "payload", "request"},
	"request":   {"method", "path", "headers", "body_base64", "grpc_method", "json", "protoset_base64"},
	"payload": {"kind", "count", "min", "max", "seed", "k", "echo", "string_length", "select_seed", "format",
		"order", "limit"},
	"load": {"model", "concurrency", "duration_s", "rate_per_s", "grpc_mode", "max_records", "rest_client",
		"busy_poll_us", "event_loops", "vus", "pacing_s", "think_time_s", "ramp_up_s", "graceful_stop_s"},
	"block":        {"repetition", "treatments", "warmup", "requests", "order", "seed", "warmup_until"},
	"warmup_until": {"window", "windows", "cov_pct", "max_requests", "max_s", "window_latency_s", "min_window"},
}

func unknownKeys(data []byte) []string {
	var raw map[string]json.RawMessage
	if json.Unmarshal(data, &raw) != nil {
		return nil
	}
	var out []string
	check := func(prefix, kind string, m map[string]json.RawMessage) {
		for k := range m {
			found := false
			for _, kk := range known[kind] {
				if k == kk {
					found = true
				}
			}
			if !found {
				out = append(out, prefix+k)
			}
		}
	}
	check("", "", raw)
	var load map[string]json.RawMessage
	if json.Unmarshal(raw["load"], &load) == nil {
		check("load.", "load", load)
	}
	var ts []map[string]json.RawMessage
	if json.Unmarshal(raw["treatments"], &ts) == nil {
		for i, t := range ts {
			check(fmt.Sprintf("treatments[%d].", i), "treatment", t)
			var p map[string]json.RawMessage
			if json.Unmarshal(t["payload"], &p) == nil {
				check(fmt.Sprintf("treatments[%d].payload.", i), "payload", p)
			}
			var rq map[string]json.RawMessage
			if json.Unmarshal(t["request"], &rq) == nil {
				check(fmt.Sprintf("treatments[%d].request.", i), "request", rq)
			}
		}
	}
	var bs []map[string]json.RawMessage
	if json.Unmarshal(raw["blocks"], &bs) == nil {
		for i, b := range bs {
			check(fmt.Sprintf("blocks[%d].", i), "block", b)
			var w map[string]json.RawMessage
			if json.Unmarshal(b["warmup_until"], &w) == nil {
				check(fmt.Sprintf("blocks[%d].warmup_until.", i), "warmup_until", w)
			}
		}
	}
	sort.Strings(out)
	return out
}
