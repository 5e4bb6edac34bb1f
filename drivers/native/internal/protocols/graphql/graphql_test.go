package graphql

import (
	"os"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/contract/go/graphqlapi"
)

// TestDatabaseDocumentsAreTheSchemasHeader: the database methods' documents
// sent are those proto/bancada/v1/bench.graphql's header lists.
func TestDatabaseDocumentsAreTheSchemasHeader(t *testing.T) {
	header, err := os.ReadFile("../../../../../proto/bancada/v1/bench.graphql")
	if err != nil {
		t.Fatal(err)
	}
	for rpc := range databaseInput {
		doc := graphqlapi.Operations[rpc].Document
		if doc == "" || !strings.Contains(string(header), "\n#   "+doc+"\n") {
			t.Errorf("%s: the document %q is not in bench.graphql's header", rpc, doc)
		}
	}
}
