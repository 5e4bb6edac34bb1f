// Package restapi holds the JSON shapes of the Bancada REST mapping
// (proto/bancada/v1/bench.proto), shared by the Go worker and Go drivers.
// int64 values are plain JSON numbers.
package restapi

import pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"

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

// The six methods of the RPC study (seed 002): the bodies of
// POST /v1/void, /v1/double, /v1/sum, /v1/power-of-two, /v1/recolor and
// /v1/matmul, and their answers. The same objects are the params and results
// of JSON-RPC.

// DoubleRequest is the body of POST /v1/double.
type DoubleRequest struct {
	Value int64 `json:"value"`
}

// DoubleResponse is the answer of POST /v1/double.
type DoubleResponse struct {
	Value int64 `json:"value"`
}

// SumRequest is the body of POST /v1/sum.
type SumRequest struct {
	Values []int64 `json:"values"`
}

// SumResponse is the answer of POST /v1/sum.
type SumResponse struct {
	Sum int64 `json:"sum"`
}

// PowerOfTwoRequest is the body of POST /v1/power-of-two.
type PowerOfTwoRequest struct {
	Text string `json:"text"`
}

// PowerOfTwoResponse is the answer of POST /v1/power-of-two: a power of two in decimal.
type PowerOfTwoResponse struct {
	Power string `json:"power"`
}

// Car is the car of Recolor; Extras is never null in an answer.
type Car struct {
	Brand  string   `json:"brand"`
	Model  string   `json:"model"`
	Year   int32    `json:"year"`
	Colour string   `json:"colour"`
	Price  float64  `json:"price"`
	Extras []string `json:"extras"`
}

// RecolorRequest is the body of POST /v1/recolor; Car is required.
type RecolorRequest struct {
	Car    *Car   `json:"car"`
	Colour string `json:"colour"`
}

// RecolorResponse is the answer of POST /v1/recolor.
type RecolorResponse struct {
	Car Car `json:"car"`
}

// Matrix is a square float64 matrix, row-major.
type Matrix struct {
	Order  uint32    `json:"order"`
	Values []float64 `json:"values"`
}

// MatMulRequest is the body of POST /v1/matmul; A and B are required.
type MatMulRequest struct {
	A *Matrix `json:"a"`
	B *Matrix `json:"b"`
}

// MatMulResponse is the answer of POST /v1/matmul.
type MatMulResponse struct {
	Product Matrix `json:"product"`
}

// The database methods of the microservices study (seed 001): the query of
// GET /v1/pets and /v1/people, the bodies of POST /v1/pets and /v1/people,
// and their answers; the same objects are JSON-RPC's params and results.
// Times are RFC 3339 in UTC with a "Z"; deleted_at is null for a row not deleted.

// Pet is a row of the table pets.
type Pet struct {
	ID        int64   `json:"id"`
	CreatedAt string  `json:"created_at"`
	UpdatedAt string  `json:"updated_at"`
	DeletedAt *string `json:"deleted_at"`
	Name      string  `json:"name"`
	Age       int32   `json:"age"`
	Type      string  `json:"type"`
}

// Person is a row of the table people.
type Person struct {
	ID        int64   `json:"id"`
	CreatedAt string  `json:"created_at"`
	UpdatedAt string  `json:"updated_at"`
	DeletedAt *string `json:"deleted_at"`
	FirstName string  `json:"first_name"`
	LastName  string  `json:"last_name"`
	Email     string  `json:"email"`
	Age       int32   `json:"age"`
	Phone     string  `json:"phone"`
	Gender    string  `json:"gender"`
	Biography string  `json:"biography"`
}

// ListRequest is the params of ListPets and ListPeople (REST: ?limit=N).
type ListRequest struct {
	Limit int32 `json:"limit"`
}

// ListPetsResponse is the answer of GET /v1/pets; Pets is never null.
type ListPetsResponse struct {
	Pets []Pet `json:"pets"`
}

// ListPeopleResponse is the answer of GET /v1/people; People is never null.
type ListPeopleResponse struct {
	People []Person `json:"people"`
}

// CreatePetRequest is the body of POST /v1/pets.
type CreatePetRequest struct {
	Name string `json:"name"`
	Age  int32  `json:"age"`
	Type string `json:"type"`
}

// CreatePetResponse is the answer of POST /v1/pets (201).
type CreatePetResponse struct {
	Pet Pet `json:"pet"`
}

// CreatePersonRequest is the body of POST /v1/people.
type CreatePersonRequest struct {
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
	Age       int32  `json:"age"`
	Phone     string `json:"phone"`
	Gender    string `json:"gender"`
	Biography string `json:"biography"`
}

// CreatePersonResponse is the answer of POST /v1/people (201).
type CreatePersonResponse struct {
	Person Person `json:"person"`
}
