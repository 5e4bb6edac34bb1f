// Package payload generates reproducible request payloads for Bancada
// drivers and tests, from SplitMix64 (package pick) so every language can
// reproduce them.
package payload

import (
	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/contract/go/pick"
)

// Int64s returns n values uniform in [lo, hi] (inclusive; seed 000 uses
// 0..1000), the i-th being lo + next() mod (hi-lo+1). It panics if hi < lo.
func Int64s(n int, lo, hi int64, seed uint64) []int64 {
	if hi < lo {
		panic("payload: hi < lo")
	}
	g := pick.NewSplitMix64(seed)
	span := uint64(hi-lo) + 1 // 0 when the range is all of int64
	out := make([]int64, n)
	for i := range out {
		v := g.Next()
		if span != 0 {
			v %= span
		}
		out[i] = lo + int64(v)
	}
	return out
}

// Doubles returns n values uniform in [0, 1): the top 53 bits of next() / 2^53.
func Doubles(n int, seed uint64) []float64 {
	g := pick.NewSplitMix64(seed)
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(g.Next()>>11) / (1 << 53)
	}
	return out
}

// letters is the alphabet of Strings: ASCII only, so length is in bytes too.
const letters = "abcdefghijklmnopqrstuvwxyz"

// Strings returns n ASCII strings of length bytes each, letters a-z.
func Strings(n, length int, seed uint64) []string {
	g := pick.NewSplitMix64(seed)
	out := make([]string, n)
	buf := make([]byte, length)
	for i := range out {
		for j := range buf {
			buf[j] = letters[g.Next()%uint64(len(letters))]
		}
		out[i] = string(buf)
	}
	return out
}

// Records returns n records: id = i, value in [0, 1), a name of 8 letters
// and tags values in 0..1000.
func Records(n, tags int, seed uint64) []*pb.Record {
	g := pick.NewSplitMix64(seed)
	out := make([]*pb.Record, n)
	for i := range out {
		r := &pb.Record{
			Id:    int64(i),
			Value: float64(g.Next()>>11) / (1 << 53),
			Name:  Strings(1, 8, g.Next())[0],
			Tags:  Int64s(tags, 0, 1000, g.Next()),
		}
		out[i] = r
	}
	return out
}
