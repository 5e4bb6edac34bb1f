package restserver

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/bancada-lab/bancada/workers/go/restapi"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// handler routes the four endpoints; every answer carries Server-Timing.
type handler struct {
	cfg   service.Config
	limit int64 // request body limit, bytes
	info  restapi.Info
}

// NewHandler returns the http.Handler of the REST mapping:
// GET /v1/ping, POST /v1/select, POST /v1/echo, GET /v1/info, and GET /json
// (seed 003's small JSON object).
// Errors answer {"error": "..."}: 400 malformed, 404 unknown route, 405 wrong
// method, 413 body above cfg.MessageLimit() bytes.
func NewHandler(cfg service.Config) http.Handler {
	return &handler{
		cfg:   cfg,
		limit: int64(cfg.MessageLimit()),
		info:  restapi.Info(service.InfoFor("rest")),
	}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/v1/ping":
		h.route(w, r, http.MethodGet, h.ping)
	case "/v1/select":
		h.route(w, r, http.MethodPost, h.withBody(h.selectValues))
	case "/v1/echo":
		h.route(w, r, http.MethodPost, h.withBody(h.echo))
	case "/v1/info":
		h.route(w, r, http.MethodGet, h.infoOf)
	case "/json":
		h.route(w, r, http.MethodGet, smallJSON)
	default:
		start := time.Now()
		writeError(w, http.StatusNotFound, start, fmt.Sprintf("no route %s", r.URL.Path))
	}
}

// endpoint answers one request that already matched its route and method.
type endpoint func(w http.ResponseWriter, r *http.Request)

func (h *handler) route(w http.ResponseWriter, r *http.Request, method string, e endpoint) {
	if r.Method != method {
		start := time.Now()
		w.Header().Set("Allow", method)
		writeError(w, http.StatusMethodNotAllowed, start,
			fmt.Sprintf("method %s not allowed on %s; use %s", r.Method, r.URL.Path, method))
		return
	}
	e(w, r)
}

// bodyEndpoint answers a request whose body is already read; the measured
// span (decode + handler) starts at start, after the body was read.
type bodyEndpoint func(w http.ResponseWriter, body []byte, start time.Time)

// withBody reads the whole body (bounded by the limit) before starting the clock.
func (h *handler) withBody(e bodyEndpoint) endpoint {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := readBody(w, r, h.limit)
		start := time.Now()
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				writeError(w, http.StatusRequestEntityTooLarge, start,
					fmt.Sprintf("request body above the limit of %d bytes", h.limit))
				return
			}
			writeError(w, http.StatusBadRequest, start, "reading body: "+err.Error())
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

func (h *handler) ping(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	h.cfg.Pause()
	writeJSON(w, http.StatusOK, start, struct{}{})
}

func (h *handler) infoOf(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	writeJSON(w, http.StatusOK, start, h.info)
}

// smallJSON answers GET /json with the small object of one string that the
// REST-in-seven-languages study (seed 003) loads: {"Ola":"Mundo!"}.
func smallJSON(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	writeJSON(w, http.StatusOK, start, map[string]string{"Ola": "Mundo!"})
}

// writeJSON ends the measured span, sets Server-Timing, then encodes v
// (encoding is outside the span, as on gRPC where marshalling follows the handler).
func writeJSON(w http.ResponseWriter, status int, start time.Time, v any) {
	dur := time.Since(start)
	hdr := w.Header()
	hdr.Set("Server-Timing", service.ServerTiming(dur))
	out, err := json.Marshal(v)
	if err != nil {
		status = http.StatusBadRequest
		out, _ = json.Marshal(restapi.Error{Error: "encoding response: " + err.Error()})
	}
	hdr.Set("Content-Type", "application/json")
	hdr.Set("Content-Length", fmt.Sprint(len(out)))
	w.WriteHeader(status)
	w.Write(out)
}

func writeError(w http.ResponseWriter, status int, start time.Time, msg string) {
	writeJSON(w, status, start, restapi.Error{Error: msg})
}
