// Package custom builds the request of an operation "custom" treatment (a
// user's own service, docs/driver-protocol.md "Custom requests") once, before
// any timing: a REST request from its method, path, headers and body bytes; a
// gRPC request by encoding its JSON with protojson into a dynamicpb message of
// the method's input type, the descriptors coming from a protoset or from the
// server's reflection service.
package custom

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"

	"github.com/bancada-lab/bancada/drivers/native/internal/job"
	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
)

// Prepared is what Build learned about a custom request, for the
// "prepared" event: the bytes sent per request and, for gRPC, the method's
// input and output message types and where the descriptors came from.
type Prepared struct {
	RequestBytes int    `json:"request_bytes"`
	InputType    string `json:"input_type,omitempty"`
	OutputType   string `json:"output_type,omitempty"`
	Descriptors  string `json:"descriptors,omitempty"` // "protoset" | "reflection"
}

// Build serializes the request of custom treatment t. For gRPC without a
// protoset it asks the server at t.Target for the descriptors (server
// reflection, v1 then v1alpha), within timeout. The error is one line naming
// the method and what is wrong (no such service or method, a streaming
// method, no reflection, JSON that does not fit the input type).
func Build(t *job.Treatment, timeout time.Duration) (*payload.Request, *Prepared, error) {
	r := t.Request
	if t.Wire().Transport() == protocol.HTTP {
		req := &payload.Request{HTTPMethod: r.Method, HTTPPath: r.Path, HTTPBody: r.Body}
		names := make([]string, 0, len(r.Headers))
		for n := range r.Headers {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			req.HTTPHeaders = append(req.HTTPHeaders, payload.Header{Name: n, Value: r.Headers[n]})
		}
		if req.HTTPBody == nil && (r.Method == "POST" || r.Method == "PUT" || r.Method == "PATCH") {
			req.HTTPBody = []byte{} // Content-Length: 0, which some servers require
		}
		return req, &Prepared{RequestBytes: len(req.HTTPBody)}, nil
	}
	service, method, err := job.SplitMethod(r.GRPCMethod)
	if err != nil {
		return nil, nil, err
	}
	var files *protoregistry.Files
	source := "protoset"
	if len(r.Protoset) > 0 {
		files, err = FilesFromProtoset(r.Protoset)
	} else {
		source = "reflection"
		files, err = FilesFromReflection(t.Target, service, timeout)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("gRPC method %s: %v", r.GRPCMethod, err)
	}
	md, err := FindMethod(files, service, method, source, t.Target)
	if err != nil {
		return nil, nil, fmt.Errorf("gRPC method %s: %v", r.GRPCMethod, err)
	}
	body, err := EncodeJSON(files, md.Input(), r.JSON)
	if err != nil {
		return nil, nil, fmt.Errorf("gRPC method %s: %v", r.GRPCMethod, err)
	}
	req := &payload.Request{GRPCMethod: "/" + service + "/" + method, GRPCBody: body}
	return req, &Prepared{RequestBytes: len(body), InputType: string(md.Input().FullName()),
		OutputType: string(md.Output().FullName()), Descriptors: source}, nil
}

// FilesFromProtoset reads a serialized FileDescriptorSet (protoc
// --descriptor_set_out --include_imports, or grpc_tools.protoc). Imports the
// set lacks are taken from the well-known types linked into the driver.
func FilesFromProtoset(data []byte) (*protoregistry.Files, error) {
	var set descriptorpb.FileDescriptorSet
	if err := proto.Unmarshal(data, &set); err != nil {
		return nil, fmt.Errorf("the protoset is not a FileDescriptorSet: %v", err)
	}
	return newFiles(set.File)
}

// newFiles links file descriptors into a registry, completing missing
// imports from the driver's own registry (google/protobuf/*.proto).
func newFiles(fds []*descriptorpb.FileDescriptorProto) (*protoregistry.Files, error) {
	have := map[string]bool{}
	for _, fd := range fds {
		have[fd.GetName()] = true
	}
	for i := 0; i < len(fds); i++ {
		for _, dep := range fds[i].GetDependency() {
			if have[dep] || !wellKnown(dep) {
				continue
			}
			if d, err := protoregistry.GlobalFiles.FindFileByPath(dep); err == nil {
				fds = append(fds, protodesc.ToFileDescriptorProto(d))
				have[dep] = true
			}
		}
	}
	files, err := protodesc.NewFiles(&descriptorpb.FileDescriptorSet{File: fds})
	if err != nil {
		return nil, fmt.Errorf("the descriptors do not link: %v", err)
	}
	return files, nil
}

// wellKnown reports whether path is one of protobuf's well-known types
// (google/protobuf/*.proto), linked into the driver.
func wellKnown(path string) bool {
	if !strings.HasPrefix(path, "google/protobuf/") {
		return false
	}
	_, err := protoregistry.GlobalFiles.FindFileByPath(path)
	return err == nil
}

// FindMethod looks up service/method in files. source and target only word
// the error: the services that exist are listed, or the service's methods.
func FindMethod(files *protoregistry.Files, service, method, source, target string) (protoreflect.MethodDescriptor, error) {
	where := "the protoset"
	if source == "reflection" {
		where = "the server at " + target
	}
	d, err := files.FindDescriptorByName(protoreflect.FullName(service))
	sd, ok := d.(protoreflect.ServiceDescriptor)
	if err != nil || !ok {
		return nil, fmt.Errorf("%s has no service %s (services: %s)", where, service, strings.Join(services(files), ", "))
	}
	md := sd.Methods().ByName(protoreflect.Name(method))
	if md == nil {
		var names []string
		for i := 0; i < sd.Methods().Len(); i++ {
			names = append(names, string(sd.Methods().Get(i).Name()))
		}
		sort.Strings(names)
		return nil, fmt.Errorf("%s: service %s has no method %s (methods: %s)", where, service, method, strings.Join(names, ", "))
	}
	if md.IsStreamingClient() || md.IsStreamingServer() {
		return nil, fmt.Errorf("is a streaming method; Bancada measures unary calls only")
	}
	return md, nil
}

func services(files *protoregistry.Files) []string {
	var out []string
	files.RangeFiles(func(fd protoreflect.FileDescriptor) bool {
		for i := 0; i < fd.Services().Len(); i++ {
			out = append(out, string(fd.Services().Get(i).FullName()))
		}
		return true
	})
	sort.Strings(out)
	if len(out) == 0 {
		out = []string{"none"}
	}
	return out
}

// EncodeJSON parses text (protojson; an empty text is the empty message) as a
// message of type in and returns its deterministic protobuf encoding.
func EncodeJSON(files *protoregistry.Files, in protoreflect.MessageDescriptor, text string) ([]byte, error) {
	msg := dynamicpb.NewMessage(in)
	if strings.TrimSpace(text) != "" {
		opts := protojson.UnmarshalOptions{Resolver: dynamicpb.NewTypes(files)}
		if err := opts.Unmarshal([]byte(text), msg); err != nil {
			return nil, fmt.Errorf("the JSON request does not fit %s: %s", in.FullName(), oneLine(err))
		}
	}
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(msg)
	if err != nil {
		return nil, fmt.Errorf("cannot encode the %s request: %s", in.FullName(), oneLine(err))
	}
	if b == nil {
		b = []byte{}
	}
	return b, nil
}

func oneLine(err error) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	// protojson's messages carry a "proto: " prefix and odd spacing
	return strings.TrimPrefix(s, "proto: ")
}
