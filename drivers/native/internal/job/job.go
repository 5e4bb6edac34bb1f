// Package job parses and validates the job a driver reads on stdin
// (docs/driver-protocol.md, "The job"), including the native driver's
// extensions (section "Native driver").
package job

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"

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

func oneOf(field, v string, allowed ...string) error {
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return fmt.Errorf("unknown %s %q (expected one of %s)", field, v, strings.Join(allowed, ", "))
}

func (j *Job) validate() error {
	if j.Version != 1 {
		return fmt.Errorf("unsupported job version %d (expected 1)", j.Version)
	}
	if len(j.Treatments) == 0 {
		return fmt.Errorf("job has no treatments")
	}
	if len(j.Blocks) == 0 {
		return fmt.Errorf("job has no blocks")
	}
	if j.Connection == "" {
		j.Connection = "reuse"
	}
	if err := oneOf("connection", j.Connection, "reuse", "new"); err != nil {
		return err
	}
	if j.TimeoutS == 0 {
		j.TimeoutS = 10
	}
	if j.TimeoutS < 0 || math.IsNaN(j.TimeoutS) || j.TimeoutS > 86400 {
		return fmt.Errorf("timeout_s must be in (0, 86400], got %v", j.TimeoutS)
	}
	j.byID = make(map[int]*Treatment, len(j.Treatments))
	for i := range j.Treatments {
		t := &j.Treatments[i]
		if t.ID < 0 || t.ID > math.MaxUint16 {
			return fmt.Errorf("treatment id %d out of range 0..65535", t.ID)
		}
		if _, dup := j.byID[t.ID]; dup {
			return fmt.Errorf("duplicate treatment id %d", t.ID)
		}
		j.byID[t.ID] = t
		if err := oneOf(fmt.Sprintf("protocol of treatment %d", t.ID), t.Protocol, protocols.Names()...); err != nil {
			return err
		}
		if err := oneOf(fmt.Sprintf("operation of treatment %d", t.ID), t.Operation, "ping", "select", "echo", "info",
			"void", "double", "sum", "power_of_two", "recolor", "matmul", "custom", "serial",
			"list_pets", "list_people", "create_pet", "create_person"); err != nil {
			return err
		}
		if t.Operation == "custom" && !t.Wire().Custom() {
			return fmt.Errorf("treatment %d: a custom request is REST or gRPC, not %s", t.ID, t.Protocol)
		}
		if err := t.validateCustom(); err != nil {
			return err
		}
		if t.Target == "" || !strings.Contains(t.Target, ":") {
			return fmt.Errorf("treatment %d: target %q is not host:port", t.ID, t.Target)
		}
		if err := t.validatePayload(); err != nil {
			return err
		}
	}
	if err := j.validateLoad(); err != nil {
		return err
	}
	for bi := range j.Blocks {
		b := &j.Blocks[bi]
		if len(b.Treatments) == 0 {
			return fmt.Errorf("block %d lists no treatments", bi)
		}
		seen := map[int]bool{}
		for _, id := range b.Treatments {
			if j.byID[id] == nil {
				return fmt.Errorf("block %d names unknown treatment %d", bi, id)
			}
			if seen[id] {
				return fmt.Errorf("block %d lists treatment %d twice", bi, id)
			}
			seen[id] = true
		}
		if b.Warmup < 0 || b.Requests < 0 {
			return fmt.Errorf("block %d: warmup and requests must be >= 0", bi)
		}
		if b.Repetition < 0 {
			return fmt.Errorf("block %d: repetition must be >= 0", bi)
		}
		if b.WarmupUntil != nil {
			if err := b.WarmupUntil.check(); err != nil {
				return fmt.Errorf("block %d: warmup_until: %v", bi, err)
			}
		}
		if b.Order == "" {
			b.Order = "round_robin"
		}
		if err := oneOf(fmt.Sprintf("order of block %d", bi), b.Order, "round_robin", "shuffled"); err != nil {
			return err
		}
	}
	return nil
}

