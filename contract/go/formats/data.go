// Package formats is seed 004's serialization experiment: its four data types
// (int64, float64, string and struct arrays) generated reproducibly, and its
// four wire formats (JSON, Protocol Buffers, Avro, MessagePack) with the Go
// libraries it used or their maintained successors (workers/go/worker.toml
// says which and why). The Go worker's REST endpoint POST /v1/serial/{kind}
// and the native driver's format treatments both use it, so both sides encode
// the same bytes the same way.
package formats

import (
	"fmt"
	"math/rand/v2"

	"github.com/bancada-lab/bancada/contract/go/pick"
)

// The data kinds, as a workload's `kind` and the endpoint's path name them.
const (
	KindInt64s  = "int64s"
	KindDoubles = "doubles"
	KindStrings = "strings"
	KindStructs = "structs"
)

// Kinds lists the data kinds in the seed's order.
var Kinds = []string{KindInt64s, KindDoubles, KindStrings, KindStructs}

// StringLength is the seed's string length: 100 ASCII letters (1 byte each in UTF-8).
const StringLength = 100

// Struct is the seed's struct (its figure 4.2), field names as in the seed.
type Struct struct {
	I int64   `json:"I" codec:"I"`
	F float64 `json:"F" codec:"F"`
	T bool    `json:"T" codec:"T"`
	S string  `json:"S" codec:"S"`
	B []byte  `json:"B" codec:"B"`
}

// Data is one array of one kind; only the slice of Kind is set.
type Data struct {
	Kind    string
	Int64s  []int64
	Doubles []float64
	Strings []string
	Structs []Struct
}

// Len is the element count of the array.
func (d *Data) Len() int {
	switch d.Kind {
	case KindInt64s:
		return len(d.Int64s)
	case KindDoubles:
		return len(d.Doubles)
	case KindStrings:
		return len(d.Strings)
	case KindStructs:
		return len(d.Structs)
	}
	return 0
}

// source adapts SplitMix64 to math/rand/v2's Source, so NormFloat64 is
// reproducible from the seed in every Go version that keeps its algorithm.
type source struct{ g *pick.SplitMix64 }

func (s source) Uint64() uint64 { return s.g.Next() }

const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

func letterString(g *pick.SplitMix64, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = letters[g.Next()%uint64(len(letters))]
	}
	return string(b)
}

// Generate draws n elements of kind from SplitMix64(seed), as seed 004
// describes its data (section 4.2): int64 over the whole range (a raw 64-bit
// draw), float64 from the standard normal distribution (math/rand/v2
// NormFloat64, as the seed's math/rand NormFloat64), strings of 100 letters
// a-z and A-Z, and structs whose I, F and S are drawn as those, T is true for
// an even draw and B is another 100-letter string as bytes.
//
// It returns an error for an unknown kind or a negative n.
func Generate(kind string, n int, seed uint64) (*Data, error) {
	if n < 0 {
		return nil, fmt.Errorf("count %d is negative", n)
	}
	g := pick.NewSplitMix64(seed)
	r := rand.New(source{g})
	d := &Data{Kind: kind}
	switch kind {
	case KindInt64s:
		d.Int64s = make([]int64, n)
		for i := range d.Int64s {
			d.Int64s[i] = int64(g.Next())
		}
	case KindDoubles:
		d.Doubles = make([]float64, n)
		for i := range d.Doubles {
			d.Doubles[i] = r.NormFloat64()
		}
	case KindStrings:
		d.Strings = make([]string, n)
		for i := range d.Strings {
			d.Strings[i] = letterString(g, StringLength)
		}
	case KindStructs:
		d.Structs = make([]Struct, n)
		for i := range d.Structs {
			d.Structs[i] = Struct{
				I: int64(g.Next()),
				F: r.NormFloat64(),
				T: g.Next()%2 == 0,
				S: letterString(g, StringLength),
				B: []byte(letterString(g, StringLength)),
			}
		}
	default:
		return nil, fmt.Errorf("unknown data kind %q; expected one of int64s, doubles, strings, structs", kind)
	}
	return d, nil
}
