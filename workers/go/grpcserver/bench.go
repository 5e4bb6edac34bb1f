package grpcserver

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// bench implements pb.BenchServer.
type bench struct {
	pb.UnimplementedBenchServer
	cfg  service.Config
	info *pb.InfoResponse
}

func infoResponse() *pb.InfoResponse {
	i := service.InfoFor("grpc")
	return &pb.InfoResponse{
		Implementation: i.Implementation, Language: i.Language, Runtime: i.Runtime,
		Version: i.Version, Protocol: i.Protocol, Pid: i.PID,
	}
}

func (b *bench) Ping(context.Context, *pb.PingRequest) (*pb.PingResponse, error) {
	b.cfg.Pause()
	return &pb.PingResponse{}, nil
}

func (b *bench) Select(_ context.Context, req *pb.SelectRequest) (*pb.SelectResponse, error) {
	b.cfg.Pause()
	values, positions, err := service.Select(req.GetValues(), req.GetK(), req.Seed)
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.SelectResponse{Values: values, Positions: positions}, nil
}

func (b *bench) Echo(_ context.Context, req *pb.EchoRequest) (*pb.EchoResponse, error) {
	b.cfg.Pause()
	resp := &pb.EchoResponse{}
	switch p := req.GetPayload().(type) {
	case *pb.EchoRequest_Int64S:
		resp.Count = uint64(len(p.Int64S.GetValues()))
		if req.GetEcho() {
			resp.Payload = &pb.EchoResponse_Int64S{Int64S: p.Int64S}
		}
	case *pb.EchoRequest_Doubles:
		resp.Count = uint64(len(p.Doubles.GetValues()))
		if req.GetEcho() {
			resp.Payload = &pb.EchoResponse_Doubles{Doubles: p.Doubles}
		}
	case *pb.EchoRequest_Strings:
		resp.Count = uint64(len(p.Strings.GetValues()))
		if req.GetEcho() {
			resp.Payload = &pb.EchoResponse_Strings{Strings: p.Strings}
		}
	case *pb.EchoRequest_Records:
		resp.Count = uint64(len(p.Records.GetValues()))
		if req.GetEcho() {
			resp.Payload = &pb.EchoResponse_Records{Records: p.Records}
		}
	default:
		return nil, status.Error(codes.InvalidArgument,
			"echo needs exactly one payload kind: int64s, doubles, strings or records")
	}
	return resp, nil
}

func (b *bench) Info(context.Context, *pb.InfoRequest) (*pb.InfoResponse, error) {
	return b.info, nil
}

// statusOf maps a service error to a gRPC status.
func statusOf(err error) error {
	switch {
	case errors.Is(err, service.ErrInvalidArgument):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, service.ErrUnavailable):
		return status.Error(codes.Unavailable, err.Error())
	}
	return status.Error(codes.Internal, err.Error())
}
