// Package rest is the REST protocol of the native driver: the contract's
// route (GET or POST /v1/...) with the JSON body as is.
package rest

import (
	"encoding/json"

	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
)

// Protocol is REST.
type Protocol struct{}

func (Protocol) Name() string                  { return "rest" }
func (Protocol) Transport() protocol.Transport { return protocol.HTTP }
func (Protocol) Custom() bool                  { return true }
func (Protocol) Serial() bool                  { return true }

// Encode writes the JSON body (none for a GET) with its Content-Type.
func (Protocol) Encode(r *protocol.Request, c protocol.Call) error {
	if c.Body == nil {
		return nil
	}
	var err error
	r.HTTPBody, err = json.Marshal(c.Body)
	r.HTTPHeaders = []protocol.Header{{Name: "Content-Type", Value: "application/json"}}
	return err
}
