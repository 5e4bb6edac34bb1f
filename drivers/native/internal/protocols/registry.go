// Package protocols is the registry of the protocols the native driver
// speaks: adding one is one package under internal/protocols and one line
// in the list below.
package protocols

import (
	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols/graphql"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols/grpc"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols/jsonrpc"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols/rest"
)

// all are the protocols, in the order error messages list them.
var all = []protocol.Protocol{
	grpc.Protocol{},
	rest.Protocol{},
	jsonrpc.Protocol{},
	graphql.Protocol{},
}

// Get returns the protocol named name, or nil.
func Get(name string) protocol.Protocol {
	for _, p := range all {
		if p.Name() == name {
			return p
		}
	}
	return nil
}

// Names are the protocols' names, in the registry's order.
func Names() []string {
	names := make([]string, len(all))
	for i, p := range all {
		names[i] = p.Name()
	}
	return names
}

// Register adds p to the registry (a protocol outside this list, e.g. a
// test's); a name already taken is a programming error and panics.
func Register(p protocol.Protocol) {
	if Get(p.Name()) != nil {
		panic("protocol " + p.Name() + " registered twice")
	}
	all = append(all, p)
}
