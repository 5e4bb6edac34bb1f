// Package grpc is the gRPC protocol of the native driver: the Bench
// method's protobuf message, serialized deterministically.
package grpc

import (
	"google.golang.org/protobuf/proto"

	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
)

// Protocol is gRPC.
type Protocol struct{}

func (Protocol) Name() string                  { return "grpc" }
func (Protocol) Transport() protocol.Transport { return protocol.GRPC }
func (Protocol) Custom() bool                  { return true }
func (Protocol) Serial() bool                  { return false }

// Encode writes the message's protobuf bytes (an empty message: zero bytes, not nil).
func (Protocol) Encode(r *protocol.Request, c protocol.Call) error {
	var err error
	r.GRPCBody, err = proto.MarshalOptions{Deterministic: true}.Marshal(c.Message)
	if r.GRPCBody == nil {
		r.GRPCBody = []byte{}
	}
	return err
}
