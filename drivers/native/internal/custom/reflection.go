package custom

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	rv1 "google.golang.org/grpc/reflection/grpc_reflection_v1"
	rv1alpha "google.golang.org/grpc/reflection/grpc_reflection_v1alpha"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
)

// reflectionStream is one server-reflection stream, v1 or v1alpha (whose
// messages have the same wire format; v1alpha's are converted to v1's).
type reflectionStream interface {
	Send(*rv1.ServerReflectionRequest) error
	Recv() (*rv1.ServerReflectionResponse, error)
}

type v1Stream struct {
	rv1.ServerReflection_ServerReflectionInfoClient
}

type v1alphaStream struct {
	s rv1alpha.ServerReflection_ServerReflectionInfoClient
}

func (a v1alphaStream) Send(r *rv1.ServerReflectionRequest) error {
	var out rv1alpha.ServerReflectionRequest
	if err := convert(r, &out); err != nil {
		return err
	}
	return a.s.Send(&out)
}

func (a v1alphaStream) Recv() (*rv1.ServerReflectionResponse, error) {
	in, err := a.s.Recv()
	if err != nil {
		return nil, err
	}
	var out rv1.ServerReflectionResponse
	return &out, convert(in, &out)
}

func convert(from, to proto.Message) error {
	b, err := proto.Marshal(from)
	if err != nil {
		return err
	}
	return proto.Unmarshal(b, to)
}

// FilesFromReflection asks the server at target (host:port, plaintext) for
// the file that defines service and, file by file, everything it imports,
// within timeout. It tries grpc.reflection.v1, then v1alpha.
func FilesFromReflection(target, service string, timeout time.Duration) (*protoregistry.Files, error) {
	conn, err := grpc.NewClient("passthrough:///"+target, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, fmt.Errorf("cannot connect to %s for server reflection: %v", target, err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var stream reflectionStream
	s1, err := rv1.NewServerReflectionClient(conn).ServerReflectionInfo(ctx)
	if err == nil {
		stream = v1Stream{s1}
	}
	fds, err := fetchFiles(stream, err, service)
	if status.Code(err) == codes.Unimplemented {
		s0, err0 := rv1alpha.NewServerReflectionClient(conn).ServerReflectionInfo(ctx)
		if err0 == nil {
			stream = v1alphaStream{s0}
		}
		fds, err = fetchFiles(stream, err0, service)
	}
	if err != nil {
		switch st, _ := status.FromError(err); {
		case st.Code() == codes.Unimplemented:
			return nil, fmt.Errorf("the server at %s does not offer server reflection; name a .proto or protoset file in the workload (proto = ... or protoset = ...)", target)
		case st.Code() == codes.NotFound:
			return nil, fmt.Errorf("the server at %s has no service %s (server reflection: %s)", target, service, st.Message())
		case st.Code() == codes.DeadlineExceeded:
			return nil, fmt.Errorf("the server at %s did not answer server reflection within %v", target, timeout)
		default:
			return nil, fmt.Errorf("server reflection on %s failed: %s", target, strings.Join(strings.Fields(st.Message()), " "))
		}
	}
	return newFiles(fds)
}

// fetchFiles asks for the file containing symbol, then for every import not
// yet received. openErr is the error of opening stream.
func fetchFiles(stream reflectionStream, openErr error, symbol string) ([]*descriptorpb.FileDescriptorProto, error) {
	if openErr != nil {
		return nil, openErr
	}
	have := map[string]bool{}
	var out []*descriptorpb.FileDescriptorProto
	ask := func(req *rv1.ServerReflectionRequest) error {
		// grpc-go: Send returns io.EOF when the server has already ended the stream (e.g. with
		// Unimplemented); the stream's real status is what Recv then returns.
		if err := stream.Send(req); err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		resp, err := stream.Recv()
		if err != nil {
			return err
		}
		if e := resp.GetErrorResponse(); e != nil {
			return status.Error(codes.Code(e.GetErrorCode()), e.GetErrorMessage())
		}
		for _, raw := range resp.GetFileDescriptorResponse().GetFileDescriptorProto() {
			fd := &descriptorpb.FileDescriptorProto{}
			if err := proto.Unmarshal(raw, fd); err != nil {
				return status.Errorf(codes.Internal, "a file descriptor from the server does not decode: %v", err)
			}
			if !have[fd.GetName()] {
				have[fd.GetName()] = true
				out = append(out, fd)
			}
		}
		return nil
	}
	if err := ask(&rv1.ServerReflectionRequest{MessageRequest: &rv1.ServerReflectionRequest_FileContainingSymbol{FileContainingSymbol: symbol}}); err != nil {
		return nil, err
	}
	for i := 0; i < len(out); i++ {
		for _, dep := range out[i].GetDependency() {
			if have[dep] {
				continue
			}
			if wellKnown(dep) {
				continue // newFiles completes it from the driver's own registry
			}
			if err := ask(&rv1.ServerReflectionRequest{MessageRequest: &rv1.ServerReflectionRequest_FileByFilename{FileByFilename: dep}}); err != nil {
				return nil, err
			}
			have[dep] = true
		}
	}
	return out, nil
}
