// Package graphql is the GraphQL protocol of the native driver: POST
// /v1/graphql of {"query":<document>,"operationName":"<Rpc>","variables":...}
// with the documents of contract/go/graphqlapi; a 2xx answer's top-level
// "errors" member is a failure of kind graphql_<extensions.code>.
package graphql

import (
	"encoding/json"

	"github.com/bancada-lab/bancada/contract/go/graphqlapi"

	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
)

// Protocol is GraphQL over HTTP.
type Protocol struct{}

func (Protocol) Name() string                  { return "graphql" }
func (Protocol) Transport() protocol.Transport { return protocol.HTTP }
func (Protocol) Custom() bool                  { return false }
func (Protocol) Serial() bool                  { return false }

// Accept is the Accept header of GraphQL requests: the GraphQL-over-HTTP
// spec's media type first (its statuses), then JSON.
const Accept = "application/graphql-response+json, application/json"

// Answer finds the "errors" member of an answer.
var Answer = &protocol.Answer{ErrorKey: "errors", Kind: kind}

// kind is "graphql_<extensions.code>" (graphql_INVALID_ARGUMENT), or graphql_error without a code.
func kind(text []byte) string {
	code := "error"
	if v, ok := protocol.JSONMember(text, `"code":`); ok && len(v) > 2 && v[0] == '"' {
		code = v[1 : len(v)-1]
	}
	return "graphql_" + code
}

// databaseInput tells, for the database methods of seed 001, whether the
// arguments go whole as $input (the creates) or are the variables (the
// lists' {"limit": N}); their variables keep the arguments' field order.
var databaseInput = map[string]bool{"ListPets": false, "ListPeople": false, "CreatePet": true, "CreatePerson": true}

// Encode writes the call's document and variables.
func (Protocol) Encode(r *protocol.Request, c protocol.Call) error {
	var err error
	r.HTTPMethod, r.HTTPPath, r.Answer = "POST", "/v1/graphql", Answer
	r.HTTPHeaders = []protocol.Header{{Name: "Accept", Value: Accept}, {Name: "Content-Type", Value: "application/json"}}
	if input, ok := databaseInput[c.RPC]; ok {
		vars := c.Params
		if input {
			vars = map[string]any{"input": c.Params}
		}
		r.HTTPBody, err = json.Marshal(struct {
			Query         string `json:"query"`
			OperationName string `json:"operationName"`
			Variables     any    `json:"variables"`
		}{graphqlapi.Operations[c.RPC].Document, c.RPC, vars})
		return err
	}
	var rest []byte
	if c.Params != nil {
		if rest, err = json.Marshal(c.Params); err != nil {
			return err
		}
	}
	r.HTTPBody, err = graphqlapi.Body(c.RPC, rest)
	return err
}
