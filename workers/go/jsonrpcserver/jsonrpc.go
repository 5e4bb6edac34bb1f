// Package jsonrpcserver serves the Bancada Bench contract as JSON-RPC 2.0
// (https://www.jsonrpc.org/specification) over HTTP/1.1: one endpoint,
// POST /v1/jsonrpc, method names = the contract's operations, params by name
// = the REST bodies, results = the REST answers (workers/README.md).
//
// Written on net/http and encoding/json rather than a library: the
// specification is small, and the Go JSON-RPC libraries either lack batches
// and by-name params over HTTP (gorilla/rpc's json2) or speak over a stream
// rather than HTTP (sourcegraph/jsonrpc2).
package jsonrpcserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/bancada-lab/bancada/contract/go/restapi"
	"github.com/bancada-lab/bancada/workers/go/jsonops"
	"github.com/bancada-lab/bancada/workers/go/restserver"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// Path is the one endpoint.
const Path = "/v1/jsonrpc"

// The specification's error codes.
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
	// CodeUnavailable is the contract's server error (the specification's
	// -32000..-32099 range) for a database that is missing or fails.
	CodeUnavailable = -32000
)

// Error is a JSON-RPC error object.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Response is one JSON-RPC response; exactly one of Result and Error is set.
type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

var nullID = json.RawMessage("null")

type handler struct {
	env   jsonops.Env
	limit int64
}

// Start serves the JSON-RPC mapping on lis, as restserver.Start does REST.
func Start(lis net.Listener, cfg service.Config) (stop func(grace time.Duration) error, serveErr <-chan error) {
	return restserver.StartHandler(lis, NewHandler(cfg), "jsonrpc")
}

// NewHandler returns the http.Handler of the JSON-RPC mapping.
func NewHandler(cfg service.Config) http.Handler {
	return &handler{
		env:   jsonops.Env{Cfg: cfg, Info: restapi.Info(service.InfoFor("jsonrpc"))},
		limit: int64(cfg.MessageLimit()),
	}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// A wrong route or method is not a JSON-RPC call: answered as REST answers it.
	if r.URL.Path != Path {
		write(w, http.StatusNotFound, time.Now(), restapi.Error{Error: fmt.Sprintf("no route %s; JSON-RPC is served at POST %s", r.URL.Path, Path)})
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		write(w, http.StatusMethodNotAllowed, time.Now(), restapi.Error{Error: fmt.Sprintf("method %s not allowed on %s; use POST", r.Method, Path)})
		return
	}
	restserver.WithBody(h.limit, func(w http.ResponseWriter, body []byte, start time.Time) {
		h.serveBody(r.Context(), w, body, start)
	}, writeHTTPError)(w, r)
}

// writeHTTPError answers a body that cannot be read (413 above the limit,
// 400) with a JSON-RPC invalid-request error object.
func writeHTTPError(w http.ResponseWriter, status int, start time.Time, msg string) {
	write(w, status, start, Response{JSONRPC: "2.0", ID: nullID, Error: &Error{Code: CodeInvalidRequest, Message: msg}})
}

func (h *handler) serveBody(ctx context.Context, w http.ResponseWriter, body []byte, start time.Time) {
	trimmed := bytes.TrimSpace(body)
	if !json.Valid(trimmed) {
		write(w, http.StatusOK, start, errorResponse(nullID, CodeParseError, "parse error: the body is not valid JSON"))
		return
	}
	if len(trimmed) > 0 && trimmed[0] == '[' {
		var calls []json.RawMessage
		if err := json.Unmarshal(trimmed, &calls); err != nil || len(calls) == 0 {
			write(w, http.StatusOK, start, errorResponse(nullID, CodeInvalidRequest, "invalid request: an empty batch"))
			return
		}
		answers := make([]Response, 0, len(calls))
		for _, c := range calls {
			if resp, ok := h.call(ctx, c); ok {
				answers = append(answers, resp)
			}
		}
		if len(answers) == 0 {
			writeNoContent(w, start)
			return
		}
		write(w, http.StatusOK, start, answers)
		return
	}
	resp, ok := h.call(ctx, trimmed)
	if !ok {
		writeNoContent(w, start)
		return
	}
	write(w, http.StatusOK, start, resp)
}

// call runs one request object; ok is false for a notification (no answer).
func (h *handler) call(ctx context.Context, raw json.RawMessage) (resp Response, ok bool) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return errorResponse(nullID, CodeInvalidRequest, "invalid request: not a JSON object"), true
	}
	idRaw, hasID := fields["id"]
	id := nullID
	if hasID {
		if !validID(idRaw) {
			return errorResponse(nullID, CodeInvalidRequest, "invalid request: id must be a string, a number or null"), true
		}
		id = idRaw
	}
	var version, method string
	if json.Unmarshal(fields["jsonrpc"], &version) != nil || version != "2.0" {
		return errorResponse(id, CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`), true
	}
	if json.Unmarshal(fields["method"], &method) != nil || method == "" {
		return errorResponse(id, CodeInvalidRequest, `invalid request: "method" must be a non-empty string`), true
	}
	result, rpcErr := h.invoke(ctx, method, fields["params"])
	if !hasID {
		return Response{}, false
	}
	if rpcErr != nil {
		return Response{JSONRPC: "2.0", ID: id, Error: rpcErr}, true
	}
	return Response{JSONRPC: "2.0", ID: id, Result: result}, true
}

// invoke runs method with params (nil: absent, taken as {}).
func (h *handler) invoke(ctx context.Context, method string, params json.RawMessage) (any, *Error) {
	op, found := jsonops.Ops[method]
	if !found {
		return nil, &Error{Code: CodeMethodNotFound, Message: fmt.Sprintf("method not found: %q is not an operation of the contract", method)}
	}
	p := bytes.TrimSpace(params)
	switch {
	case len(p) == 0:
		p = []byte("{}")
	case p[0] == '[':
		return nil, &Error{Code: CodeInvalidParams, Message: "invalid params: params go by name (a JSON object), not by position"}
	case p[0] != '{':
		return nil, &Error{Code: CodeInvalidRequest, Message: "invalid request: params must be an object or an array"}
	}
	result, err := op(ctx, &h.env, p, true)
	switch {
	case err == nil:
	case errors.Is(err, service.ErrInvalidArgument):
		return nil, &Error{Code: CodeInvalidParams, Message: "invalid params: " + err.Error()}
	case errors.Is(err, service.ErrUnavailable):
		return nil, &Error{Code: CodeUnavailable, Message: err.Error()}
	default:
		return nil, &Error{Code: CodeInternalError, Message: "internal error: " + err.Error()}
	}
	return result, nil
}

func validID(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return false
	}
	switch t[0] {
	case '"', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

func errorResponse(id json.RawMessage, code int, msg string) Response {
	return Response{JSONRPC: "2.0", ID: id, Error: &Error{Code: code, Message: msg}}
}

// write ends the measured span, sets Server-Timing, then encodes v (an
// answer that cannot be encoded: a JSON-RPC internal error, HTTP 200).
func write(w http.ResponseWriter, status int, start time.Time, v any) {
	restserver.WriteTimed(w, status, start, v, func(err error) (int, any) {
		return http.StatusOK, errorResponse(nullID, CodeInternalError, "encoding response: "+err.Error())
	})
}

func writeNoContent(w http.ResponseWriter, start time.Time) {
	w.Header().Set("Server-Timing", service.ServerTiming(time.Since(start)))
	w.WriteHeader(http.StatusNoContent)
}
