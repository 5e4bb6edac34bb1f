// Package grpcserver serves the Bancada Bench contract over gRPC (grpc-go).
// Each response carries the trailer "server-timing: app;dur=<ms>" measured
// from the start of the request's protobuf decoding to the handler's end.
package grpcserver

import (
	"context"
	"net"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// NewServer returns a grpc.Server with the Bench service registered, the
// timing codec forced, and max receive and send sizes of cfg.MessageLimit()
// bytes (above it, grpc answers RESOURCE_EXHAUSTED). It also serves gRPC
// server reflection (grpc.reflection.v1 and v1alpha), so that a client such
// as grpcurl or Bancada's custom gRPC workloads can find the Bench
// descriptors without a .proto file.
func NewServer(cfg service.Config) *grpc.Server {
	codec := newTimingCodec()
	limit := cfg.MessageLimit()
	s := grpc.NewServer(
		grpc.ForceServerCodecV2(codec),
		grpc.MaxRecvMsgSize(limit),
		grpc.MaxSendMsgSize(limit),
		grpc.UnaryInterceptor(timingInterceptor(codec)),
	)
	pb.RegisterBenchServer(s, &bench{cfg: cfg, info: infoResponse()})
	reflection.Register(s)
	return s
}

// timingInterceptor runs the handler and sets the server-timing trailer to
// the time since the request's Unmarshal began, on success and on error.
func timingInterceptor(codec timingCodec) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := codec.decodeStart(req)
		var resp any
		var err error
		if decodeErr := codec.decodeError(req); decodeErr != nil {
			err = status.Errorf(codes.InvalidArgument, "request is not a valid protobuf message: %v", decodeErr)
		} else {
			resp, err = handler(ctx, req)
		}
		dur := time.Since(start)
		_ = grpc.SetTrailer(ctx, metadata.Pairs("server-timing", service.ServerTiming(dur)))
		return resp, err
	}
}

// Start serves on lis until stop is called. stop(grace) stops gracefully
// (GracefulStop), hard-stops (Stop) after grace and then returns
// service.ErrForcedStop. serveErr receives the serving error (nil after
// stop) and is then closed.
func Start(lis net.Listener, cfg service.Config) (stop func(grace time.Duration) error, serveErr <-chan error) {
	s := NewServer(cfg)
	errc := make(chan error, 1)
	go func() {
		errc <- s.Serve(lis)
		close(errc)
	}()
	stop = func(grace time.Duration) error {
		done := make(chan struct{})
		go func() {
			s.GracefulStop()
			close(done)
		}()
		timer := time.NewTimer(grace)
		defer timer.Stop()
		select {
		case <-done:
			return nil
		case <-timer.C:
			s.Stop()
			<-done
			return service.ErrForcedStop
		}
	}
	return stop, errc
}
