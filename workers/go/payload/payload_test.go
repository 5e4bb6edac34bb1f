package payload

import (
	"slices"
	"testing"
)

func TestInt64sInRangeAndReproducible(t *testing.T) {
	a := Int64s(1000, 0, 1000, 7)
	for _, v := range a {
		if v < 0 || v > 1000 {
			t.Fatalf("value %d outside 0..1000", v)
		}
	}
	if !slices.Equal(a, Int64s(1000, 0, 1000, 7)) {
		t.Fatal("same seed gave different values")
	}
	if slices.Equal(a, Int64s(1000, 0, 1000, 8)) {
		t.Fatal("different seeds gave the same values")
	}
	full := Int64s(10, -1<<63, 1<<63-1, 1)
	if slices.Equal(full, make([]int64, 10)) {
		t.Fatal("full int64 range gave zeros")
	}
}

func TestDoublesStringsRecords(t *testing.T) {
	for _, d := range Doubles(1000, 3) {
		if d < 0 || d >= 1 {
			t.Fatalf("double %v outside [0,1)", d)
		}
	}
	for _, s := range Strings(50, 12, 3) {
		if len(s) != 12 {
			t.Fatalf("string %q is not 12 bytes", s)
		}
	}
	recs := Records(20, 4, 3)
	for i, r := range recs {
		if r.GetId() != int64(i) || len(r.GetTags()) != 4 || len(r.GetName()) != 8 {
			t.Fatalf("record %d malformed: %v", i, r)
		}
	}
}