func (t *Treatment) validatePayload() error {
	if t.Operation == "serial" {
		return t.validateSerial()
	}
	if count, ok := MethodOperations[t.Operation]; ok {
		return t.validateMethodPayload(count)
	}
	if DBOperations[t.Operation] {
		return t.validateDBPayload()
	}
	if t.Operation != "select" && t.Operation != "echo" {
		return nil
	}
	p := t.Payload
	if p == nil {
		return fmt.Errorf("treatment %d: operation %s needs a payload", t.ID, t.Operation)
	}
	if t.Operation == "select" && p.Kind == "" {
		p.Kind = "int64s"
	}
	if t.Operation == "select" && p.Kind != "int64s" {
		return fmt.Errorf("treatment %d: select takes payload kind int64s, got %q", t.ID, p.Kind)
	}
	if err := oneOf(fmt.Sprintf("payload kind of treatment %d", t.ID), p.Kind, "int64s", "doubles", "strings", "records"); err != nil {
		return err
	}
	if p.Count < 0 || p.Count > 100_000_000 {
		return fmt.Errorf("treatment %d: payload count %d out of range", t.ID, p.Count)
	}
	lo, hi := p.Bounds()
	if lo > hi {
		return fmt.Errorf("treatment %d: payload min %v > max %v", t.ID, lo, hi)
	}
	if p.Kind == "int64s" || p.Kind == "records" {
		if lo != math.Trunc(lo) || hi != math.Trunc(hi) || lo < -9.2e18 || hi > 9.2e18 {
			return fmt.Errorf("treatment %d: int64 payload bounds must be integers", t.ID)
		}
	}
	if p.StringLength != nil && (*p.StringLength < 0 || *p.StringLength > 1<<20) {
		return fmt.Errorf("treatment %d: string_length out of range", t.ID)
	}
	if t.Operation == "select" {
		k := p.KValue()
		if k < 0 || k > p.Count {
			return fmt.Errorf("treatment %d: select k=%d must be in 0..count (%d)", t.ID, k, p.Count)
		}
	}
	return nil
}

// validateMethodPayload checks (and, when absent, makes) the payload of one
// of the six methods: count (sum's values, recolor's extras), string_length
// (power_of_two's n, 0 allowed), order (matmul), min/max (int64 bounds for
// double and sum, double bounds for matmul).
func (t *Treatment) validateMethodPayload(defaultCount int) error {
	if t.Payload == nil {
		t.Payload = &Payload{Count: defaultCount}
	}
	p := t.Payload
	if p.Count < 0 || p.Count > 100_000_000 {
		return fmt.Errorf("treatment %d: payload count %d out of range", t.ID, p.Count)
	}
	lo, hi := p.Bounds()
	if lo > hi {
		return fmt.Errorf("treatment %d: payload min %v > max %v", t.ID, lo, hi)
	}
	if (t.Operation == "double" || t.Operation == "sum") &&
		(lo != math.Trunc(lo) || hi != math.Trunc(hi) || lo < -9.2e18 || hi > 9.2e18) {
		return fmt.Errorf("treatment %d: int64 payload bounds must be integers", t.ID)
	}
	if p.StringLength != nil && (*p.StringLength < 0 || *p.StringLength > 1<<20) {
		return fmt.Errorf("treatment %d: string_length out of range 0..%d", t.ID, 1<<20)
	}
	if o := p.OrderValue(); o < 1 || o > MaxOrder {
		return fmt.Errorf("treatment %d: matmul order %d out of range 1..%d", t.ID, o, MaxOrder)
	}
	return nil
}

