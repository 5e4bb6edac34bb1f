// Package jsonops runs the contract's operations on JSON bodies: the REST
// bodies of proto/bancada/v1/bench.proto, which are also the params of the
// JSON-RPC 2.0 mapping. REST decodes leniently (unknown keys ignored), JSON-RPC
// strictly (unknown names are invalid params).
package jsonops

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/bancada-lab/bancada/contract/go/restapi"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// Env is what an operation needs besides its body.
type Env struct {
	Cfg  service.Config
	Info restapi.Info
}

// Op runs one operation on body (empty: no body) and returns the answer to
// encode as JSON; ctx is the request's. Malformed or rejected input gives an
// error wrapping service.ErrInvalidArgument; a database that is missing or
// fails, service.ErrUnavailable.
type Op func(ctx context.Context, env *Env, body []byte, strict bool) (any, error)

// Ops are the contract's operations by their rpc names.
var Ops = map[string]Op{
	"Ping":       ping,
	"Info":       info,
	"Select":     selectValues,
	"Echo":       echo,
	"Void":       void,
	"Double":     double,
	"Sum":        sum,
	"PowerOfTwo": powerOfTwo,
	"Recolor":    recolor,
	"MatMul":     matMul,

	"ListPets":     listPets,
	"ListPeople":   listPeople,
	"CreatePet":    createPet,
	"CreatePerson": createPerson,
}

// decode parses body into v; strict refuses unknown keys. op names the
// operation in the error.
func decode(body []byte, v any, strict bool, op string) error {
	var err error
	if strict {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err = dec.Decode(v); err == nil {
			if _, extra := dec.Token(); extra != io.EOF {
				err = errors.New("data after the JSON object")
			}
		}
	} else {
		err = json.Unmarshal(body, v)
	}
	if err != nil {
		return fmt.Errorf("%w: malformed %s request: %v", service.ErrInvalidArgument, op, err)
	}
	return nil
}

// decodeEmpty accepts no body or a JSON object (with no keys when strict).
func decodeEmpty(body []byte, strict bool, op string) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	return decode(body, &struct{}{}, strict, op)
}

func ping(_ context.Context, env *Env, body []byte, strict bool) (any, error) {
	if err := decodeEmpty(body, strict, "ping"); err != nil {
		return nil, err
	}
	env.Cfg.Pause()
	return struct{}{}, nil
}

func info(_ context.Context, env *Env, body []byte, strict bool) (any, error) {
	if err := decodeEmpty(body, strict, "info"); err != nil {
		return nil, err
	}
	return env.Info, nil
}

func void(_ context.Context, env *Env, body []byte, strict bool) (any, error) {
	if err := decodeEmpty(body, strict, "void"); err != nil {
		return nil, err
	}
	return struct{}{}, nil
}

func selectValues(_ context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.SelectRequest
	if err := decode(body, &req, strict, "select"); err != nil {
		return nil, err
	}
	env.Cfg.Pause()
	values, positions, err := service.Select(req.Values, req.K, req.Seed)
	if err != nil {
		return nil, err
	}
	return restapi.SelectResponse{Values: values, Positions: positions}, nil
}

// errEchoKind is returned when an echo body holds no kind, or several.
var errEchoKind = fmt.Errorf(`%w: echo needs exactly one of "int64s", "doubles", "strings", "records" (a JSON array)`,
	service.ErrInvalidArgument)

func echo(_ context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.EchoRequest
	if err := decode(body, &req, strict, "echo"); err != nil {
		return nil, err
	}
	env.Cfg.Pause()
	return EchoResponse(&req)
}

// EchoResponse counts the one payload kind of req and, if req.Echo, returns it.
func EchoResponse(req *restapi.EchoRequest) (restapi.EchoResponse, error) {
	var resp restapi.EchoResponse
	kinds := 0
	if req.Int64s != nil {
		kinds++
		resp.Count = uint64(len(*req.Int64s))
	}
	if req.Doubles != nil {
		kinds++
		resp.Count = uint64(len(*req.Doubles))
	}
	if req.Strings != nil {
		kinds++
		resp.Count = uint64(len(*req.Strings))
	}
	if req.Records != nil {
		kinds++
		resp.Count = uint64(len(*req.Records))
	}
	if kinds != 1 {
		return restapi.EchoResponse{}, errEchoKind
	}
	if req.Echo {
		resp.Int64s, resp.Doubles, resp.Strings, resp.Records = req.Int64s, req.Doubles, req.Strings, req.Records
	}
	return resp, nil
}

func double(_ context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.DoubleRequest
	if err := decode(body, &req, strict, "double"); err != nil {
		return nil, err
	}
	v, err := service.Double(req.Value)
	if err != nil {
		return nil, err
	}
	return restapi.DoubleResponse{Value: v}, nil
}

func sum(_ context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.SumRequest
	if err := decode(body, &req, strict, "sum"); err != nil {
		return nil, err
	}
	s, err := service.Sum(req.Values)
	if err != nil {
		return nil, err
	}
	return restapi.SumResponse{Sum: s}, nil
}

func powerOfTwo(_ context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.PowerOfTwoRequest
	if err := decode(body, &req, strict, "power-of-two"); err != nil {
		return nil, err
	}
	return restapi.PowerOfTwoResponse{Power: service.PowerOfTwo(req.Text)}, nil
}

func recolor(_ context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.RecolorRequest
	if err := decode(body, &req, strict, "recolor"); err != nil {
		return nil, err
	}
	if err := service.CheckRecolor(req.Car != nil, req.Colour); err != nil {
		return nil, err
	}
	car := *req.Car
	car.Colour = req.Colour
	if car.Extras == nil {
		car.Extras = []string{}
	}
	return restapi.RecolorResponse{Car: car}, nil
}

func matMul(_ context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.MatMulRequest
	if err := decode(body, &req, strict, "matmul"); err != nil {
		return nil, err
	}
	p, err := service.MatMul(toService(req.A), toService(req.B))
	if err != nil {
		return nil, err
	}
	return restapi.MatMulResponse{Product: restapi.Matrix{Order: p.Order, Values: p.Values}}, nil
}

func toService(m *restapi.Matrix) *service.Matrix {
	if m == nil {
		return nil
	}
	return &service.Matrix{Order: m.Order, Values: m.Values}
}
