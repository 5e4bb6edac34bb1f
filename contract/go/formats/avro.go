package formats

import (
	"fmt"
	"sync"

	"github.com/linkedin/goavro/v2"
)

// avroSchemas are the Avro schemas of the four arrays (the seed's table 4.3
// mapping: int64 long, float64 double, string string, bool boolean, []byte bytes).
var avroSchemas = map[string]string{
	KindInt64s:  `{"type": "array", "items": "long"}`,
	KindDoubles: `{"type": "array", "items": "double"}`,
	KindStrings: `{"type": "array", "items": "string"}`,
	KindStructs: `{"type": "array", "items": {"type": "record", "name": "Struct", "fields": [
		{"name": "I", "type": "long"}, {"name": "F", "type": "double"}, {"name": "T", "type": "boolean"},
		{"name": "S", "type": "string"}, {"name": "B", "type": "bytes"}]}}`,
}

var (
	avroOnce   sync.Once
	avroCodecs map[string]*goavro.Codec
	avroErr    error
)

// avroCodec returns the (shared, concurrency-safe) goavro codec of kind.
func avroCodec(kind string) (*goavro.Codec, error) {
	avroOnce.Do(func() {
		avroCodecs = map[string]*goavro.Codec{}
		for k, s := range avroSchemas {
			c, err := goavro.NewCodec(s)
			if err != nil {
				avroErr = fmt.Errorf("avro schema of %s: %w", k, err)
				return
			}
			avroCodecs[k] = c
		}
	})
	if avroErr != nil {
		return nil, avroErr
	}
	c, ok := avroCodecs[kind]
	if !ok {
		return nil, fmt.Errorf("unknown data kind %q; expected one of int64s, doubles, strings, structs", kind)
	}
	return c, nil
}

// toAvro converts d to goavro's native form ([]any of Go values, a record as
// map[string]any): goavro takes no typed structs, so this conversion is part
// of Avro's serialization time, as it was in the seed.
func toAvro(d *Data) []any {
	switch d.Kind {
	case KindInt64s:
		out := make([]any, len(d.Int64s))
		for i, v := range d.Int64s {
			out[i] = v
		}
		return out
	case KindDoubles:
		out := make([]any, len(d.Doubles))
		for i, v := range d.Doubles {
			out[i] = v
		}
		return out
	case KindStrings:
		out := make([]any, len(d.Strings))
		for i, v := range d.Strings {
			out[i] = v
		}
		return out
	}
	out := make([]any, len(d.Structs))
	for i := range d.Structs {
		s := &d.Structs[i]
		out[i] = map[string]any{"I": s.I, "F": s.F, "T": s.T, "S": s.S, "B": s.B}
	}
	return out
}

func fromAvro(kind string, native any) (*Data, error) {
	items, ok := native.([]any)
	if !ok {
		return nil, fmt.Errorf("avro: expected an array, got %T", native)
	}
	d := &Data{Kind: kind}
	bad := func(i int, v any) error { return fmt.Errorf("avro: element %d has type %T", i, v) }
	switch kind {
	case KindInt64s:
		d.Int64s = make([]int64, len(items))
		for i, v := range items {
			if d.Int64s[i], ok = v.(int64); !ok {
				return nil, bad(i, v)
			}
		}
	case KindDoubles:
		d.Doubles = make([]float64, len(items))
		for i, v := range items {
			if d.Doubles[i], ok = v.(float64); !ok {
				return nil, bad(i, v)
			}
		}
	case KindStrings:
		d.Strings = make([]string, len(items))
		for i, v := range items {
			if d.Strings[i], ok = v.(string); !ok {
				return nil, bad(i, v)
			}
		}
	default:
		d.Structs = make([]Struct, len(items))
		for i, v := range items {
			m, ok := v.(map[string]any)
			if !ok {
				return nil, bad(i, v)
			}
			s := &d.Structs[i]
			s.I, _ = m["I"].(int64)
			s.F, _ = m["F"].(float64)
			s.T, _ = m["T"].(bool)
			s.S, _ = m["S"].(string)
			s.B, _ = m["B"].([]byte)
		}
	}
	return d, nil
}
