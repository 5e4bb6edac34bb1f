package restserver

import (
	"errors"
	"net/http"
	"time"

	"github.com/bancada-lab/bancada/workers/go/jsonops"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// routes maps each REST path to its method and operation (jsonops.Ops).
var routes = map[string]struct{ method, op string }{
	"/v1/ping":         {http.MethodGet, "Ping"},
	"/v1/info":         {http.MethodGet, "Info"},
	"/v1/select":       {http.MethodPost, "Select"},
	"/v1/echo":         {http.MethodPost, "Echo"},
	"/v1/void":         {http.MethodPost, "Void"},
	"/v1/double":       {http.MethodPost, "Double"},
	"/v1/sum":          {http.MethodPost, "Sum"},
	"/v1/power-of-two": {http.MethodPost, "PowerOfTwo"},
	"/v1/recolor":      {http.MethodPost, "Recolor"},
	"/v1/matmul":       {http.MethodPost, "MatMul"},
}

// operation answers a request whose body (empty for GET) is read; the span
// starts at start.
func (h *handler) operation(op jsonops.Op) bodyEndpoint {
	return func(w http.ResponseWriter, body []byte, start time.Time) {
		resp, err := op(&h.env, body, false)
		if err != nil {
			writeError(w, statusOf(err), start, err.Error())
			return
		}
		writeJSON(w, http.StatusOK, start, resp)
	}
}

// statusOf maps a service error to its HTTP status.
func statusOf(err error) int {
	if errors.Is(err, service.ErrInvalidArgument) {
		return http.StatusBadRequest
	}
	return http.StatusInternalServerError
}
