package grpcserver

import (
	"context"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// The six methods of the RPC study (seed 002); rules in service/methods.go.

func (b *bench) Void(context.Context, *pb.VoidRequest) (*pb.VoidResponse, error) {
	return &pb.VoidResponse{}, nil
}

func (b *bench) Double(_ context.Context, req *pb.DoubleRequest) (*pb.DoubleResponse, error) {
	v, err := service.Double(req.GetValue())
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.DoubleResponse{Value: v}, nil
}

func (b *bench) Sum(_ context.Context, req *pb.SumRequest) (*pb.SumResponse, error) {
	s, err := service.Sum(req.GetValues())
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.SumResponse{Sum: s}, nil
}

func (b *bench) PowerOfTwo(_ context.Context, req *pb.PowerOfTwoRequest) (*pb.PowerOfTwoResponse, error) {
	return &pb.PowerOfTwoResponse{Power: service.PowerOfTwo(req.GetText())}, nil
}

func (b *bench) Recolor(_ context.Context, req *pb.RecolorRequest) (*pb.RecolorResponse, error) {
	if err := service.CheckRecolor(req.GetCar() != nil, req.GetColour()); err != nil {
		return nil, statusOf(err)
	}
	car := req.GetCar()
	car.Colour = req.GetColour()
	return &pb.RecolorResponse{Car: car}, nil
}

func (b *bench) MatMul(_ context.Context, req *pb.MatMulRequest) (*pb.MatMulResponse, error) {
	p, err := service.MatMul(matrixOf(req.GetA()), matrixOf(req.GetB()))
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.MatMulResponse{Product: &pb.Matrix{Order: p.Order, Values: p.Values}}, nil
}

func matrixOf(m *pb.Matrix) *service.Matrix {
	if m == nil {
		return nil
	}
	return &service.Matrix{Order: m.GetOrder(), Values: m.GetValues()}
}
