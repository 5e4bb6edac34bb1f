package formats

import (
	"github.com/bancada-lab/bancada/contract/go/pick"

	wf "github.com/bancada-lab/bancada/contract/go/formats"
)

// IterationSeed is the seed of the data set of one request of a serial
// treatment: one SplitMix64 step from the treatment's payload seed mixed
// with the block's repetition (high 32 bits) and the request's sequence
// number within the block (low 32 bits). Seed 004 drew a new data set for
// each of its 100 iterations; every request here does too, and the same
// (seed, repetition, seq) always gives the same data.
func IterationSeed(seed, repetition, seq uint64) uint64 {
	return pick.NewSplitMix64(seed ^ (repetition<<32 | seq&0xFFFF_FFFF)).Next()
}

// Draw gives the caller the data set of request seq of the given
// repetition (IterationSeed), drawn now, before Encode starts its timer.
// A failed draw (never for a kind Prepare accepted) keeps the last data.
func (c *Caller) Draw(repetition, seq uint64) {
	if d, err := wf.Generate(c.p.Data.Kind, c.p.Data.Len(), IterationSeed(c.p.Seed, repetition, seq)); err == nil {
		c.data = d
	}
}
