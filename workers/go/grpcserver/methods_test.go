package grpcserver

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/contract/go/vectors"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// TestMethodVectorsOverGRPC sends every vector of the six methods over gRPC.
// The vectors' JSON is protobuf's JSON form of the messages (field names are
// single words), so protojson reads requests and expected answers.
func TestMethodVectorsOverGRPC(t *testing.T) {
	client := startBench(t, service.Config{})
	cases, err := vectors.LoadMethods()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		req, want, call := grpcMethod(client, c.Method)
		if err := protojson.Unmarshal(c.Request, req); err != nil {
			t.Fatalf("%s %q: request: %v", c.Method, c.Name, err)
		}
		timing, serverTime := serverTiming(t)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		got, err := call(ctx, req, timing)
		cancel()
		if serverTime() <= 0 {
			t.Errorf("%s %q: no server time", c.Method, c.Name)
		}
		if c.Error != "" {
			if status.Code(err) != codes.InvalidArgument {
				t.Errorf("%s %q: got %v, %v; want INVALID_ARGUMENT (%s)", c.Method, c.Name, got, err, c.Why)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %q: %v", c.Method, c.Name, err)
			continue
		}
		if err := protojson.Unmarshal(c.Response, want); err != nil {
			t.Fatalf("%s %q: response: %v", c.Method, c.Name, err)
		}
		if !proto.Equal(got, want) {
			t.Errorf("%s %q: got %v, want %v", c.Method, c.Name, got, want)
		}
	}
}

type grpcCall func(ctx context.Context, req proto.Message, opt grpc.CallOption) (proto.Message, error)

// grpcMethod returns an empty request, an empty answer and the call of method.
func grpcMethod(c pb.BenchClient, method string) (proto.Message, proto.Message, grpcCall) {
	switch method {
	case "Void":
		return &pb.VoidRequest{}, &pb.VoidResponse{}, func(ctx context.Context, r proto.Message, o grpc.CallOption) (proto.Message, error) {
			return c.Void(ctx, r.(*pb.VoidRequest), o)
		}
	case "Double":
		return &pb.DoubleRequest{}, &pb.DoubleResponse{}, func(ctx context.Context, r proto.Message, o grpc.CallOption) (proto.Message, error) {
			return c.Double(ctx, r.(*pb.DoubleRequest), o)
		}
	case "Sum":
		return &pb.SumRequest{}, &pb.SumResponse{}, func(ctx context.Context, r proto.Message, o grpc.CallOption) (proto.Message, error) {
			return c.Sum(ctx, r.(*pb.SumRequest), o)
		}
	case "PowerOfTwo":
		return &pb.PowerOfTwoRequest{}, &pb.PowerOfTwoResponse{}, func(ctx context.Context, r proto.Message, o grpc.CallOption) (proto.Message, error) {
			return c.PowerOfTwo(ctx, r.(*pb.PowerOfTwoRequest), o)
		}
	case "Recolor":
		return &pb.RecolorRequest{}, &pb.RecolorResponse{}, func(ctx context.Context, r proto.Message, o grpc.CallOption) (proto.Message, error) {
			return c.Recolor(ctx, r.(*pb.RecolorRequest), o)
		}
	case "MatMul":
		return &pb.MatMulRequest{}, &pb.MatMulResponse{}, func(ctx context.Context, r proto.Message, o grpc.CallOption) (proto.Message, error) {
			return c.MatMul(ctx, r.(*pb.MatMulRequest), o)
		}
	}
	panic("no method " + method)
}
