package restserver

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/bancada-lab/bancada/workers/go/jsonops"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// route is one method on one REST path: its operation (jsonops.Ops) and the
// status of a success (200 unless said).
type route struct {
	method, op string
	status     int
	// query: the operation's body is read from the URL's query (?limit=N), not from the request body.
	query bool
}

// routes maps each REST path to its methods.
var routes = map[string][]route{
	"/v1/ping":         {{method: http.MethodGet, op: "Ping"}},
	"/v1/info":         {{method: http.MethodGet, op: "Info"}},
	"/v1/select":       {{method: http.MethodPost, op: "Select"}},
	"/v1/echo":         {{method: http.MethodPost, op: "Echo"}},
	"/v1/void":         {{method: http.MethodPost, op: "Void"}},
	"/v1/double":       {{method: http.MethodPost, op: "Double"}},
	"/v1/sum":          {{method: http.MethodPost, op: "Sum"}},
	"/v1/power-of-two": {{method: http.MethodPost, op: "PowerOfTwo"}},
	"/v1/recolor":      {{method: http.MethodPost, op: "Recolor"}},
	"/v1/matmul":       {{method: http.MethodPost, op: "MatMul"}},
	"/v1/pets": {{method: http.MethodGet, op: "ListPets", query: true},
		{method: http.MethodPost, op: "CreatePet", status: http.StatusCreated}},
	"/v1/people": {{method: http.MethodGet, op: "ListPeople", query: true},
		{method: http.MethodPost, op: "CreatePerson", status: http.StatusCreated}},
}

// find returns the route of method on a path's routes, and the methods allowed there.
func find(rts []route, method string) (rt route, ok bool, allow string) {
	methods := make([]string, len(rts))
	for i, r := range rts {
		if r.method == method {
			return r, true, ""
		}
		methods[i] = r.method
	}
	return route{}, false, strings.Join(methods, ", ")
}

// operation answers a request whose body (empty for GET) is read; the span
// starts at start.
func (h *handler) operation(r *http.Request, rt route) bodyEndpoint {
	op := jsonops.Ops[rt.op]
	status := rt.status
	if status == 0 {
		status = http.StatusOK
	}
	return func(w http.ResponseWriter, body []byte, start time.Time) {
		if rt.query {
			var err error
			if body, err = limitBody(r.URL.Query()); err != nil {
				writeError(w, http.StatusBadRequest, start, err.Error())
				return
			}
		}
		resp, err := op(r.Context(), &h.env, body, false)
		if err != nil {
			writeError(w, statusOf(err), start, err.Error())
			return
		}
		writeJSON(w, status, start, resp)
	}
}

// limitBody turns the query ?limit=N of a list into its JSON body {"limit": N}.
// A missing limit is 0 (refused by the operation); one that is not a decimal
// integer is refused here.
func limitBody(q url.Values) ([]byte, error) {
	raw := q.Get("limit")
	if raw == "" {
		return []byte("{}"), nil
	}
	n, err := strconv.ParseInt(raw, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("%v: limit must be a decimal integer between 1 and %d, got %q",
			service.ErrInvalidArgument, service.MaxLimit, raw)
	}
	return []byte(fmt.Sprintf(`{"limit":%d}`, n)), nil
}

// statusOf maps a service error to its HTTP status.
func statusOf(err error) int {
	switch {
	case errors.Is(err, service.ErrInvalidArgument):
		return http.StatusBadRequest
	case errors.Is(err, service.ErrUnavailable):
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}
