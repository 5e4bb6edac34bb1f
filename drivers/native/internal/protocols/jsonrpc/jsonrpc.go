// Package jsonrpc is the JSON-RPC 2.0 protocol of the native driver: POST
// /v1/jsonrpc of {"jsonrpc":"2.0","id":1,"method":"<Rpc>","params":<params>}
// (no params member without arguments); a 2xx answer's top-level "error"
// member is a failure of kind jsonrpc_<code>.
package jsonrpc

import (
	"encoding/json"
	"strconv"

	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
)

// Protocol is JSON-RPC 2.0.
type Protocol struct{}

func (Protocol) Name() string                  { return "jsonrpc" }
func (Protocol) Transport() protocol.Transport { return protocol.HTTP }
func (Protocol) Custom() bool                  { return false }
func (Protocol) Serial() bool                  { return false }

// Answer finds the "error" member of an answer; a top-level "result" settles
// it as ok, and the answer's own "id" is not a row.
var Answer = &protocol.Answer{ErrorKey: "error", OKKey: "result", Envelope: 1, Kind: kind}

// kind is "jsonrpc_<code>" (e.g. jsonrpc_-32602), or jsonrpc_error without an integer code.
func kind(text []byte) string {
	code := "error"
	if v, ok := protocol.JSONMember(text, `"code":`); ok {
		if _, err := strconv.Atoi(v); err == nil {
			code = v
		}
	}
	return "jsonrpc_" + code
}

// Encode writes the call's envelope.
func (Protocol) Encode(r *protocol.Request, c protocol.Call) error {
	call := map[string]any{"jsonrpc": "2.0", "id": 1, "method": c.RPC}
	if c.Params != nil {
		call["params"] = c.Params
	}
	var err error
	r.HTTPMethod, r.HTTPPath, r.Answer = "POST", "/v1/jsonrpc", Answer
	r.HTTPBody, err = json.Marshal(call)
	r.HTTPHeaders = []protocol.Header{{Name: "Content-Type", Value: "application/json"}}
	return err
}
