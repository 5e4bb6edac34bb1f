package payload

import (
	"math"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/contract/go/pick"
	"github.com/bancada-lab/bancada/contract/go/restapi"
	"google.golang.org/protobuf/proto"

	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// The six methods of the RPC study (seed 002): job operation -> rpc name and REST path.
var methods = map[string]struct{ rpc, path string }{
	"void":         {"Void", "/v1/void"},
	"double":       {"Double", "/v1/double"},
	"sum":          {"Sum", "/v1/sum"},
	"power_of_two": {"PowerOfTwo", "/v1/power-of-two"},
	"recolor":      {"Recolor", "/v1/recolor"},
	"matmul":       {"MatMul", "/v1/matmul"},
}

// The fixed parts of Recolor's request (app/bancada/wire/payload.py: RECOLOR_CAR, RECOLOR_COLOUR).
var recolorCar = restapi.Car{Brand: "Fiat", Model: "Uno", Year: 1994, Colour: "red", Price: 8999.9}

const recolorColour = "blue"

// methodRequest draws the request of one of the six methods exactly as
// app/bancada/wire/payload.py's method_body does: double one int64; sum
// count int64s; power_of_two one string of string_length letters; recolor
// the fixed car with count extras (strings); matmul two order x order
// matrices of doubles, a drawn before b. It returns the protobuf message and
// the REST body.
func methodRequest(op string, p *job.Payload) (proto.Message, any, error) {
	if p == nil {
		p = &job.Payload{}
	}
	switch op {
	case "void":
		return &pb.VoidRequest{}, struct{}{}, nil
	case "double":
		v := Draw(&job.Payload{Kind: "int64s", Count: 1, Min: p.Min, Max: p.Max, Seed: p.Seed}).Int64s[0]
		return &pb.DoubleRequest{Value: v}, restapi.DoubleRequest{Value: v}, nil
	case "sum":
		v := nonNil(Draw(&job.Payload{Kind: "int64s", Count: p.Count, Min: p.Min, Max: p.Max, Seed: p.Seed}).Int64s)
		return &pb.SumRequest{Values: v}, restapi.SumRequest{Values: v}, nil
	}
	rng := pick.NewSplitMix64(p.SeedValue())
	lo, hi := p.Bounds()
	str := func() string {
		b := make([]byte, p.StrLen())
		for i := range b {
			b[i] = 'a' + byte(rng.Next()%26)
		}
		return string(b)
	}
	switch op {
	case "power_of_two":
		text := str()
		return &pb.PowerOfTwoRequest{Text: text}, restapi.PowerOfTwoRequest{Text: text}, nil
	case "recolor":
		car := recolorCar
		car.Extras = make([]string, p.Count)
		for i := range car.Extras {
			car.Extras[i] = str()
		}
		msg := &pb.RecolorRequest{Colour: recolorColour, Car: &pb.Car{Brand: car.Brand, Model: car.Model,
			Year: car.Year, Colour: car.Colour, Price: car.Price, Extras: car.Extras}}
		return msg, restapi.RecolorRequest{Car: &car, Colour: recolorColour}, nil
	case "matmul":
		n := p.OrderValue()
		f64 := func() float64 { return float64(rng.Next())/math.Exp2(64)*(hi-lo) + lo }
		a, b := make([]float64, n*n), make([]float64, n*n)
		for i := range a {
			a[i] = f64()
		}
		for i := range b {
			b[i] = f64()
		}
		msg := &pb.MatMulRequest{A: &pb.Matrix{Order: uint32(n), Values: a}, B: &pb.Matrix{Order: uint32(n), Values: b}}
		return msg, restapi.MatMulRequest{A: &restapi.Matrix{Order: uint32(n), Values: a}, B: &restapi.Matrix{Order: uint32(n), Values: b}}, nil
	}
	return nil, nil, nil
}
