package graphqlserver

// What GraphQL over HTTP asks of a request before GraphQL runs (the draft after its legacy
// watershed of 2025-01-01): the response media type from Accept, the POST Content-Type, and
// the request of a GET's URL with the operation it would run.

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/url"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// wildcard are the response media types in the order */* and application/* pick them.
var wildcard = []string{mediaJSON, mediaGraphQL}

// responseMedia picks the answer's media type from the Accept header values: the highest
// weight (q) wins, the first listed among equals; */* and application/* stand for
// application/json first; q=0 refuses. No Accept is application/json, as a client that
// predates application/graphql-response+json expects (the graphql-http audit's SHOULDs
// "assume application/json when Accept is missing" and "accept */* and use application/json").
// "" when Accept allows neither type (406).
func responseMedia(accept []string) string {
	joined := strings.TrimSpace(strings.Join(accept, ","))
	if joined == "" {
		return mediaJSON
	}
	best, bestQ := "", 0.0
	for _, part := range strings.Split(joined, ",") {
		fields := strings.Split(part, ";")
		media := strings.ToLower(strings.TrimSpace(fields[0]))
		q := 1.0
		for _, param := range fields[1:] {
			name, value, _ := strings.Cut(param, "=")
			if strings.EqualFold(strings.TrimSpace(name), "q") {
				if v, err := strconv.ParseFloat(strings.TrimSpace(value), 64); err == nil {
					q = v
				} else {
					q = 0
				}
			}
		}
		candidates := []string{media}
		if media == "*/*" || media == "application/*" {
			candidates = wildcard
		}
		for _, c := range candidates {
			if (c == mediaGraphQL || c == mediaJSON) && q > bestQ {
				best, bestQ = c, q
			}
		}
	}
	return best
}

// isJSONBody is true for application/json with or without parameters (charset); a POST with
// no Content-Type or another one is refused with 415.
func isJSONBody(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == mediaJSON
}

// getRequest reads the request of a GET's URL parameters: query, operationName (empty is
// none), variables and extensions as JSON objects.
func getRequest(values url.Values) (request, error) {
	var req request
	if !values.Has("query") {
		return req, fmt.Errorf(`not a GraphQL request: the URL needs the parameter "query"`)
	}
	q := values.Get("query")
	req.Query = &q
	if op := values.Get("operationName"); op != "" {
		req.OperationName = &op
	}
	for name, into := range map[string]*map[string]any{"variables": &req.Variables, "extensions": &req.Extensions} {
		if !values.Has(name) {
			continue
		}
		if err := json.Unmarshal([]byte(values.Get(name)), into); err != nil {
			return req, fmt.Errorf("not a GraphQL request: %q must be a JSON object in the URL (%v)", name, err)
		}
	}
	return req, nil
}

// isMutation tells whether query with operationName selects a mutation (a GET refuses it
// with 405); a document that does not parse, or whose operation cannot be determined, is
// left to GraphQL's own errors.
func isMutation(query, operationName string) bool {
	doc, err := parser.ParseQuery(&ast.Source{Input: query})
	if err != nil {
		return false
	}
	op := doc.Operations.ForName(operationName)
	return op != nil && op.Operation == ast.Mutation
}
