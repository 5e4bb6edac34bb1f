package grpcserver

import (
	"context"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/bancada-lab/bancada/workers/go/service"
)

// rawCodec sends and receives bytes as they are, to send a corrupt message.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error)      { return *(v.(*[]byte)), nil }
func (rawCodec) Unmarshal(data []byte, v any) error { *(v.(*[]byte)) = data; return nil }
func (rawCodec) Name() string                       { return "proto" }

func TestCorruptBytesAreInvalidArgument(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	stop, _ := Start(lis, service.Config{})
	defer stop(time.Second)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodec(rawCodec{})))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, method := range []string{"Select", "Echo"} {
		in, out := []byte{0xff, 0xff, 0xff}, []byte{}
		err := conn.Invoke(ctx, "/bancada.v1.Bench/"+method, &in, &out)
		if code := status.Code(err); code != codes.InvalidArgument {
			t.Errorf("%s with corrupt bytes: got %v (%v), want InvalidArgument", method, code, err)
		}
	}
}
