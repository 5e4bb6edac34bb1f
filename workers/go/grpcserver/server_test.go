package grpcserver

import (
	"context"
	"net"
	"slices"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/contract/go/vectors"
	"github.com/bancada-lab/bancada/workers/go/payload"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// clientLimit is the client's own message limit in tests, bytes.
const clientLimit = 512 << 20

// startBench serves cfg on a loopback port and returns a client for it.
func startBench(t *testing.T, cfg service.Config) pb.BenchClient {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	stop, serveErr := Start(lis, cfg)
	conn, err := grpc.NewClient(lis.Addr().String(),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(clientLimit), grpc.MaxCallSendMsgSize(clientLimit)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Close()
		if err := stop(5 * time.Second); err != nil {
			t.Errorf("stop: %v", err)
		}
		if err := <-serveErr; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return pb.NewBenchClient(conn)
}

// serverTiming returns a CallOption capturing the trailer, and a check that
// it holds a server-timing value above zero.
func serverTiming(t *testing.T) (grpc.CallOption, func() time.Duration) {
	md := new(metadata.MD)
	return grpc.Trailer(md), func() time.Duration {
		t.Helper()
		vals := md.Get("server-timing")
		if len(vals) != 1 {
			t.Fatalf("server-timing trailer: got %v, want one value", vals)
		}
		d, err := service.ParseServerTiming(vals[0])
		if err != nil {
			t.Fatal(err)
		}
		if d <= 0 {
			t.Fatalf("server-timing %q is not > 0", vals[0])
		}
		return d
	}
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestSelectVectors(t *testing.T) {
	v, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	c := startBench(t, service.Config{})
	for _, tc := range v.Select {
		seed := tc.Seed
		opt, check := serverTiming(t)
		resp, err := c.Select(ctx(t), &pb.SelectRequest{Values: tc.Values, K: tc.K, Seed: &seed}, opt)
		if err != nil {
			t.Fatalf("n=%d: %v", len(tc.Values), err)
		}
		check()
		if !slices.Equal(resp.GetPositions(), tc.Positions) || !slices.Equal(resp.GetValues(), tc.ValuesOut) {
			t.Errorf("n=%d k=%d seed=%d: got %v %v, want %v %v", len(tc.Values), tc.K, tc.Seed,
				resp.GetPositions(), resp.GetValues(), tc.Positions, tc.ValuesOut)
		}
	}
}

func TestSelectPicksMembersReproducibly(t *testing.T) {
	c := startBench(t, service.Config{})
	values := payload.Int64s(204800, 0, 1000, 1)
	seed := uint64(77)
	first, err := c.Select(ctx(t), &pb.SelectRequest{Values: values, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	if len(first.GetValues()) != 3 || len(first.GetPositions()) != 3 {
		t.Fatalf("default k: got %d values %d positions", len(first.GetValues()), len(first.GetPositions()))
	}
	for i, p := range first.GetPositions() {
		if values[p] != first.GetValues()[i] {
			t.Fatalf("position %d holds %d, answer says %d", p, values[p], first.GetValues()[i])
		}
	}
	again, err := c.Select(ctx(t), &pb.SelectRequest{Values: values, Seed: &seed})
	if err != nil || !proto.Equal(first, again) {
		t.Fatalf("same seed: %v then %v (%v)", first, again, err)
	}
	unseeded, err := c.Select(ctx(t), &pb.SelectRequest{Values: values, K: 5})
	if err != nil || len(unseeded.GetPositions()) != 5 {
		t.Fatalf("unseeded k=5: %v, %v", unseeded, err)
	}
}

func TestInvalidArguments(t *testing.T) {
	c := startBench(t, service.Config{})
	calls := map[string]func(grpc.CallOption) error{
		"empty values": func(o grpc.CallOption) error {
			_, err := c.Select(ctx(t), &pb.SelectRequest{K: 1}, o)
			return err
		},
		"k > n": func(o grpc.CallOption) error {
			_, err := c.Select(ctx(t), &pb.SelectRequest{Values: []int64{1, 2}, K: 3}, o)
			return err
		},
		"echo without payload": func(o grpc.CallOption) error {
			_, err := c.Echo(ctx(t), &pb.EchoRequest{Echo: true}, o)
			return err
		},
	}
	for name, call := range calls {
		opt, check := serverTiming(t)
		if code := status.Code(call(opt)); code != codes.InvalidArgument {
			t.Errorf("%s: got %v, want InvalidArgument", name, code)
			continue
		}
		check()
	}
}

func TestEchoCountsEachKind(t *testing.T) {
	c := startBench(t, service.Config{})
	requests := map[string]*pb.EchoRequest{
		"int64s":  {Payload: &pb.EchoRequest_Int64S{Int64S: &pb.Int64S{Values: payload.Int64s(1000, -5, 5, 1)}}},
		"doubles": {Payload: &pb.EchoRequest_Doubles{Doubles: &pb.Doubles{Values: payload.Doubles(100, 2)}}},
		"strings": {Payload: &pb.EchoRequest_Strings{Strings: &pb.Strings{Values: payload.Strings(10, 7, 3)}}},
		"records": {Payload: &pb.EchoRequest_Records{Records: &pb.Records{Values: payload.Records(1, 3, 4)}}},
	}
	want := map[string]uint64{"int64s": 1000, "doubles": 100, "strings": 10, "records": 1}
	for kind, req := range requests {
		for _, echo := range []bool{false, true} {
			req.Echo = echo
			opt, check := serverTiming(t)
			resp, err := c.Echo(ctx(t), req, opt)
			if err != nil {
				t.Fatalf("%s: %v", kind, err)
			}
			check()
			if resp.GetCount() != want[kind] {
				t.Errorf("%s: count %d, want %d", kind, resp.GetCount(), want[kind])
			}
			if !echo && resp.GetPayload() != nil {
				t.Errorf("%s: payload sent back without echo", kind)
			}
			if echo {
				same := proto.Equal(resp.GetInt64S(), req.GetInt64S()) &&
					proto.Equal(resp.GetDoubles(), req.GetDoubles()) &&
					proto.Equal(resp.GetStrings(), req.GetStrings()) &&
					proto.Equal(resp.GetRecords(), req.GetRecords())
				if !same {
					t.Errorf("%s: echoed payload differs", kind)
				}
			}
		}
	}
}

func TestEcho64MiB(t *testing.T) {
	c := startBench(t, service.Config{})
	// Negative int64s take 10 bytes each as varints.
	n := (64<<20)/10 + 1
	values := payload.Int64s(n, -1<<62, -1, 9)
	req := &pb.EchoRequest{Payload: &pb.EchoRequest_Int64S{Int64S: &pb.Int64S{Values: values}}}
	if size := proto.Size(req); size < 64<<20 {
		t.Fatalf("request is %d bytes, want >= 64 MiB", size)
	}
	opt, check := serverTiming(t)
	resp, err := c.Echo(ctx(t), req, opt)
	if err != nil {
		t.Fatal(err)
	}
	d := check()
	if resp.GetCount() != uint64(n) {
		t.Fatalf("count %d, want %d", resp.GetCount(), n)
	}
	t.Logf("64 MiB echo: server %v", d)
}

func TestOversizeIsResourceExhausted(t *testing.T) {
	c := startBench(t, service.Config{MaxMessageBytes: 1 << 20})
	values := make([]int64, 200000) // 10-byte varints: ~2 MB
	for i := range values {
		values[i] = -1
	}
	_, err := c.Select(ctx(t), &pb.SelectRequest{Values: values})
	if code := status.Code(err); code != codes.ResourceExhausted {
		t.Fatalf("got %v (%v), want ResourceExhausted", code, err)
	}
	// The server still answers afterwards.
	if _, err := c.Ping(ctx(t), &pb.PingRequest{}); err != nil {
		t.Fatal(err)
	}
}

func TestPingInfoAndDelay(t *testing.T) {
	const delay = 20 * time.Millisecond
	c := startBench(t, service.Config{Delay: delay})
	opt, check := serverTiming(t)
	if _, err := c.Ping(ctx(t), &pb.PingRequest{}, opt); err != nil {
		t.Fatal(err)
	}
	if d := check(); d < delay {
		t.Errorf("ping server time %v, want >= delay %v", d, delay)
	}
	opt, check = serverTiming(t)
	info, err := c.Info(ctx(t), &pb.InfoRequest{}, opt)
	if err != nil {
		t.Fatal(err)
	}
	check()
	if info.GetImplementation() != "go-grpc" || info.GetLanguage() != "go" || info.GetProtocol() != "grpc" ||
		info.GetVersion() != service.Version || info.GetRuntime() == "" || info.GetPid() <= 0 {
		t.Errorf("info: %v", info)
	}
}
