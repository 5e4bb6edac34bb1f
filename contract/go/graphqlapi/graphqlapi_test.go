package graphqlapi

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDocumentsAreTheSchemasHeader: the documents the drivers send are the
// ones proto/bancada/v1/bench.graphql lists (the Python driver's
// bancada.wire.envelopes is held to the same list by its own test).
func TestDocumentsAreTheSchemasHeader(t *testing.T) {
	_, here, _, _ := runtime.Caller(0)
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "..", "proto", "bancada", "v1", "bench.graphql"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(string(raw), "\n") {
		doc := strings.TrimPrefix(line, "#   ")
		if doc != line && (strings.HasPrefix(doc, "query ") || strings.HasPrefix(doc, "mutation ")) {
			listed[doc] = true
		}
	}
	for op, o := range Operations {
		if !listed[o.Document] {
			t.Errorf("%s: document %q is not in bench.graphql's header", op, o.Document)
		}
	}
	if len(listed) != len(Operations) {
		t.Errorf("bench.graphql lists %d documents, graphqlapi has %d", len(listed), len(Operations))
	}
}
