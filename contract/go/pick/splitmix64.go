// Package pick implements the reproducible random pick of the Bancada Select
// operation: SplitMix64 driving a partial Fisher-Yates shuffle over positions,
// exactly as specified in proto/bancada/v1/bench.proto.
package pick

// SplitMix64 is the generator of Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators" (OOPSLA 2014), with 64-bit unsigned
// wrap-around arithmetic. The zero value is a generator seeded with 0.
type SplitMix64 struct {
	state uint64
}

// NewSplitMix64 returns a generator whose state is seed.
func NewSplitMix64(seed uint64) *SplitMix64 {
	return &SplitMix64{state: seed}
}

// Next advances the state and returns the next 64-bit output.
func (g *SplitMix64) Next() uint64 {
	g.state += 0x9E3779B97F4A7C15
	z := g.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
