package service

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"github.com/bancada-lab/bancada/contract/go/vectors"
)

// TestMethodVectors runs the protocol-free rules over every vector.
func TestMethodVectors(t *testing.T) {
	cases, err := vectors.LoadMethods()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, c := range cases {
		got, err := runMethod(c)
		seen[c.Method]++
		if c.Error != "" {
			if !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("%s %q: got %s, %v; want invalid argument (%s)", c.Method, c.Name, got, err, c.Why)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %q: %v", c.Method, c.Name, err)
			continue
		}
		if same, err := vectors.SameJSON(got, c.Response); !same || err != nil {
			t.Errorf("%s %q: got %s, want %s (%v)", c.Method, c.Name, got, c.Response, err)
		}
	}
	for _, m := range []string{"Void", "Double", "Sum", "PowerOfTwo", "Recolor", "MatMul"} {
		if seen[m] == 0 {
			t.Errorf("no vectors for %s", m)
		}
	}
}

// runMethod applies the service rule of c.Method to c.Request and returns the JSON answer.
func runMethod(c vectors.MethodCase) ([]byte, error) {
	var req struct {
		Value  int64
		Values []int64
		Text   string
		Car    *map[string]any
		Colour string
		A, B   *Matrix
	}
	if err := json.Unmarshal(c.Request, &req); err != nil {
		return nil, err
	}
	var out any
	var err error
	switch c.Method {
	case "Void":
		out = map[string]any{}
	case "Double":
		var v int64
		v, err = Double(req.Value)
		out = map[string]any{"value": v}
	case "Sum":
		var s int64
		s, err = Sum(req.Values)
		out = map[string]any{"sum": s}
	case "PowerOfTwo":
		out = map[string]any{"power": PowerOfTwo(req.Text)}
	case "Recolor":
		if err = CheckRecolor(req.Car != nil, req.Colour); err == nil {
			car := *req.Car
			car["colour"] = req.Colour
			out = map[string]any{"car": car}
		}
	case "MatMul":
		var p Matrix
		p, err = MatMul(req.A, req.B)
		out = map[string]any{"product": map[string]any{"order": p.Order, "values": p.Values}}
	default:
		return nil, errors.New("unknown method " + c.Method)
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

func TestSumIsExactWhateverTheOrder(t *testing.T) {
	for _, values := range [][]int64{
		{math.MaxInt64, 1, -1},
		{1, math.MaxInt64, -1},
		{-1, math.MinInt64, 1},
		{math.MinInt64, math.MinInt64, math.MaxInt64, math.MaxInt64, 1},
	} {
		if _, err := Sum(values); err != nil {
			t.Errorf("Sum(%v): %v", values, err)
		}
	}
	if _, err := Sum([]int64{math.MaxInt64, math.MaxInt64, math.MinInt64, 1, 1}); err == nil {
		t.Error("Sum of a total 2^63 did not fail")
	}
}

func TestPowerOfTwoLarge(t *testing.T) {
	for n, want := range map[int]string{1 << 20: "1048576", 1<<20 + 1: "2097152"} {
		text := make([]byte, n)
		for i := range text {
			text[i] = 'a'
		}
		if got := PowerOfTwo(string(text)); got != want {
			t.Errorf("n = %d: %s, want %s", n, got, want)
		}
	}
}
