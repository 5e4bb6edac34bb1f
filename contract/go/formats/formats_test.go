package formats

import (
	"fmt"
	"reflect"
	"testing"
)

// Every format round-trips every kind at the seed's three sizes.
func TestRoundTrip(t *testing.T) {
	for _, n := range []int{0, 10, 1000, 100000} {
		for _, kind := range Kinds {
			d, err := Generate(kind, n, 42)
			if err != nil {
				t.Fatal(err)
			}
			if d.Len() != n {
				t.Fatalf("%s: len %d, want %d", kind, d.Len(), n)
			}
			for _, f := range Names {
				b, err := Encode(f, d)
				if err != nil {
					t.Fatalf("%s %s %d: encode: %v", f, kind, n, err)
				}
				back, err := Decode(f, kind, b)
				if err != nil {
					t.Fatalf("%s %s %d: decode: %v", f, kind, n, err)
				}
				if back.Len() != n || (n > 0 && !reflect.DeepEqual(back, d)) {
					t.Fatalf("%s %s %d: round trip differs", f, kind, n)
				}
			}
		}
	}
}

func TestGenerateIsDeterministicAndShaped(t *testing.T) {
	a, _ := Generate(KindStructs, 50, 7)
	b, _ := Generate(KindStructs, 50, 7)
	c, _ := Generate(KindStructs, 50, 8)
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) {
		t.Fatal("generation is not a function of the seed")
	}
	neg, trues := 0, 0
	for _, s := range a.Structs {
		if len(s.S) != StringLength || len(s.B) != StringLength {
			t.Fatalf("string lengths %d, %d", len(s.S), len(s.B))
		}
		if s.I < 0 {
			neg++
		}
		if s.T {
			trues++
		}
	}
	if neg == 0 || neg == 50 || trues == 0 || trues == 50 {
		t.Fatalf("int64 signs or bools are not mixed: %d negative, %d true", neg, trues)
	}
	d, _ := Generate(KindDoubles, 10000, 1)
	var sum, sq float64
	for _, v := range d.Doubles {
		sum += v
		sq += v * v
	}
	mean, variance := sum/1e4, sq/1e4-(sum/1e4)*(sum/1e4)
	if mean < -0.05 || mean > 0.05 || variance < 0.9 || variance > 1.1 {
		t.Fatalf("doubles are not standard normal: mean %g variance %g", mean, variance)
	}
}

// Malformed bodies are errors in every format (the worker answers them 400).
func TestMalformed(t *testing.T) {
	cases := map[string][]byte{
		JSON:     []byte(`[1, 2,`),
		Protobuf: {0x0a, 0x05, 0x01},
		Avro:     {0x14, 0x01},
		MsgPack:  {0x9a, 0xd3, 0x00},
	}
	for f, body := range cases {
		for _, kind := range Kinds {
			if _, err := Decode(f, kind, body); err == nil {
				t.Errorf("%s %s: malformed body accepted", f, kind)
			}
		}
	}
	if _, err := Decode(JSON, KindInt64s, []byte(`[1] [2]`)); err == nil {
		t.Error("JSON with trailing data accepted")
	}
	if _, err := Decode(JSON, KindInt64s, []byte(`["a"]`)); err == nil {
		t.Error("JSON with a string for an int64 accepted")
	}
}

func TestContentType(t *testing.T) {
	for _, f := range Names {
		got, err := FromContentType(ContentType(f) + "; charset=utf-8")
		if err != nil || got != f {
			t.Fatalf("%s: %q %v", f, got, err)
		}
	}
	if _, err := FromContentType("text/plain"); err == nil {
		t.Fatal("text/plain accepted")
	}
}

// TestSizes10 prints the serialized sizes of 10 elements (docs/statistics.md,
// beside seed 004's table 5.1), the mean over 100 seeds as in the seed.
func TestSizes10(t *testing.T) {
	for _, f := range Names {
		row := f
		for _, kind := range Kinds {
			total := 0
			for seed := uint64(1); seed <= 100; seed++ {
				d, _ := Generate(kind, 10, seed)
				b, _ := Encode(f, d)
				total += len(b)
			}
			row += fmt.Sprintf("\t%.2f", float64(total)/100)
		}
		t.Log(row)
	}
}
