// Package graphqlserver serves the Bancada Bench contract as GraphQL over
// HTTP (POST /v1/graphql) with github.com/graph-gophers/graphql-go, on the
// schema proto/bancada/v1/bench.graphql (embedded as schema.graphql; a test
// keeps the copy equal). Statuses follow the GraphQL-over-HTTP spec for
// application/graphql-response+json: 400 for a request that is not
// well-formed and for request errors (parse, validation, coercion), 200 for
// field errors; a client that accepts only application/json gets 200 for
// every well-formed request.
package graphqlserver

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"mime"
	"net"
	"net/http"
	"strings"
	"time"

	graphql "github.com/graph-gophers/graphql-go"

	"github.com/bancada-lab/bancada/workers/go/jsonops"
	"github.com/bancada-lab/bancada/workers/go/restapi"
	"github.com/bancada-lab/bancada/workers/go/restserver"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// Path is the one endpoint.
const Path = "/v1/graphql"

// Schema is the contract's GraphQL schema (a copy of proto/bancada/v1/bench.graphql).
//
//go:embed schema.graphql
var Schema string

// The response media types of the GraphQL-over-HTTP spec.
const (
	mediaGraphQL = "application/graphql-response+json"
	mediaJSON    = "application/json"
)

type handler struct {
	schema *graphql.Schema
	limit  int64
}

// Start serves the GraphQL mapping on lis, as restserver.Start does REST.
func Start(lis net.Listener, cfg service.Config) (stop func(grace time.Duration) error, serveErr <-chan error) {
	return restserver.StartHandler(lis, NewHandler(cfg), "graphql")
}

// NewHandler returns the http.Handler of the GraphQL mapping. It panics if
// the embedded schema does not match the resolvers (a build defect, caught
// by the tests).
func NewHandler(cfg service.Config) http.Handler {
	env := &jsonops.Env{Cfg: cfg, Info: restapi.Info(service.InfoFor("graphql"))}
	return &handler{
		schema: graphql.MustParseSchema(Schema, &resolver{env: env}, graphql.UseFieldResolvers()),
		limit:  int64(cfg.MessageLimit()),
	}
}

// request is a GraphQL-over-HTTP request body.
type request struct {
	Query         *string        `json:"query"`
	OperationName *string        `json:"operationName"`
	Variables     map[string]any `json:"variables"`
	Extensions    map[string]any `json:"extensions"`
}

type errorBody struct {
	Errors []message `json:"errors"`
}

type message struct {
	Message string `json:"message"`
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	media := responseMedia(r.Header.Get("Accept"))
	writeErr := func(w http.ResponseWriter, status int, start time.Time, msg string) {
		write(w, status, media, start, errorBody{Errors: []message{{Message: msg}}})
	}
	if r.URL.Path != Path {
		writeErr(w, http.StatusNotFound, time.Now(), fmt.Sprintf("no route %s; GraphQL is served at POST %s", r.URL.Path, Path))
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeErr(w, http.StatusMethodNotAllowed, time.Now(), fmt.Sprintf("method %s not allowed on %s; use POST", r.Method, Path))
		return
	}
	restserver.WithBody(h.limit, func(w http.ResponseWriter, body []byte, start time.Time) {
		var req request
		if err := json.Unmarshal(body, &req); err != nil || req.Query == nil {
			msg := `not a GraphQL request: the body must be a JSON object with a string "query"`
			if err != nil {
				msg += " (" + err.Error() + ")"
			}
			writeErr(w, http.StatusBadRequest, start, msg)
			return
		}
		op := ""
		if req.OperationName != nil {
			op = *req.OperationName
		}
		resp := h.schema.Exec(r.Context(), *req.Query, op, req.Variables)
		status := http.StatusOK
		if isRequestError(resp) {
			resp.Data = nil
			if media == mediaGraphQL {
				status = http.StatusBadRequest
			}
		}
		write(w, status, media, start, resp)
	}, writeErr)(w, r)
}

// isRequestError tells a request error (no data: parse or validation; or an
// error without a path: argument coercion, which graph-gophers reports
// during execution but which precedes every resolver) from field errors.
func isRequestError(resp *graphql.Response) bool {
	if len(resp.Errors) == 0 {
		return false
	}
	if resp.Data == nil {
		return true
	}
	for _, e := range resp.Errors {
		if len(e.Path) == 0 {
			return true
		}
	}
	return false
}

// responseMedia picks the response media type from Accept: the spec's
// application/graphql-response+json when the client accepts it, else
// application/json (also when Accept is absent).
func responseMedia(accept string) string {
	for _, part := range strings.Split(accept, ",") {
		mt, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err == nil && mt == mediaGraphQL {
			return mediaGraphQL
		}
	}
	return mediaJSON
}

// write ends the measured span, sets Server-Timing, then encodes v.
func write(w http.ResponseWriter, status int, media string, start time.Time, v any) {
	dur := time.Since(start)
	hdr := w.Header()
	hdr.Set("Server-Timing", service.ServerTiming(dur))
	out, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		out, _ = json.Marshal(errorBody{Errors: []message{{Message: "encoding response: " + err.Error()}}})
	}
	hdr.Set("Content-Type", media)
	hdr.Set("Content-Length", fmt.Sprint(len(out)))
	w.WriteHeader(status)
	w.Write(out)
}
