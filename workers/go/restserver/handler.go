package restserver

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/bancada-lab/bancada/contract/go/formats"
	"github.com/bancada-lab/bancada/contract/go/restapi"
	"github.com/bancada-lab/bancada/workers/go/jsonops"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// handler routes the endpoints of the REST mapping; every answer carries Server-Timing.
type handler struct {
	env   jsonops.Env
	limit int64 // request body limit, bytes
}

// NewHandler returns the http.Handler of the REST mapping (routes: GET
// /v1/ping and /v1/info, POST for every other operation, seed 001's GET and
// POST /v1/pets and /v1/people, seed 004's POST /v1/serial/{kind} in four
// formats, package formats; seed 003's GET /json). Errors answer {"error":
// "..."}: 400 malformed, 404 unknown route, 405 wrong method, 413 body above
// cfg.MessageLimit() bytes, 503 database missing or failing.
func NewHandler(cfg service.Config) http.Handler {
	return &handler{
		env:   jsonops.Env{Cfg: cfg, Info: restapi.Info(service.InfoFor("rest"))},
		limit: int64(cfg.MessageLimit()),
	}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rts, ok := routes[r.URL.Path]
	if !ok {
		if kind, isSerial := strings.CutPrefix(r.URL.Path, formats.PathPrefix); isSerial {
			h.serial(w, r, kind)
			return
		}
		if r.URL.Path == "/json" {
			smallJSON(w, r)
			return
		}
		writeError(w, http.StatusNotFound, time.Now(), fmt.Sprintf("no route %s", r.URL.Path))
		return
	}
	rt, ok, allow := find(rts, r.Method)
	if !ok {
		w.Header().Set("Allow", allow)
		writeError(w, http.StatusMethodNotAllowed, time.Now(),
			fmt.Sprintf("method %s not allowed on %s; use %s", r.Method, r.URL.Path, allow))
		return
	}
	op := h.operation(r, rt)
	if rt.method == http.MethodGet {
		op(w, nil, time.Now())
		return
	}
	WithBody(h.limit, op, writeError)(w, r)
}

// serial answers seed 004's POST /v1/serial/{kind} in the format the request
// was sent in (package formats: JSON, Protobuf, Avro, MessagePack).
func (h *handler) serial(w http.ResponseWriter, r *http.Request, kind string) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeError(w, http.StatusMethodNotAllowed, time.Now(),
			fmt.Sprintf("method %s not allowed on %s; use %s", r.Method, r.URL.Path, http.MethodPost))
		return
	}
	serveSerial(w, r, kind, h.limit)
}

// smallJSON answers GET /json with the small object of one string that the
// REST-in-seven-languages study (seed 003) loads: {"Ola":"Mundo!"}.
func smallJSON(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		writeError(w, http.StatusMethodNotAllowed, time.Now(),
			fmt.Sprintf("method %s not allowed on %s; use %s", r.Method, r.URL.Path, http.MethodGet))
		return
	}
	writeJSON(w, http.StatusOK, time.Now(), map[string]string{"Ola": "Mundo!"})
}

// bodyEndpoint answers a request whose body is already read; the measured
// span (decode + handler) starts at start, after the body was read.
type bodyEndpoint = func(w http.ResponseWriter, body []byte, start time.Time)

// ErrorWriter answers an error with status and message, in its protocol's form.
type ErrorWriter func(w http.ResponseWriter, status int, start time.Time, msg string)

// WithBody reads the whole body (bounded by limit) before starting the
// clock. A body above the limit is answered 413 through writeErr, after the
// rest of the body is read and discarded (up to discardLimit) so that the
// client, still sending, gets the answer and not a connection reset.
func WithBody(limit int64, e bodyEndpoint, writeErr ErrorWriter) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := readBody(w, r, limit)
		start := time.Now()
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				discard(r, limit)
				writeErr(w, http.StatusRequestEntityTooLarge, start,
					fmt.Sprintf("request body above the limit of %d bytes", limit))
				return
			}
			writeErr(w, http.StatusBadRequest, start, "reading body: "+err.Error())
			return
		}
		e(w, body, start)
	}
}

// readBody reads the full request body, at most limit bytes; a longer body
// yields an *http.MaxBytesError. A known Content-Length is read into one
// buffer of that size.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if r.ContentLength > limit {
		return nil, &http.MaxBytesError{Limit: limit}
	}
	body := http.MaxBytesReader(w, r.Body, limit)
	if r.ContentLength < 0 {
		return io.ReadAll(body)
	}
	buf := make([]byte, r.ContentLength)
	if _, err := io.ReadFull(body, buf); err != nil {
		return nil, err
	}
	return buf, nil
}

// writeJSON ends the measured span, sets Server-Timing, then encodes v
// (encoding is outside the span, as on gRPC where marshalling follows the handler).
func writeJSON(w http.ResponseWriter, status int, start time.Time, v any) {
	WriteTimed(w, status, start, v, func(err error) (int, any) {
		return http.StatusBadRequest, restapi.Error{Error: "encoding response: " + err.Error()}
	})
}

// WriteTimed ends the measured span at start, sets Server-Timing (app;dur in
// ms), then encodes v as the JSON answer of status; a v that cannot be
// encoded answers what fallback returns for the error instead. The servers
// over HTTP share it.
func WriteTimed(w http.ResponseWriter, status int, start time.Time, v any, fallback func(error) (int, any)) {
	dur := time.Since(start)
	hdr := w.Header()
	hdr.Set("Server-Timing", service.ServerTiming(dur))
	out, err := json.Marshal(v)
	if err != nil {
		var alt any
		status, alt = fallback(err)
		out, _ = json.Marshal(alt)
	}
	hdr.Set("Content-Type", "application/json")
	hdr.Set("Content-Length", fmt.Sprint(len(out)))
	w.WriteHeader(status)
	w.Write(out)
}

func writeError(w http.ResponseWriter, status int, start time.Time, msg string) {
	writeJSON(w, status, start, restapi.Error{Error: msg})
}

// discardFactor bounds how much of an oversized body is read and dropped
// before the 413: up to discardFactor times the limit (beyond that the
// connection is closed as before and the client may see a reset).
const discardFactor = 4

// discard reads and drops the rest of an oversized body, so that a client
// that writes its whole body before reading (most do) gets the 413 instead
// of a connection reset. A client waiting for 100 Continue has sent nothing:
// nothing to drop.
func discard(r *http.Request, limit int64) {
	if r.ContentLength > 0 && strings.EqualFold(r.Header.Get("Expect"), "100-continue") {
		return
	}
	n := discardFactor * limit
	if r.ContentLength >= 0 && r.ContentLength < n {
		n = r.ContentLength
	}
	io.CopyN(io.Discard, r.Body, n)
}
