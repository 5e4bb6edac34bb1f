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
	"net"
	"net/http"
	"time"

	graphql "github.com/graph-gophers/graphql-go"

	"github.com/bancada-lab/bancada/contract/go/restapi"
	"github.com/bancada-lab/bancada/workers/go/jsonops"
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
	intro  *introspection
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
	// UseStringDescriptions: the descriptions are the schema's strings, as the specification
	// (June 2018 on) has them, not its # comments.
	schema := graphql.MustParseSchema(Schema, &resolver{env: env}, graphql.UseFieldResolvers(), graphql.UseStringDescriptions())
	intro, err := newIntrospection(Schema)
	if err != nil {
		panic("graphqlserver: the schema does not load in gqlparser: " + err.Error())
	}
	// graph-gophers adds every built-in scalar; the schema never uses ID (nor may a query).
	types := schema.ASTSchema().Types
	for _, name := range []string{"Int", "Float", "String", "Boolean", "ID"} {
		if !intro.listed[name] {
			delete(types, name)
		}
	}
	return &handler{schema: schema, intro: intro, limit: int64(cfg.MessageLimit())}
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
	media := responseMedia(r.Header.Values("Accept"))
	answerIn := media
	if answerIn == "" {
		answerIn = mediaJSON
	}
	writeErr := func(w http.ResponseWriter, status int, start time.Time, msg string) {
		write(w, status, answerIn, start, errorBody{Errors: []message{{Message: msg}}})
	}
	switch {
	case r.URL.Path != Path:
		writeErr(w, http.StatusNotFound, time.Now(), fmt.Sprintf("no route %s; GraphQL is served at POST %s", r.URL.Path, Path))
	case r.Method != http.MethodPost && r.Method != http.MethodGet:
		w.Header().Set("Allow", "GET, POST")
		writeErr(w, http.StatusMethodNotAllowed, time.Now(), fmt.Sprintf("method %s not allowed on %s; use POST (or GET for a query)", r.Method, Path))
	case media == "":
		writeErr(w, http.StatusNotAcceptable, time.Now(), fmt.Sprintf("the Accept header allows neither %s nor %s", mediaGraphQL, mediaJSON))
	case r.Method == http.MethodGet:
		start := time.Now()
		req, err := getRequest(r.URL.Query())
		if err != nil {
			writeErr(w, http.StatusBadRequest, start, err.Error())
			return
		}
		if isMutation(*req.Query, req.operation()) {
			w.Header().Set("Allow", http.MethodPost)
			writeErr(w, http.StatusMethodNotAllowed, start, "a mutation cannot run over GET; use POST")
			return
		}
		h.exec(w, r, media, start, req)
	default:
		restserver.WithBody(h.limit, func(w http.ResponseWriter, body []byte, start time.Time) {
			if !isJSONBody(r.Header.Get("Content-Type")) {
				w.Header().Set("Accept-Post", mediaJSON)
				writeErr(w, http.StatusUnsupportedMediaType, start, "a GraphQL POST needs Content-Type: application/json")
				return
			}
			var req request
			if err := json.Unmarshal(body, &req); err != nil || req.Query == nil {
				msg := `not a GraphQL request: the body must be a JSON object with a string "query", "operationName" a string, "variables" and "extensions" objects`
				if err != nil {
					msg += " (" + err.Error() + ")"
				}
				writeErr(w, http.StatusBadRequest, start, msg)
				return
			}
			h.exec(w, r, media, start, req)
		}, writeErr)(w, r)
	}
}

// operation is the request's operationName, "" when absent.
func (req request) operation() string {
	if req.OperationName == nil {
		return ""
	}
	return *req.OperationName
}

// exec runs a well-formed request and writes its answer: an operation that reads only the
// schema is answered by introspection, every other one by graph-gophers.
func (h *handler) exec(w http.ResponseWriter, r *http.Request, media string, start time.Time, req request) {
	status := http.StatusOK
	if mentionsIntrospection(*req.Query) {
		if res, ok := h.intro.exec(*req.Query, req.operation(), req.Variables); ok {
			if res.Data == nil && media == mediaGraphQL {
				status = http.StatusBadRequest
			}
			write(w, status, media, start, res)
			return
		}
	}
	resp := h.schema.Exec(r.Context(), *req.Query, req.operation(), req.Variables)
	if isRequestError(resp) {
		resp.Data = nil
		if media == mediaGraphQL {
			status = http.StatusBadRequest
		}
	}
	write(w, status, media, start, resp)
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
	hdr.Set("Content-Type", media+"; charset=utf-8")
	hdr.Set("Content-Length", fmt.Sprint(len(out)))
	w.WriteHeader(status)
	w.Write(out)
}
