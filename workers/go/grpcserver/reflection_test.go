package grpcserver

import (
	"context"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	rpb "google.golang.org/grpc/reflection/grpc_reflection_v1"

	"github.com/bancada-lab/bancada/workers/go/service"
)

// TestReflectionListsBench: the worker answers server reflection with the
// Bench service and its file descriptor, and reflection requests leave no
// timing entry behind in the codec (they never reach the unary interceptor).
func TestReflectionListsBench(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := NewServer(service.Config{})
	go s.Serve(lis)
	defer s.Stop()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	stream, err := rpb.NewServerReflectionClient(conn).ServerReflectionInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&rpb.ServerReflectionRequest{MessageRequest: &rpb.ServerReflectionRequest_ListServices{}}); err != nil {
		t.Fatal(err)
	}
	resp, err := stream.Recv()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, svc := range resp.GetListServicesResponse().GetService() {
		found = found || svc.GetName() == "bancada.v1.Bench"
	}
	if !found {
		t.Fatalf("reflection lists %v, want bancada.v1.Bench among them", resp.GetListServicesResponse().GetService())
	}
	if err := stream.Send(&rpb.ServerReflectionRequest{MessageRequest: &rpb.ServerReflectionRequest_FileContainingSymbol{
		FileContainingSymbol: "bancada.v1.Bench"}}); err != nil {
		t.Fatal(err)
	}
	resp, err = stream.Recv()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(resp.GetFileDescriptorResponse().GetFileDescriptorProto()); n == 0 {
		t.Fatalf("no file descriptor for bancada.v1.Bench: %v", resp)
	}
}

func TestCodecSkipsReflectionRequests(t *testing.T) {
	c := newTimingCodec()
	req := &rpb.ServerReflectionRequest{MessageRequest: &rpb.ServerReflectionRequest_ListServices{ListServices: "*"}}
	data, err := c.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	into := &rpb.ServerReflectionRequest{}
	if err := c.Unmarshal(data, into); err != nil {
		t.Fatal(err)
	}
	if into.GetListServices() != "*" {
		t.Fatalf("decoded %v", into)
	}
	if _, ok := c.starts.Load(into); ok {
		t.Fatal("a reflection request left a timing entry in the codec")
	}
}
