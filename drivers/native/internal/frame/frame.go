// Package frame writes the driver's binary frame stream
// (docs/driver-protocol.md, "Frames"): `u32 length` (little-endian, bytes
// after the field), `u8 type`, body.
package frame

import (
	"encoding/binary"
	"encoding/json"
)

// Frame types.
const (
	TypeSample byte = 'S'
	TypeJSON   byte = 'J'
)

// SampleFixedLen is the size of the fixed part of a sample body (<HIIBBqqqq).
const SampleFixedLen = 44

// Phases.
const (
	PhaseWarmup  = 0
	PhaseMeasure = 1
)

// Sample is one request's record.
type Sample struct {
	Treatment  uint16
	Repetition uint32
	Seq        uint32
	Phase      uint8
	OK         bool
	LatencyNs  int64
	ServerNs   int64 // -1 when absent
	StartNs    int64
	QueueNs    int64
	Err        string // "kind: text", empty when OK
	Split      *Split // "serial" treatments: written as an X frame after the S frame
}

// AppendSample appends the S frame of s to dst.
func AppendSample(dst []byte, s *Sample) []byte {
	n := 1 + SampleFixedLen + len(s.Err)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(n))
	dst = append(dst, TypeSample)
	dst = binary.LittleEndian.AppendUint16(dst, s.Treatment)
	dst = binary.LittleEndian.AppendUint32(dst, s.Repetition)
	dst = binary.LittleEndian.AppendUint32(dst, s.Seq)
	ok := byte(0)
	if s.OK {
		ok = 1
	}
	dst = append(dst, s.Phase, ok)
	dst = binary.LittleEndian.AppendUint64(dst, uint64(s.LatencyNs))
	dst = binary.LittleEndian.AppendUint64(dst, uint64(s.ServerNs))
	dst = binary.LittleEndian.AppendUint64(dst, uint64(s.StartNs))
	dst = binary.LittleEndian.AppendUint64(dst, uint64(s.QueueNs))
	return append(dst, s.Err...)
}

// AppendJSON appends a J frame holding v encoded as JSON.
func AppendJSON(dst []byte, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]any{"event": "warning", "message": "unencodable event: " + err.Error()})
	}
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(b)+1))
	dst = append(dst, TypeJSON)
	return append(dst, b...)
}

// Decoded is a frame read back (for tests).
type Decoded struct {
	Type   byte
	Sample Sample
	Event  map[string]any
}

// Parse splits a whole stream into frames; it returns the frames read and
// the number of trailing bytes that did not form a whole frame.
func Parse(b []byte) ([]Decoded, int) {
	var out []Decoded
	for len(b) >= 5 {
		n := int(binary.LittleEndian.Uint32(b))
		if len(b) < 4+n {
			break
		}
		body := b[5 : 4+n]
		d := Decoded{Type: b[4]}
		switch d.Type {
		case TypeSample:
			s := &d.Sample
			s.Treatment = binary.LittleEndian.Uint16(body)
			s.Repetition = binary.LittleEndian.Uint32(body[2:])
			s.Seq = binary.LittleEndian.Uint32(body[6:])
			s.Phase = body[10]
			s.OK = body[11] == 1
			s.LatencyNs = int64(binary.LittleEndian.Uint64(body[12:]))
			s.ServerNs = int64(binary.LittleEndian.Uint64(body[20:]))
			s.StartNs = int64(binary.LittleEndian.Uint64(body[28:]))
			s.QueueNs = int64(binary.LittleEndian.Uint64(body[36:]))
			s.Err = string(body[44:])
		case TypeJSON:
			_ = json.Unmarshal(body, &d.Event)
		case TypeSplit:
			d.Sample.Treatment = binary.LittleEndian.Uint16(body)
			d.Sample.Repetition = binary.LittleEndian.Uint32(body[2:])
			d.Sample.Seq = binary.LittleEndian.Uint32(body[6:])
			v := func(i int) int64 { return int64(binary.LittleEndian.Uint64(body[10+8*i:])) }
			d.Sample.Split = &Split{v(0), v(1), v(2), v(3), v(4), v(5)}
		}
		out = append(out, d)
		b = b[4+n:]
	}
	return out, len(b)
}
