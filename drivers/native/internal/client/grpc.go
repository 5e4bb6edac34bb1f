package client

import (
	"context"
	"errors"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
)

// rawCodec sends pre-serialized bytes and discards the response bytes
// (counting them), so nothing is marshalled per call. It keeps the name
// "proto" so the content-type stays application/grpc+proto.
type rawCodec struct{}

// RawMsg is the request handed to the codec: the serialized message.
type RawMsg struct{ bs mem.BufferSlice }

// RawResp receives the response size.
type RawResp struct{ N int }

func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	if m, ok := v.(*RawMsg); ok {
		return m.bs, nil
	}
	return nil, errors.New("rawCodec: unexpected request type")
}

func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	if r, ok := v.(*RawResp); ok {
		r.N = data.Len()
		return nil
	}
	return errors.New("rawCodec: unexpected response type")
}

func (rawCodec) Name() string { return "proto" }

// NewRawMsg wraps serialized bytes (never mutated by gRPC: SliceBuffer.Free is a no-op).
func NewRawMsg(b []byte) *RawMsg { return &RawMsg{bs: mem.BufferSlice{mem.SliceBuffer(b)}} }

// DialGRPC creates a channel (lazy: it connects on the first call).
func DialGRPC(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient("passthrough:///"+target,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodecV2(rawCodec{}), grpc.MaxCallRecvMsgSize(1<<30), grpc.MaxCallSendMsgSize(1<<30)),
		grpc.WithInitialWindowSize(1<<24), grpc.WithInitialConnWindowSize(1<<24),
	)
}

// GRPC calls one method with a raw request on a channel. With NewConn it
// opens (and closes) a channel per call, inside the timed region.
type GRPC struct {
	cfg    Config
	conn   *grpc.ClientConn
	owned  bool
	method string
	req    *RawMsg
	resp   RawResp
	md     metadata.MD
	opts   []grpc.CallOption
}

// NewGRPC returns a caller on conn (shared, not owned) or, if conn is nil,
// on its own channel.
func NewGRPC(cfg Config, r *payload.Request, conn *grpc.ClientConn) (*GRPC, error) {
	c := &GRPC{cfg: cfg, method: r.GRPCMethod, req: NewRawMsg(r.GRPCBody)}
	c.opts = []grpc.CallOption{grpc.Trailer(&c.md)}
	if conn == nil && !cfg.NewConn {
		var err error
		if conn, err = DialGRPC(cfg.Target); err != nil {
			return nil, err
		}
		c.owned = true
	}
	c.conn = conn
	return c, nil
}

// Close closes an owned channel.
func (c *GRPC) Close() {
	if c.owned && c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
}

// Call implements Caller.
func (c *GRPC) Call() (int64, error) {
	conn := c.conn
	if c.cfg.NewConn {
		var err error
		if conn, err = DialGRPC(c.cfg.Target); err != nil {
			return -1, fail("other", err.Error())
		}
		defer conn.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.cfg.Timeout)
	c.md = nil
	err := conn.Invoke(ctx, c.method, c.req, &c.resp, c.opts...)
	cancel()
	st := int64(-1)
	if v := c.md["server-timing"]; len(v) > 0 {
		st = ParseServerTiming([]byte(v[0]))
	}
	if err != nil {
		return st, ClassifyGRPC(err)
	}
	return st, nil
}

var codeNames = map[codes.Code]string{
	codes.Canceled: "CANCELLED", codes.Unknown: "UNKNOWN", codes.InvalidArgument: "INVALID_ARGUMENT",
	codes.DeadlineExceeded: "DEADLINE_EXCEEDED", codes.NotFound: "NOT_FOUND", codes.AlreadyExists: "ALREADY_EXISTS",
	codes.PermissionDenied: "PERMISSION_DENIED", codes.ResourceExhausted: "RESOURCE_EXHAUSTED",
	codes.FailedPrecondition: "FAILED_PRECONDITION", codes.Aborted: "ABORTED", codes.OutOfRange: "OUT_OF_RANGE",
	codes.Unimplemented: "UNIMPLEMENTED", codes.Internal: "INTERNAL", codes.Unavailable: "UNAVAILABLE",
	codes.DataLoss: "DATA_LOSS", codes.Unauthenticated: "UNAUTHENTICATED",
}

// ClassifyGRPC maps a gRPC error to a Failure: deadline → timeout; an
// unavailable channel whose cause is a refused or reset connection → refused
// or reset; any other status → grpc_<CODE>.
func ClassifyGRPC(err error) *Failure {
	s, ok := status.FromError(err)
	if !ok {
		return Classify(err)
	}
	msg := s.Message()
	switch s.Code() {
	case codes.DeadlineExceeded:
		return fail("timeout", msg)
	case codes.Unavailable:
		switch {
		case strings.Contains(msg, "connection refused"):
			return fail("refused", msg)
		case strings.Contains(msg, "connection reset"), strings.Contains(msg, "broken pipe"),
			strings.Contains(msg, "EOF"), strings.Contains(msg, "closing"):
			return fail("reset", msg)
		case strings.Contains(msg, "i/o timeout"):
			return fail("timeout", msg)
		}
	}
	name, ok := codeNames[s.Code()]
	if !ok {
		name = strings.ToUpper(s.Code().String())
	}
	return fail("grpc_"+name, msg)
}
