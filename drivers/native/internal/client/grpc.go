package client

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"

	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
)

// rawCodec sends pre-serialized bytes and discards the response bytes
// (counting them), so nothing is marshalled per call. It keeps the name
// "proto" so the content-type stays application/grpc+proto.
type rawCodec struct{}

// RawMsg is the request handed to the codec: the serialized message.
type RawMsg struct{ bs mem.BufferSlice }

// RawResp receives the response size and, when Count is set, the number of
// field-1 entries of the message (the rows of a ListPets or ListPeople answer).
type RawResp struct {
	N     int
	Count bool
	Rows  int
}

func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	if m, ok := v.(*RawMsg); ok {
		return m.bs, nil
	}
	return nil, errors.New("rawCodec: unexpected request type")
}

func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	if r, ok := v.(*RawResp); ok {
		r.N = data.Len()
		if r.Count {
			r.Rows = countField1(data.Materialize())
		}
		return nil
	}
	return errors.New("rawCodec: unexpected response type")
}

func (rawCodec) Name() string { return "proto" }

// countField1 counts the top-level entries of field 1 in a protobuf message
// (-1 if the bytes do not parse).
func countField1(b []byte) int {
	n := 0
	for len(b) > 0 {
		num, typ, l := protowire.ConsumeTag(b)
		if l < 0 {
			return -1
		}
		b = b[l:]
		m := protowire.ConsumeFieldValue(num, typ, b)
		if m < 0 {
			return -1
		}
		if num == 1 {
			n++
		}
		b = b[m:]
	}
	return n
}

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
	rows   int // a list's limit (0: no check)
}

// NewGRPC returns a caller on conn (shared, not owned) or, if conn is nil,
// on its own channel.
func NewGRPC(cfg Config, r *payload.Request, conn *grpc.ClientConn) (*GRPC, error) {
	c := &GRPC{cfg: cfg, method: r.GRPCMethod, req: NewRawMsg(r.GRPCBody), rows: r.Rows}
	c.resp.Count = r.Rows > 0
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
func (c *GRPC) Call() (int64, error) { return c.CallBy(time.Time{}) }

// SetRequest implements Retargetable.
func (c *GRPC) SetRequest(r *payload.Request) {
	c.method, c.req, c.rows, c.resp.Count = r.GRPCMethod, NewRawMsg(r.GRPCBody), r.Rows, r.Rows > 0
}

// CallBy implements DeadlineCaller.
func (c *GRPC) CallBy(by time.Time) (int64, error) {
	conn := c.conn
	if c.cfg.NewConn {
		var err error
		if conn, err = DialGRPC(c.cfg.Target); err != nil {
			return -1, fail("other", err.Error())
		}
		defer conn.Close()
	}
	ctx, cancel := context.WithDeadline(context.Background(), earlier(time.Now().Add(c.cfg.Timeout), by))
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
	if c.rows > 0 && (c.resp.Rows < 0 || c.resp.Rows > c.rows) {
		return st, fail("other", fmt.Sprintf("the list answer has %d rows, more than the limit %d (-1: not a message)", c.resp.Rows, c.rows))
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
