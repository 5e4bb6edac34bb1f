package formats

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"strings"

	"github.com/ugorji/go/codec"
	"google.golang.org/protobuf/proto"

	"github.com/bancada-lab/bancada/contract/go/formats/formatspb"
)

// PathPrefix is the REST route of the format endpoint: POST /v1/serial/{kind}.
const PathPrefix = "/v1/serial/"

// Format names, as a workload's `format` names them.
const (
	JSON     = "json"
	Protobuf = "protobuf"
	Avro     = "avro"
	MsgPack  = "msgpack"
)

// Names lists the formats in the seed's order.
var Names = []string{JSON, Protobuf, Avro, MsgPack}

// contentTypes maps each format to the media type it is sent with.
var contentTypes = map[string]string{
	JSON:     "application/json",
	Protobuf: "application/x-protobuf",
	Avro:     "application/avro",
	MsgPack:  "application/msgpack",
}

// aliases are other media types that name a format (e.g. application/x-msgpack).
var aliases = map[string]string{
	"application/protobuf":            Protobuf,
	"application/vnd.google.protobuf": Protobuf,
	"avro/binary":                     Avro,
	"application/x-avro":              Avro,
	"application/x-msgpack":           MsgPack,
	"application/vnd.msgpack":         MsgPack,
}

// ContentType returns the media type of format ("" for an unknown format).
func ContentType(format string) string { return contentTypes[format] }

// FromContentType returns the format a Content-Type names (parameters such as
// charset are ignored), or an error naming the types accepted.
func FromContentType(value string) (string, error) {
	mt, _, err := mime.ParseMediaType(value)
	if err != nil {
		mt = strings.ToLower(strings.TrimSpace(value))
	}
	for name, ct := range contentTypes {
		if ct == mt {
			return name, nil
		}
	}
	if name, ok := aliases[mt]; ok {
		return name, nil
	}
	return "", fmt.Errorf("unsupported Content-Type %q; expected application/json, application/x-protobuf, application/avro or application/msgpack", value)
}

// Encode serializes d in format.
func Encode(format string, d *Data) ([]byte, error) {
	switch format {
	case JSON:
		return json.Marshal(jsonValue(d))
	case Protobuf:
		return proto.Marshal(toProto(d))
	case Avro:
		c, err := avroCodec(d.Kind)
		if err != nil {
			return nil, err
		}
		return c.BinaryFromNative(nil, toAvro(d))
	case MsgPack:
		var out []byte
		err := codec.NewEncoderBytes(&out, msgpackHandle).Encode(jsonValue(d))
		return out, err
	}
	return nil, fmt.Errorf("unknown format %q; expected json, protobuf, avro or msgpack", format)
}

// Decode parses body as an array of kind in format. Malformed input, trailing
// bytes and values of the wrong type are errors.
func Decode(format, kind string, body []byte) (*Data, error) {
	if !ValidKind(kind) {
		return nil, fmt.Errorf("unknown data kind %q; expected one of int64s, doubles, strings, structs", kind)
	}
	d := &Data{Kind: kind}
	switch format {
	case JSON:
		dec := json.NewDecoder(bytes.NewReader(body))
		if err := dec.Decode(jsonTarget(d)); err != nil {
			return nil, err
		}
		if dec.More() || dec.InputOffset() != int64(len(bytes.TrimRight(body, " \t\r\n"))) {
			return nil, errors.New("trailing data after the JSON array")
		}
		return d, nil
	case Protobuf:
		return fromProto(kind, body)
	case Avro:
		c, err := avroCodec(kind)
		if err != nil {
			return nil, err
		}
		native, rest, err := c.NativeFromBinary(body)
		if err != nil {
			return nil, err
		}
		if len(rest) > 0 {
			return nil, fmt.Errorf("%d trailing bytes after the Avro array", len(rest))
		}
		return fromAvro(kind, native)
	case MsgPack:
		dec := codec.NewDecoderBytes(body, msgpackHandle)
		if err := dec.Decode(jsonTarget(d)); err != nil {
			return nil, err
		}
		if n := dec.NumBytesRead(); n != len(body) {
			return nil, fmt.Errorf("%d trailing bytes after the MessagePack array", len(body)-n)
		}
		return d, nil
	}
	return nil, fmt.Errorf("unknown format %q; expected json, protobuf, avro or msgpack", format)
}

func ValidKind(kind string) bool {
	for _, k := range Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// jsonValue is the bare array JSON and MessagePack write (never null: an
// empty array is []).
func jsonValue(d *Data) any {
	switch d.Kind {
	case KindInt64s:
		return nonNil(d.Int64s)
	case KindDoubles:
		return nonNil(d.Doubles)
	case KindStrings:
		return nonNil(d.Strings)
	case KindStructs:
		return nonNil(d.Structs)
	}
	return []any{}
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func jsonTarget(d *Data) any {
	switch d.Kind {
	case KindInt64s:
		return &d.Int64s
	case KindDoubles:
		return &d.Doubles
	case KindStrings:
		return &d.Strings
	}
	return &d.Structs
}

// msgpackHandle is ugorji/go's MessagePack handle with its defaults, as the
// seed used it: WriteExt false writes strings and []byte in the original
// format's raw type (raw16 for 32..65535 bytes), not the newer str8/bin types.
var msgpackHandle = func() *codec.MsgpackHandle {
	h := &codec.MsgpackHandle{}
	h.ErrorIfNoField = true
	return h
}()

func toProto(d *Data) proto.Message {
	switch d.Kind {
	case KindInt64s:
		return &formatspb.Int64Array{Values: d.Int64s}
	case KindDoubles:
		return &formatspb.DoubleArray{Values: d.Doubles}
	case KindStrings:
		return &formatspb.StringArray{Values: d.Strings}
	}
	out := &formatspb.StructArray{Values: make([]*formatspb.Struct, len(d.Structs))}
	for i := range d.Structs {
		s := &d.Structs[i]
		out.Values[i] = &formatspb.Struct{I: s.I, F: s.F, T: s.T, S: s.S, B: s.B}
	}
	return out
}

func fromProto(kind string, body []byte) (*Data, error) {
	d := &Data{Kind: kind}
	switch kind {
	case KindInt64s:
		var m formatspb.Int64Array
		if err := proto.Unmarshal(body, &m); err != nil {
			return nil, err
		}
		d.Int64s = m.Values
	case KindDoubles:
		var m formatspb.DoubleArray
		if err := proto.Unmarshal(body, &m); err != nil {
			return nil, err
		}
		d.Doubles = m.Values
	case KindStrings:
		var m formatspb.StringArray
		if err := proto.Unmarshal(body, &m); err != nil {
			return nil, err
		}
		d.Strings = m.Values
	default:
		var m formatspb.StructArray
		if err := proto.Unmarshal(body, &m); err != nil {
			return nil, err
		}
		d.Structs = make([]Struct, len(m.Values))
		for i, s := range m.Values {
			d.Structs[i] = Struct{I: s.I, F: s.F, T: s.T, S: s.S, B: s.B}
		}
	}
	return d, nil
}
