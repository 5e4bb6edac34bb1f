package pick

// sparseMaxK is the largest k for which Positions tracks swapped slots in a
// short list instead of materialising all n positions (O(k²) time, O(k) memory).
const sparseMaxK = 64

// Positions returns k distinct positions in [0, n), picked by a partial
// Fisher-Yates shuffle of [0, 1, ..., n-1] driven by SplitMix64(seed):
//
//	for i in 0 .. k-1: j = i + next() mod (n-i); swap p[i], p[j]
//
// The result is p[0..k-1]. It panics if k > n or n > 2^32-1 (positions are
// uint32 on the wire); callers validate first.
func Positions(n uint64, k uint32, seed uint64) []uint32 {
	if uint64(k) > n {
		panic("pick: k > n")
	}
	if n > 1<<32-1 {
		panic("pick: n does not fit in uint32")
	}
	if k <= sparseMaxK {
		return positionsSparse(n, k, seed)
	}
	return positionsDense(n, k, seed)
}

// positionsDense runs the shuffle over a full slice of n positions.
func positionsDense(n uint64, k uint32, seed uint64) []uint32 {
	g := NewSplitMix64(seed)
	p := make([]uint32, n)
	for i := range p {
		p[i] = uint32(i)
	}
	for i := uint64(0); i < uint64(k); i++ {
		j := i + g.Next()%(n-i)
		p[i], p[j] = p[j], p[i]
	}
	return p[:k:k]
}

// positionsSparse runs the same shuffle, storing only the slots that differ
// from the identity p[x] = x.
func positionsSparse(n uint64, k uint32, seed uint64) []uint32 {
	g := NewSplitMix64(seed)
	type slot struct{ index, value uint64 }
	moved := make([]slot, 0, k)
	get := func(x uint64) uint64 {
		for _, s := range moved {
			if s.index == x {
				return s.value
			}
		}
		return x
	}
	set := func(x, v uint64) {
		for i := range moved {
			if moved[i].index == x {
				moved[i].value = v
				return
			}
		}
		moved = append(moved, slot{x, v})
	}
	out := make([]uint32, k)
	for i := uint64(0); i < uint64(k); i++ {
		j := i + g.Next()%(n-i)
		// Slot i is never read again (later j >= later i > i), so only j is stored.
		pi, pj := get(i), get(j)
		set(j, pi)
		out[i] = uint32(pj)
	}
	return out
}

// Select returns the values at the k positions chosen by Positions for
// len(values) and seed, together with those positions.
func Select(values []int64, k uint32, seed uint64) (picked []int64, positions []uint32) {
	positions = Positions(uint64(len(values)), k, seed)
	picked = make([]int64, len(positions))
	for i, p := range positions {
		picked[i] = values[p]
	}
	return picked, positions
}
