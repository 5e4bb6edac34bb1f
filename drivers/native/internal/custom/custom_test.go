package custom

import (
	"bytes"
	"net"
	"strings"
	"testing"
	"time"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/workers/go/grpcserver"
	"github.com/bancada-lab/bancada/workers/go/service"
	"google.golang.org/grpc"
	rpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// benchProtoset is bench.proto as a FileDescriptorSet, as grpc_tools.protoc
// --include_imports writes it.
func benchProtoset(t *testing.T) []byte {
	t.Helper()
	set := &descriptorpb.FileDescriptorSet{File: []*descriptorpb.FileDescriptorProto{
		protodesc.ToFileDescriptorProto(pb.File_bancada_v1_bench_proto)}}
	b, err := proto.Marshal(set)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// selectBytes is the reference encoding of a SelectRequest.
func selectBytes(t *testing.T, values []int64, k uint32) []byte {
	t.Helper()
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(&pb.SelectRequest{Values: values, K: k})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// worker serves the Go worker's real gRPC server (with reflection) on loopback.
func worker(t *testing.T) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	stop, _ := grpcserver.Start(lis, service.Config{})
	t.Cleanup(func() { stop(time.Second) })
	return lis.Addr().String()
}

func grpcTreatment(target, method, js string, protoset []byte) *job.Treatment {
	return &job.Treatment{ID: 7, Implementation: "ext", Protocol: "grpc", Target: target, Operation: "custom",
		Request: &job.CustomRequest{GRPCMethod: method, JSON: js, Protoset: protoset}}
}

func TestGRPCFromProtosetMatchesReferenceEncoding(t *testing.T) {
	req, info, err := Build(grpcTreatment("127.0.0.1:1", "bancada.v1.Bench/Select", `{"values": [5, 1, 1000], "k": 2}`, benchProtoset(t)), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if want := selectBytes(t, []int64{5, 1, 1000}, 2); !bytes.Equal(req.GRPCBody, want) {
		t.Fatalf("body %x, want %x", req.GRPCBody, want)
	}
	if req.GRPCMethod != "/bancada.v1.Bench/Select" || info.InputType != "bancada.v1.SelectRequest" ||
		info.Descriptors != "protoset" || info.RequestBytes != len(req.GRPCBody) {
		t.Fatalf("request %+v, info %+v", req, info)
	}
	// an empty JSON is the empty message, and a leading slash is accepted
	req, _, err = Build(grpcTreatment("127.0.0.1:1", "/bancada.v1.Bench/Ping", "", benchProtoset(t)), time.Second)
	if err != nil || len(req.GRPCBody) != 0 || req.GRPCBody == nil {
		t.Fatalf("ping: %v %v", req, err)
	}
}

func TestGRPCFromReflectionOfTheGoWorker(t *testing.T) {
	target := worker(t)
	req, info, err := Build(grpcTreatment(target, "bancada.v1.Bench/Select", `{"values": ["7", 8], "k": 1}`, nil), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if want := selectBytes(t, []int64{7, 8}, 1); !bytes.Equal(req.GRPCBody, want) {
		t.Fatalf("body %x, want %x", req.GRPCBody, want)
	}
	if info.Descriptors != "reflection" || info.OutputType != "bancada.v1.SelectResponse" {
		t.Fatalf("info %+v", info)
	}
}

func TestGRPCErrorsAreOneLineAndNameTheProblem(t *testing.T) {
	target := worker(t)
	plain, err := net.Listen("tcp", "127.0.0.1:0") // a gRPC server without reflection
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	go srv.Serve(plain)
	t.Cleanup(srv.Stop)
	set := benchProtoset(t)
	reflectionSet, _ := proto.Marshal(&descriptorpb.FileDescriptorSet{File: []*descriptorpb.FileDescriptorProto{
		protodesc.ToFileDescriptorProto(rpb.File_grpc_reflection_v1_reflection_proto)}})
	cases := []struct {
		tr   *job.Treatment
		want string
	}{
		{grpcTreatment(target, "bancada.v1.Bench/Selectt", "{}", nil), "the server at " + target + ": service bancada.v1.Bench has no method Selectt (methods: CreatePerson, CreatePet, Double, Echo, Info, ListPeople, ListPets, MatMul, Ping, PowerOfTwo, Recolor, Select, Sum, Void)"},
		{grpcTreatment(target, "bancada.v1.Bench/Selectt", "{}", set), "the protoset: service bancada.v1.Bench has no method Selectt"},
		{grpcTreatment(target, "shop.v1.Cart/Add", "{}", nil), "has no service shop.v1.Cart"},
		{grpcTreatment(target, "shop.v1.Cart/Add", "{}", set), "the protoset has no service shop.v1.Cart (services: bancada.v1.Bench)"},
		{grpcTreatment(plain.Addr().String(), "bancada.v1.Bench/Select", "{}", nil), "does not offer server reflection; name a .proto or protoset file"},
		{grpcTreatment(target, "bancada.v1.Bench/Select", `{"valuez": [1]}`, nil), `the JSON request does not fit bancada.v1.SelectRequest: `},
		{grpcTreatment(target, "bancada.v1.Bench/Select", `{"values": [1,`, set), `the JSON request does not fit bancada.v1.SelectRequest: `},
		{grpcTreatment(target, "bancada.v1.Bench/Select", `{}`, []byte("not a protoset")), "the protoset is not a FileDescriptorSet"},
		{grpcTreatment(target, "grpc.reflection.v1.ServerReflection/ServerReflectionInfo", `{}`, reflectionSet), "streaming method"},
	}
	for _, c := range cases {
		_, _, err := Build(c.tr, 5*time.Second)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: want one line containing %q, got %v", c.tr.Request.GRPCMethod, c.want, err)
		}
	}
}

func TestRESTRequestIsSentAsGiven(t *testing.T) {
	tr := &job.Treatment{ID: 1, Protocol: "rest", Target: "127.0.0.1:1", Operation: "custom",
		Request: &job.CustomRequest{Method: "POST", Path: "/orders?x=1",
			Headers: map[string]string{"X-B": "2", "Content-Type": "text/plain", "A-First": "1"}}}
	req, info, err := Build(tr, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if req.HTTPBody == nil || len(req.HTTPBody) != 0 || info.RequestBytes != 0 {
		t.Fatalf("a POST without body sends Content-Length 0: %+v", req)
	}
	var names []string
	for _, h := range req.HTTPHeaders {
		names = append(names, h.Name)
	}
	if strings.Join(names, ",") != "A-First,Content-Type,X-B" || !req.HasHeader("content-type") || req.HasHeader("Host") {
		t.Fatalf("headers %v", req.HTTPHeaders)
	}
	tr.Request = &job.CustomRequest{Method: "GET", Path: "/health"}
	if req, _, _ = Build(tr, time.Second); req.HTTPBody != nil {
		t.Fatal("a GET without body sends no Content-Length")
	}
}
