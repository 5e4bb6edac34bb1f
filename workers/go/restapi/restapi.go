// Package restapi holds the JSON shapes of the Bancada REST mapping
// (proto/bancada/v1/bench.proto), shared by the Go worker and Go drivers.
// int64 values are plain JSON numbers.
package restapi

import pb "github.com/bancada-lab/bancada/workers/go/gen/bancadav1"

// SelectRequest is the body of POST /v1/select.
type SelectRequest struct {
	Values []int64 `json:"values"`
	// K is the number of values to pick; 0 or absent means 3.
	K uint32 `json:"k,omitempty"`
	// Seed makes the pick reproducible; nil (absent) lets the server draw one.
	Seed *uint64 `json:"seed,omitempty"`
}

// SelectResponse is the answer of POST /v1/select.
type SelectResponse struct {
	Values    []int64  `json:"values"`
	Positions []uint32 `json:"positions"`
}

// Record is one element of a "records" payload (the struct arrays of seed 004).
type Record struct {
	ID    int64   `json:"id"`
	Value float64 `json:"value"`
	Name  string  `json:"name"`
	Tags  []int64 `json:"tags"`
}

// EchoRequest is the body of POST /v1/echo: exactly one kind must be non-nil.
type EchoRequest struct {
	Int64s  *[]int64   `json:"int64s,omitempty"`
	Doubles *[]float64 `json:"doubles,omitempty"`
	Strings *[]string  `json:"strings,omitempty"`
	Records *[]Record  `json:"records,omitempty"`
	// Echo asks for the payload back, not only its count.
	Echo bool `json:"echo,omitempty"`
}

// EchoResponse is the answer of POST /v1/echo: the element count, plus the
// payload (under its kind's key) when the request had "echo": true.
type EchoResponse struct {
	Count   uint64     `json:"count"`
	Int64s  *[]int64   `json:"int64s,omitempty"`
	Doubles *[]float64 `json:"doubles,omitempty"`
	Strings *[]string  `json:"strings,omitempty"`
	Records *[]Record  `json:"records,omitempty"`
}

// Error is the body of every 4xx answer.
type Error struct {
	Error string `json:"error"`
}

// Info is the answer of GET /v1/info.
type Info struct {
	Implementation string `json:"implementation"`
	Language       string `json:"language"`
	Runtime        string `json:"runtime"`
	Version        string `json:"version"`
	Protocol       string `json:"protocol"`
	PID            int64  `json:"pid"`
}

// RecordsFromProto converts protobuf records to their JSON shape.
func RecordsFromProto(in []*pb.Record) []Record {
	out := make([]Record, len(in))
	for i, r := range in {
		out[i] = Record{ID: r.GetId(), Value: r.GetValue(), Name: r.GetName(), Tags: r.GetTags()}
	}
	return out
}
