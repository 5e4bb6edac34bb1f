package grpcserver

import (
	"sync"
	"time"

	"google.golang.org/grpc/encoding"
	protocodec "google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
	reflectionv1 "google.golang.org/grpc/reflection/grpc_reflection_v1"
	reflectionv1alpha "google.golang.org/grpc/reflection/grpc_reflection_v1alpha"
)

// timingCodec is grpc's proto codec, plus a record of when each request
// message's Unmarshal began, so that the measured server span includes the
// decoding of the request (the point of Select) and not only the handler.
type timingCodec struct {
	base encoding.CodecV2
	// starts maps a decoded request message (its pointer) to the time its
	// Unmarshal began; the timing interceptor takes the entry out.
	starts *sync.Map
	// failures maps a request message whose bytes did not decode to the
	// decoding error. Unmarshal reports success for it, so that the timing
	// interceptor can answer INVALID_ARGUMENT: grpc-go itself would answer
	// INTERNAL for a codec error, yet bad bytes are the client's fault.
	failures *sync.Map
}

func newTimingCodec() timingCodec {
	return timingCodec{base: encoding.GetCodecV2(protocodec.Name), starts: new(sync.Map), failures: new(sync.Map)}
}

// Marshal encodes a response with the proto codec.
func (c timingCodec) Marshal(v any) (mem.BufferSlice, error) {
	return c.base.Marshal(v)
}

// Unmarshal decodes a request with the proto codec and records its start.
// Server-reflection requests (a stream, which the unary timing interceptor
// never sees) are decoded plainly, so that no entry is left behind for them.
func (c timingCodec) Unmarshal(data mem.BufferSlice, v any) error {
	switch v.(type) {
	case *reflectionv1.ServerReflectionRequest, *reflectionv1alpha.ServerReflectionRequest:
		return c.base.Unmarshal(data, v)
	}
	start := time.Now()
	if err := c.base.Unmarshal(data, v); err != nil {
		c.failures.Store(v, err)
	}
	c.starts.Store(v, start)
	return nil
}

// Name is the proto codec's name, "proto".
func (c timingCodec) Name() string {
	return c.base.Name()
}

// decodeStart returns (and forgets) when the Unmarshal of req began, or now
// if it was not decoded by this codec.
func (c timingCodec) decodeStart(req any) time.Time {
	if t, ok := c.starts.LoadAndDelete(req); ok {
		return t.(time.Time)
	}
	return time.Now()
}

// decodeError returns (and forgets) the error of req's Unmarshal, or nil.
func (c timingCodec) decodeError(req any) error {
	if err, ok := c.failures.LoadAndDelete(req); ok {
		return err.(error)
	}
	return nil
}
