// The job's checks: every field in range and consistent with the others, with a
// message naming the field and what was expected (docs/driver-protocol.md).

package job

import (
	"fmt"
	"math"
	"strings"

	"github.com/bancada-lab/bancada/drivers/native/internal/protocols"
)

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