// validateDBPayload checks the payload of a database method: a list needs
// a limit in 1..MaxLimit; a create takes the payload's seed (default 1).
func (t *Treatment) validateDBPayload() error {
	if t.Payload == nil {
		t.Payload = &Payload{}
	}
	if t.Operation != "list_pets" && t.Operation != "list_people" {
		return nil
	}
	if t.Payload.Limit == nil {
		return fmt.Errorf("treatment %d: %s needs payload.limit (1..%d)", t.ID, t.Operation, MaxLimit)
	}
	if l := *t.Payload.Limit; l < 1 || l > MaxLimit {
		return fmt.Errorf("treatment %d: %s limit %d out of range 1..%d", t.ID, t.Operation, l, MaxLimit)
	}
	return nil
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

func (j *Job) validateLoad() error {
	l := &j.Load
	if l.Model == "" {
		l.Model = "sequential"
	}
	if err := oneOf("load.model", l.Model, "sequential", "closed", "open", "vus"); err != nil {
		return err
	}
	if err := l.validateVUs(); err != nil {
		return err
	}
	if l.GRPCMode == "" {
		l.GRPCMode = "channels"
	}
	if err := oneOf("load.grpc_mode", l.GRPCMode, "channels", "streams"); err != nil {
		return err
	}
	if l.RESTClient == "" {
		// The blocking-socket engine is the fastest at concurrency 1 and the
		// busy-polling event loop under closed load (docs/driver-protocol.md);
		// the open model keeps RawHTTP on goroutines, one per client.
		l.RESTClient = "epoll"
		if l.Model == "open" || l.Model == "vus" {
			l.RESTClient = "raw"
		}
	}
	if err := oneOf("load.rest_client", l.RESTClient, "epoll", "raw", "net/http"); err != nil {
		return err
	}
	if l.BusyPollUs == nil {
		v := DefaultBusyPollUs
		l.BusyPollUs = &v
	}
	if b := *l.BusyPollUs; !(b >= 0 && b <= MaxBusyPollUs) {
		return fmt.Errorf("load.busy_poll_us must be in [0, %.0f] microseconds, got %v", MaxBusyPollUs, b)
	}
	if l.EventLoops == 0 {
		l.EventLoops = 1
	}
	if l.EventLoops < 1 || l.EventLoops > 1024 {
		return fmt.Errorf("load.event_loops must be in 1..1024, got %d", l.EventLoops)
	}
	if l.MaxRecords != nil && *l.MaxRecords < 0 {
		return fmt.Errorf("load.max_records must be >= 0, got %d", *l.MaxRecords)
	}
	if l.DurationS < 0 || math.IsNaN(l.DurationS) || l.DurationS > 7*86400 {
		return fmt.Errorf("load.duration_s must be in [0, 604800], got %v", l.DurationS)
	}
	if l.Concurrency < 0 || l.Concurrency > 100_000 {
		return fmt.Errorf("load.concurrency must be in 1..100000, got %d", l.Concurrency)
	}
	switch l.Model {
	case "sequential":
		if l.Concurrency > 1 {
			return fmt.Errorf("load.model sequential runs one request at a time; concurrency %d needs model closed or open", l.Concurrency)
		}
		if l.DurationS > 0 || l.RatePerS > 0 {
			return fmt.Errorf("load.model sequential takes no duration_s or rate_per_s")
		}
		l.Concurrency = 1
	case "closed":
		if l.Concurrency == 0 {
			l.Concurrency = 1
		}
		if l.RatePerS > 0 {
			return fmt.Errorf("load.rate_per_s needs load.model open")
		}
	case "open":
		if !(l.RatePerS > 0) || math.IsInf(l.RatePerS, 0) {
			return fmt.Errorf("load.model open needs load.rate_per_s > 0")
		}
		if l.RatePerS > MaxRatePerS {
			return fmt.Errorf("load.rate_per_s %.0f is above what the native driver can schedule (%d/s)", l.RatePerS, MaxRatePerS)
		}
		if l.Concurrency == 0 {
			l.Concurrency = 64
		}
	case "vus":
		if l.RESTClient == "epoll" {
			return fmt.Errorf("load.model vus sends from one goroutine per virtual user: load.rest_client raw or net/http, not epoll")
		}
	}
	if l.DurationS > 0 {
		return nil
	}
	for bi, b := range j.Blocks {
		if b.Requests == 0 && b.Warmup == 0 {
			return fmt.Errorf("block %d has neither warmup nor requests (and load.duration_s is not set)", bi)
		}
	}
	return nil
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
