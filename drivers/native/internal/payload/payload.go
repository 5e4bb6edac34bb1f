// Package payload builds and serializes each treatment's request once, before
// any timing: the operation's protobuf message and REST body, in the
// envelope of the treatment's protocol (package protocols).
package payload

import (
	"fmt"
	"math"
	"strings"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/contract/go/pick"
	"github.com/bancada-lab/bancada/contract/go/restapi"
	"google.golang.org/protobuf/proto"

	"github.com/bancada-lab/bancada/drivers/native/internal/job"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols"
)

// Request is a pre-serialized request, sent unchanged on every call.
type Request = protocol.Request

// Header is one HTTP header line, "Name: Value".
type Header = protocol.Header

// Values holds the drawn payload values of one kind.
type Values struct {
	Int64s  []int64
	Doubles []float64
	Strings []string
	Records []*pb.Record
}

// Draw draws the payload values from SplitMix64(seed, default 1), exactly as
// app/bancada/wire/payload.py does:
// int64s uniform in [min, max] as min + next() mod (max-min+1);
// doubles next()/2^64*(max-min)+min; strings of string_length letters
// 'a'+next() mod 26; records id=i, then value (double), name (string),
// tags (4 int64s), drawn in that order.
func Draw(p *job.Payload) Values {
	rng := pick.NewSplitMix64(p.SeedValue())
	lo, hi := p.Bounds()
	ilo, ihi := int64(lo), int64(hi)
	span := uint64(ihi-ilo) + 1 // 0 means the whole 2^64 range
	i64 := func() int64 {
		if span == 0 {
			return int64(rng.Next())
		}
		return ilo + int64(rng.Next()%span)
	}
	f64 := func() float64 { return float64(rng.Next())/math.Exp2(64)*(hi-lo) + lo }
	strLen := p.StrLen()
	str := func() string {
		b := make([]byte, strLen)
		for i := range b {
			b[i] = 'a' + byte(rng.Next()%26)
		}
		return string(b)
	}
	var v Values
	switch p.Kind {
	case "int64s":
		v.Int64s = make([]int64, p.Count)
		for i := range v.Int64s {
			v.Int64s[i] = i64()
		}
	case "doubles":
		v.Doubles = make([]float64, p.Count)
		for i := range v.Doubles {
			v.Doubles[i] = f64()
		}
	case "strings":
		v.Strings = make([]string, p.Count)
		for i := range v.Strings {
			v.Strings[i] = str()
		}
	case "records":
		v.Records = make([]*pb.Record, p.Count)
		for i := range v.Records {
			r := &pb.Record{Id: int64(i)}
			r.Value = f64()
			r.Name = str()
			r.Tags = []int64{i64(), i64(), i64(), i64()}
			v.Records[i] = r
		}
	}
	return v
}

// Build serializes the request of a treatment: the operation's protobuf
// message and REST body, in its protocol's envelope (package protocols).
func Build(t *job.Treatment) (*Request, error) {
	r := &Request{}
	if IsDB(t.Operation) {
		return r, buildDB(t, r, 0)
	}
	msg, body, err := build(t, r)
	if err != nil {
		return nil, err
	}
	rpc := strings.TrimPrefix(r.GRPCMethod, "/bancada.v1.Bench/")
	return r, encode(t, r, protocol.Call{RPC: rpc, Message: msg, Body: body, Params: body})
}

// encode wraps c in t's protocol's envelope.
func encode(t *job.Treatment, r *Request, c protocol.Call) error {
	p := protocols.Get(t.Protocol)
	if p == nil {
		return fmt.Errorf("unknown protocol %q", t.Protocol)
	}
	return p.Encode(r, c)
}

// build fills r's gRPC method and REST route and returns the protobuf
// message and the REST body (nil for GET) of t's operation.
func build(t *job.Treatment, r *Request) (proto.Message, any, error) {
	if m, ok := methods[t.Operation]; ok {
		r.GRPCMethod, r.HTTPMethod, r.HTTPPath = "/bancada.v1.Bench/"+m.rpc, "POST", m.path
		return methodRequest(t.Operation, t.Payload)
	}
	switch t.Operation {
	case "ping":
		r.GRPCMethod, r.HTTPMethod, r.HTTPPath = "/bancada.v1.Bench/Ping", "GET", "/v1/ping"
		return &pb.PingRequest{}, nil, nil
	case "info":
		r.GRPCMethod, r.HTTPMethod, r.HTTPPath = "/bancada.v1.Bench/Info", "GET", "/v1/info"
		return &pb.InfoRequest{}, nil, nil
	case "select":
		r.GRPCMethod, r.HTTPMethod, r.HTTPPath = "/bancada.v1.Bench/Select", "POST", "/v1/select"
		v := Draw(t.Payload)
		k := t.Payload.KValue()
		m := &pb.SelectRequest{Values: v.Int64s, K: uint32(k), Seed: t.Payload.SelectSeed}
		jb := map[string]any{"values": nonNil(v.Int64s), "k": k}
		if t.Payload.SelectSeed != nil {
			jb["seed"] = *t.Payload.SelectSeed
		}
		return m, jb, nil
	case "echo":
		r.GRPCMethod, r.HTTPMethod, r.HTTPPath = "/bancada.v1.Bench/Echo", "POST", "/v1/echo"
		v := Draw(t.Payload)
		m := &pb.EchoRequest{Echo: t.Payload.Echo}
		jb := map[string]any{"echo": t.Payload.Echo}
		switch t.Payload.Kind {
		case "int64s":
			m.Payload = &pb.EchoRequest_Int64S{Int64S: &pb.Int64S{Values: v.Int64s}}
			jb["int64s"] = nonNil(v.Int64s)
		case "doubles":
			m.Payload = &pb.EchoRequest_Doubles{Doubles: &pb.Doubles{Values: v.Doubles}}
			jb["doubles"] = nonNil(v.Doubles)
		case "strings":
			m.Payload = &pb.EchoRequest_Strings{Strings: &pb.Strings{Values: v.Strings}}
			jb["strings"] = nonNil(v.Strings)
		case "records":
			m.Payload = &pb.EchoRequest_Records{Records: &pb.Records{Values: v.Records}}
			jb["records"] = restapi.RecordsFromProto(v.Records)
		}
		return m, jb, nil
	}
	return nil, nil, fmt.Errorf("unknown operation %q", t.Operation)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
