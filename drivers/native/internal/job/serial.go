package job

import (
	"fmt"
	"slices"

	"github.com/bancada-lab/bancada/contract/go/formats"
)

// validateSerial checks a treatment of operation "serial" (seed 004): a REST
// request whose body is payload.count elements of payload.kind (int64s,
// doubles, strings, structs) in payload.format (json, protobuf, avro,
// msgpack), encoded anew for every request so the client's serialization
// time can be measured (docs/driver-protocol.md, "Formats").
func (t *Treatment) validateSerial() error {
	p := t.Payload
	if p == nil {
		return fmt.Errorf("treatment %d: operation serial needs a payload", t.ID)
	}
	if !t.Wire().Serial() {
		return fmt.Errorf("treatment %d: operation serial is REST only, got protocol %s", t.ID, t.Protocol)
	}
	if !slices.Contains(formats.Kinds, p.Kind) {
		return fmt.Errorf("treatment %d: serial payload kind %q; expected one of int64s, doubles, strings, structs", t.ID, p.Kind)
	}
	if !slices.Contains(formats.Names, p.Format) {
		return fmt.Errorf("treatment %d: serial payload format %q; expected one of json, protobuf, avro, msgpack", t.ID, p.Format)
	}
	if p.Count < 0 || p.Count > 10_000_000 {
		return fmt.Errorf("treatment %d: payload count %d out of range (0..10000000)", t.ID, p.Count)
	}
	return nil
}
