package service

import (
	"errors"
	"slices"
	"testing"
)

func TestSelectDefaultsKTo3AndPicksMembers(t *testing.T) {
	values := []int64{10, 11, 12, 13, 14, 15, 16, 17}
	seed := uint64(5)
	picked, positions, err := Select(values, 0, &seed)
	if err != nil {
		t.Fatal(err)
	}
	if len(picked) != DefaultK || len(positions) != DefaultK {
		t.Fatalf("got %d values, %d positions; want %d", len(picked), len(positions), DefaultK)
	}
	for i, p := range positions {
		if values[p] != picked[i] {
			t.Fatalf("value %d at position %d is %d, not %d", i, p, values[p], picked[i])
		}
	}
	again, againPos, _ := Select(values, 0, &seed)
	if !slices.Equal(again, picked) || !slices.Equal(againPos, positions) {
		t.Fatalf("same seed gave %v/%v then %v/%v", picked, positions, again, againPos)
	}
}

func TestSelectRejects(t *testing.T) {
	for name, tc := range map[string]struct {
		values []int64
		k      uint32
	}{
		"empty":         {nil, 1},
		"k > n":         {[]int64{1, 2}, 3},
		"default k > n": {[]int64{1, 2}, 0},
	} {
		if _, _, err := Select(tc.values, tc.k, nil); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%s: got %v, want ErrInvalidArgument", name, err)
		}
	}
}

func TestSelectWithoutSeedStillValid(t *testing.T) {
	values := make([]int64, 100)
	for i := range values {
		values[i] = int64(i)
	}
	picked, positions, err := Select(values, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(picked) != 5 || len(positions) != 5 {
		t.Fatalf("got %d values, %d positions; want 5", len(picked), len(positions))
	}
	for i, p := range positions {
		if int64(p) != picked[i] {
			t.Fatalf("position %d holds %d, got %d", p, p, picked[i])
		}
	}
}
