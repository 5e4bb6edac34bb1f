package frame

import "encoding/binary"

// TypeSplit is the frame of one request's time split (seed 004), written
// right after its S frame for treatments of operation "serial"
// (docs/driver-protocol.md, "X").
const TypeSplit byte = 'X'

// SplitLen is the size of an X body (<HIIqqqqqq).
const SplitLen = 58

// Split is the part of a request's exchange a sample frame does not carry:
// client-side encode and decode times (outside latency_ns), the server's
// Server-Timing deser and ser metrics (inside its app span; -1 when absent),
// and the body sizes both ways.
type Split struct {
	ClientSerNs   int64
	ClientDeserNs int64
	ServerDeserNs int64
	ServerSerNs   int64
	RequestBytes  int64
	ResponseBytes int64
}

// AppendSplit appends the X frame of sample s (s.Split must be set).
func AppendSplit(dst []byte, s *Sample) []byte {
	x := s.Split
	dst = binary.LittleEndian.AppendUint32(dst, 1+SplitLen)
	dst = append(dst, TypeSplit)
	dst = binary.LittleEndian.AppendUint16(dst, s.Treatment)
	dst = binary.LittleEndian.AppendUint32(dst, s.Repetition)
	dst = binary.LittleEndian.AppendUint32(dst, s.Seq)
	for _, v := range [...]int64{x.ClientSerNs, x.ClientDeserNs, x.ServerDeserNs, x.ServerSerNs, x.RequestBytes, x.ResponseBytes} {
		dst = binary.LittleEndian.AppendUint64(dst, uint64(v))
	}
	return dst
}
