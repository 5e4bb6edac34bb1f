// Package servers is the registry of the protocols the Go worker serves:
// adding one is one server package and one line in the list below.
package servers

import (
	"net"
	"strings"
	"time"

	"github.com/bancada-lab/bancada/workers/go/graphqlserver"
	"github.com/bancada-lab/bancada/workers/go/grpcserver"
	"github.com/bancada-lab/bancada/workers/go/jsonrpcserver"
	"github.com/bancada-lab/bancada/workers/go/restserver"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// Start serves one protocol on lis until stop: stop(grace) stops gracefully,
// closing what remains after grace; serveErr receives the serving error (nil
// after stop) and is then closed.
type Start func(lis net.Listener, cfg service.Config) (stop func(grace time.Duration) error, serveErr <-chan error)

// Server is one protocol the worker serves.
type Server struct {
	Protocol string // the --protocol name, also the implementation id's suffix
	Start    Start
}

// all are the servers, in the order usage and errors list them.
var all = []Server{
	{"grpc", grpcserver.Start},
	{"rest", restserver.Start},
	{"jsonrpc", jsonrpcserver.Start},
	{"graphql", graphqlserver.Start},
}

// Get returns the start of the protocol named name, or nil.
func Get(name string) Start {
	for _, s := range all {
		if s.Protocol == name {
			return s.Start
		}
	}
	return nil
}

// Names lists the protocols as a sentence: "grpc, rest, jsonrpc or graphql".
func Names() string {
	names := make([]string, len(all))
	for i, s := range all {
		names[i] = s.Protocol
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
