package restserver

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/bancada-lab/bancada/workers/go/restapi"
	"github.com/bancada-lab/bancada/workers/go/service"
)

func (h *handler) selectValues(w http.ResponseWriter, body []byte, start time.Time) {
	var req restapi.SelectRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, start, "malformed select request: "+err.Error())
		return
	}
	h.cfg.Pause()
	values, positions, err := service.Select(req.Values, req.K, req.Seed)
	if err != nil {
		writeError(w, statusOf(err), start, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, start, restapi.SelectResponse{Values: values, Positions: positions})
}

func (h *handler) echo(w http.ResponseWriter, body []byte, start time.Time) {
	var req restapi.EchoRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, start, "malformed echo request: "+err.Error())
		return
	}
	h.cfg.Pause()
	resp, err := echoResponse(&req)
	if err != nil {
		writeError(w, http.StatusBadRequest, start, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, start, resp)
}

// errEchoKind is returned when an echo body holds no kind, or several.
var errEchoKind = errors.New(`echo needs exactly one of "int64s", "doubles", "strings", "records" (a JSON array)`)

// echoResponse counts the one payload kind of req and, if req.Echo, returns it.
func echoResponse(req *restapi.EchoRequest) (restapi.EchoResponse, error) {
	var resp restapi.EchoResponse
	kinds := 0
	if req.Int64s != nil {
		kinds++
		resp.Count = uint64(len(*req.Int64s))
	}
	if req.Doubles != nil {
		kinds++
		resp.Count = uint64(len(*req.Doubles))
	}
	if req.Strings != nil {
		kinds++
		resp.Count = uint64(len(*req.Strings))
	}
	if req.Records != nil {
		kinds++
		resp.Count = uint64(len(*req.Records))
	}
	if kinds != 1 {
		return restapi.EchoResponse{}, errEchoKind
	}
	if req.Echo {
		resp.Int64s, resp.Doubles, resp.Strings, resp.Records = req.Int64s, req.Doubles, req.Strings, req.Records
	}
	return resp, nil
}

// statusOf maps a service error to its HTTP status.
func statusOf(err error) int {
	if errors.Is(err, service.ErrInvalidArgument) {
		return http.StatusBadRequest
	}
	return http.StatusInternalServerError
}
