package client

import (
	"testing"

	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols/graphql"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols/jsonrpc"
)

// answerOf is the answer check of the protocol named name ("": none), as its
// Encode sets it.
func answerOf(name string) *protocol.Answer {
	if name == "" {
		return nil
	}
	var r protocol.Request
	protocols.Get(name).Encode(&r, protocol.Call{RPC: "Ping"})
	return r.Answer
}

// TestAnswerOfIsTheProtocols: the registry's protocols set their own checks.
func TestAnswerOfIsTheProtocols(t *testing.T) {
	if answerOf("jsonrpc") != jsonrpc.Answer || answerOf("graphql") != graphql.Answer || answerOf("rest") != nil {
		t.Fatal("a protocol's Encode does not set its answer check")
	}
}

func TestAnswerCheck(t *testing.T) {
	cases := []struct {
		protocol, body, kind string
	}{
		{"jsonrpc", `{"jsonrpc":"2.0","id":1,"result":{"value":42}}`, ""},
		{"jsonrpc", `{"jsonrpc":"2.0","result":{"error":"not this one"},"id":1}`, ""},
		{"jsonrpc", `{"jsonrpc":"2.0","id":"error","error":{"code":-32602,"message":"invalid params"}}`, "jsonrpc_-32602"},
		{"jsonrpc", `{"id": 1, "error" : {"message": "x", "code": -32601}, "jsonrpc": "2.0"}`, "jsonrpc_-32601"},
		{"jsonrpc", `{"jsonrpc":"2.0","id":1,"error":{"message":"no code"}}`, "jsonrpc_error"},
		{"jsonrpc", `{"jsonrpc":"2.0","id":"a \"error\" id","result":{}}`, ""},
		{"graphql", `{"data":{"echo":{"strings":["errors","{\"errors\":1}"]}}}`, ""},
		{"graphql", `{"errors":[{"message":"bad","extensions":{"code":"INVALID_ARGUMENT"}}],"data":null}`, "graphql_INVALID_ARGUMENT"},
		{"graphql", `{"data":{"a":[1,{"errors":2}]},"errors":[{"message":"late"}]}`, "graphql_error"},
		{"graphql", `{"data":{"sum":"36"}}`, ""},
		{"", `{"error":"REST bodies are not looked at"}`, ""},
	}
	for _, c := range cases {
		// Whole, and split at every byte: the answer arrives in pieces.
		for split := 0; split <= len(c.body); split++ {
			a := newAnswerCheck(answerOf(c.protocol), 0)
			a.reset()
			a.feed([]byte(c.body[:split]))
			a.feed([]byte(c.body[split:]))
			f := a.failure()
			got := ""
			if f != nil {
				got = f.Kind
			}
			if got != c.kind {
				t.Fatalf("%s %s split at %d: kind %q, want %q", c.protocol, c.body, split, got, c.kind)
			}
			if f != nil && len(f.Text) == 0 {
				t.Fatalf("%s: failure without text", c.body)
			}
		}
	}
}

func TestAnswerCheckKeepsAtMost300Bytes(t *testing.T) {
	a := newAnswerCheck(answerOf("graphql"), 0)
	long := `{"errors":[{"message":"` + string(make([]byte, 1000)) + `"}]}`
	a.feed([]byte(long))
	if f := a.failure(); f == nil || len(f.Text) > 300 {
		t.Fatalf("failure %v", f)
	}
}
