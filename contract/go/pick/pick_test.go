package pick

import (
	"slices"
	"testing"

	"github.com/bancada-lab/bancada/contract/go/vectors"
)

func loadVectors(t *testing.T) vectors.File {
	t.Helper()
	v, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSplitMix64Vectors(t *testing.T) {
	for _, c := range loadVectors(t).SplitMix64 {
		g := NewSplitMix64(c.Seed)
		for i, want := range c.First {
			if got := g.Next(); got != want {
				t.Errorf("seed %d output %d: got %d, want %d", c.Seed, i, got, want)
			}
		}
	}
}

func TestSelectVectors(t *testing.T) {
	for _, c := range loadVectors(t).Select {
		values, positions := Select(c.Values, c.K, c.Seed)
		if !slices.Equal(positions, c.Positions) || !slices.Equal(values, c.ValuesOut) {
			t.Errorf("n=%d k=%d seed=%d: got positions %v values %v, want %v %v",
				len(c.Values), c.K, c.Seed, positions, values, c.Positions, c.ValuesOut)
		}
		if got := positionsDense(uint64(len(c.Values)), c.K, c.Seed); !slices.Equal(got, c.Positions) {
			t.Errorf("dense n=%d k=%d seed=%d: got %v, want %v", len(c.Values), c.K, c.Seed, got, c.Positions)
		}
	}
}

func TestSparseMatchesDense(t *testing.T) {
	for _, n := range []uint64{1, 2, 3, 10, 65, 200, 204800} {
		for _, k := range []uint32{0, 1, 3, 17, 64} {
			if uint64(k) > n {
				continue
			}
			for seed := uint64(0); seed < 20; seed++ {
				s, d := positionsSparse(n, k, seed), positionsDense(n, k, seed)
				if !slices.Equal(s, d) {
					t.Fatalf("n=%d k=%d seed=%d: sparse %v != dense %v", n, k, seed, s, d)
				}
			}
		}
	}
}

func TestPositionsDistinctAndInRange(t *testing.T) {
	for _, k := range []uint32{3, 64, 65, 1000} {
		seen := map[uint32]bool{}
		for _, p := range Positions(1000, k, 99) {
			if p >= 1000 || seen[p] {
				t.Fatalf("k=%d: position %d out of range or repeated", k, p)
			}
			seen[p] = true
		}
		if len(seen) != int(k) {
			t.Fatalf("k=%d: got %d positions", k, len(seen))
		}
	}
}

func TestPositionsPanicsWhenKExceedsN(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Positions(2, 3, 0) did not panic")
		}
	}()
	Positions(2, 3, 0)
}
