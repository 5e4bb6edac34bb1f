package graphqlserver

import (
	"errors"
	"math"

	"github.com/bancada-lab/bancada/workers/go/jsonops"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// resolver is the root of both Query and Mutation.
type resolver struct {
	env *jsonops.Env
}

// fieldError is what the contract rejects or cannot serve: a GraphQL field
// error with extensions.code INVALID_ARGUMENT or UNAVAILABLE.
type fieldError struct{ err error }

func (e fieldError) Error() string { return e.err.Error() }

// Extensions is read by graph-gophers into the error's "extensions".
func (e fieldError) Extensions() map[string]any {
	code := "INTERNAL"
	switch {
	case errors.Is(e.err, service.ErrInvalidArgument):
		code = "INVALID_ARGUMENT"
	case errors.Is(e.err, service.ErrUnavailable):
		code = "UNAVAILABLE"
	}
	return map[string]any{"code": code}
}

func invalid(err error) error {
	if err == nil {
		return nil
	}
	return fieldError{err}
}

func (r *resolver) Ping() bool {
	r.env.Cfg.Pause()
	return true
}

func (r *resolver) Void() *bool { return nil }

type info struct {
	Implementation, Language, Runtime, Version, Protocol string
	PID                                                  int32
}

func (r *resolver) Info() info {
	i := r.env.Info
	return info{i.Implementation, i.Language, i.Runtime, i.Version, i.Protocol, int32(i.PID)}
}

type selection struct {
	Values    []Int64
	Positions []int32
}

func (r *resolver) Select(args struct {
	Values []Int64
	K      *int32
	Seed   *UInt64
}) (*selection, error) {
	r.env.Cfg.Pause()
	if args.K != nil && *args.K < 0 {
		return nil, invalid(errorf("k must be >= 0, got %d", *args.K))
	}
	var k uint32
	if args.K != nil {
		k = uint32(*args.K)
	}
	var seed *uint64
	if args.Seed != nil {
		s := uint64(*args.Seed)
		seed = &s
	}
	values, positions, err := service.Select(fromInt64s(args.Values), k, seed)
	if err != nil {
		return nil, invalid(err)
	}
	out := &selection{Values: toInt64s(values), Positions: make([]int32, len(positions))}
	for i, p := range positions {
		if p > math.MaxInt32 {
			return nil, invalid(errorf("position %d does not fit GraphQL's Int", p))
		}
		out.Positions[i] = int32(p)
	}
	return out, nil
}

func (r *resolver) Double(args struct{ Value Int64 }) (Int64, error) {
	v, err := service.Double(int64(args.Value))
	return Int64(v), invalid(err)
}

func (r *resolver) Sum(args struct{ Values []Int64 }) (Int64, error) {
	s, err := service.Sum(fromInt64s(args.Values))
	return Int64(s), invalid(err)
}

func (r *resolver) PowerOfTwo(args struct{ Text string }) string {
	return service.PowerOfTwo(args.Text)
}

type matrix struct {
	Order  int32
	Values []float64
}

func (m matrix) toService() (*service.Matrix, error) {
	if m.Order < 0 {
		return nil, errorf("a matrix order must be >= 0, got %d", m.Order)
	}
	return &service.Matrix{Order: uint32(m.Order), Values: m.Values}, nil
}

func (r *resolver) MatMul(args struct{ A, B matrix }) (*matrix, error) {
	a, err := args.A.toService()
	if err != nil {
		return nil, invalid(err)
	}
	b, err := args.B.toService()
	if err != nil {
		return nil, invalid(err)
	}
	p, err := service.MatMul(a, b)
	if err != nil {
		return nil, invalid(err)
	}
	return &matrix{Order: int32(p.Order), Values: p.Values}, nil
}

type record struct {
	ID    Int64
	Value float64
	Name  string
	Tags  []Int64
}

type echoResult struct {
	Count   int32
	Int64s  *[]Int64
	Doubles *[]float64
	Strings *[]string
	Records *[]record
}

func (r *resolver) Echo(args struct {
	Int64s  *[]Int64
	Doubles *[]float64
	Strings *[]string
	Records *[]record
	Echo    *bool
}) (*echoResult, error) {
	r.env.Cfg.Pause()
	kinds, count := 0, 0
	for _, n := range []int{lenOf(args.Int64s), lenOf(args.Doubles), lenOf(args.Strings), lenOf(args.Records)} {
		if n >= 0 {
			kinds++
			count = n
		}
	}
	if kinds != 1 {
		return nil, invalid(errorf("echo needs exactly one of int64s, doubles, strings, records"))
	}
	if count > math.MaxInt32 {
		return nil, invalid(errorf("%d elements do not fit GraphQL's Int", count))
	}
	out := &echoResult{Count: int32(count)}
	if args.Echo != nil && *args.Echo {
		out.Int64s, out.Doubles, out.Strings, out.Records = args.Int64s, args.Doubles, args.Strings, args.Records
	}
	return out, nil
}

// lenOf is the length of *p, or -1 when p is nil (the kind is absent).
func lenOf[T any](p *[]T) int {
	if p == nil {
		return -1
	}
	return len(*p)
}

type car struct {
	Brand  string
	Model  string
	Year   int32
	Colour string
	Price  float64
	Extras []string
}

func (r *resolver) Recolor(args struct {
	Car    car
	Colour string
}) (*car, error) {
	if err := service.CheckRecolor(true, args.Colour); err != nil {
		return nil, invalid(err)
	}
	c := args.Car
	c.Colour = args.Colour
	if c.Extras == nil {
		c.Extras = []string{}
	}
	return &c, nil
}

func fromInt64s(in []Int64) []int64 {
	out := make([]int64, len(in))
	for i, v := range in {
		out[i] = int64(v)
	}
	return out
}

func toInt64s(in []int64) []Int64 {
	out := make([]Int64, len(in))
	for i, v := range in {
		out[i] = Int64(v)
	}
	return out
}
