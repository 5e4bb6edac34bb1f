// Package protocol is what the native driver knows of a protocol, behind one
// interface: its name, how its requests travel (Transport), how an
// operation's request is wrapped in its envelope (Encode), how an error
// inside a 2xx answer is found (Answer, set on the Request by Encode), and
// which of the driver's special operations it carries. The protocols
// themselves are one package each under internal/protocols, listed in
// internal/protocols/registry.go; nothing else in the driver branches on a
// protocol's name.
package protocol

import (
	"bytes"
	"strings"

	"google.golang.org/protobuf/proto"
)

// Transport is how a protocol's pre-built requests travel; it picks the
// client engines (load.rest_client for HTTP, load.grpc_mode for gRPC).
type Transport uint8

const (
	// HTTP is an HTTP/1.1 request of pre-built bytes.
	HTTP Transport = iota
	// GRPC is a gRPC unary call of a pre-built protobuf message.
	GRPC
)

// Protocol is one protocol the driver speaks.
type Protocol interface {
	// Name is the protocol's name in the job (treatment.protocol).
	Name() string
	// Transport is how its requests travel.
	Transport() Transport
	// Encode writes c into r in the protocol's envelope. r already holds the
	// contract's gRPC method and REST route of the operation; a protocol
	// over HTTP sets the method, path, headers and body it sends (and
	// r.Answer when a 2xx answer may carry an error); gRPC sets GRPCBody.
	Encode(r *Request, c Call) error
	// Custom reports whether it carries operation custom (a request the
	// user wrote: method, path, headers and body, or a gRPC method).
	Custom() bool
	// Serial reports whether it carries operation serial (seed 004's
	// formats endpoint, POST /v1/serial/{kind}).
	Serial() bool
}

// Call is one operation's request before a protocol's envelope.
type Call struct {
	// RPC is the Bench method, e.g. "Select".
	RPC string
	// Message is its protobuf request.
	Message proto.Message
	// Body is the REST JSON body; nil for a GET.
	Body any
	// Params are the method's arguments as one JSON value (the REST body, or
	// a database list's {"limit": N}); nil for none.
	Params any
}

// Request is a pre-serialized request, sent unchanged on every call.
type Request struct {
	GRPCMethod string // full method, e.g. /bancada.v1.Bench/Select
	GRPCBody   []byte // protobuf encoding of the request message
	HTTPMethod string // GET or POST
	HTTPPath   string // e.g. /v1/select
	HTTPBody   []byte // JSON body (nil for GET)
	// HTTPHeaders are written after Host and User-Agent, in order
	// (Content-Length follows them when HTTPBody is not nil).
	HTTPHeaders []Header
	// Answer is set when a 2xx answer may still carry an error in its body
	// (the clients then look for it), else nil.
	Answer *Answer
	// Rows is a list's limit: the answer must hold at most Rows rows (0: no check).
	Rows int
}

// Header is one HTTP header line, "Name: Value".
type Header struct{ Name, Value string }

// HasHeader reports whether the request sets header name (case-insensitive).
func (r *Request) HasHeader(name string) bool {
	for _, h := range r.HTTPHeaders {
		if strings.EqualFold(h.Name, name) {
			return true
		}
	}
	return false
}

// Answer is where a protocol that answers errors with a 2xx status puts
// them: a top-level member of the JSON answer object.
type Answer struct {
	// ErrorKey is the top-level member that holds the error.
	ErrorKey string
	// OKKey is a top-level member that settles the answer as ok, or "".
	OKKey string
	// Envelope counts the envelope's own "id" members, which are not a list's rows.
	Envelope int
	// Kind names the failure from the error's text (the answer from the
	// error's key on, at most 300 bytes), "<protocol>_<code>".
	Kind func(text []byte) string
}

// JSONMember returns the scalar that follows name (e.g. `"code":`) in text:
// a number or a string without escapes, as written (a string keeps its quotes).
func JSONMember(text []byte, name string) (string, bool) {
	i := bytes.Index(text, []byte(name))
	if i < 0 {
		return "", false
	}
	rest := bytes.TrimLeft(text[i+len(name):], " \t\r\n")
	if len(rest) > 0 && rest[0] == '"' {
		end := bytes.IndexByte(rest[1:], '"')
		if end < 0 {
			return "", false
		}
		return string(rest[:end+2]), true
	}
	end := bytes.IndexAny(rest, ",} \t\r\n")
	if end <= 0 {
		return "", false
	}
	return string(rest[:end]), true
}
