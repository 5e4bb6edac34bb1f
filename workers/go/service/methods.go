package service

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"unicode/utf8"
)

// The six methods of the RPC study (seed 002), protocol-free, as
// proto/bancada/v1/bench.proto defines them; every error wraps
// ErrInvalidArgument. Test vectors: proto/bancada/v1/method_vectors.json.

// Double returns 2 * value, or an error when that is outside int64
// (value > 2^62 - 1 or value < -2^62).
func Double(value int64) (int64, error) {
	if value > math.MaxInt64/2 || value < math.MinInt64/2 {
		return 0, fmt.Errorf("%w: 2 * %d is outside int64", ErrInvalidArgument, value)
	}
	return 2 * value, nil
}

// Sum returns the exact sum of values (0 for none), or an error when the
// total is outside int64. Partial sums are kept in 128 bits, so the answer
// does not depend on the order of values.
func Sum(values []int64) (int64, error) {
	var hi int64  // high word of the two's-complement 128-bit accumulator
	var lo uint64 // low word
	for _, v := range values {
		var carry uint64
		lo, carry = bits.Add64(lo, uint64(v), 0)
		ext := int64(0) // sign extension of v to the high word
		if v < 0 {
			ext = -1
		}
		hi += ext + int64(carry)
	}
	// The total fits int64 when the high word is the sign extension of the low word.
	if (hi == 0 && lo <= math.MaxInt64) || (hi == -1 && lo > math.MaxInt64) {
		return int64(lo), nil
	}
	return 0, fmt.Errorf("%w: the sum of the %d values is outside int64", ErrInvalidArgument, len(values))
}

// PowerOfTwo returns, in decimal, the smallest power of two >= n, n being the
// length of text in Unicode code points (n = 0 gives "1": 2^0 = 1 >= 0).
func PowerOfTwo(text string) string {
	n := uint64(utf8.RuneCountInString(text))
	p := uint64(1)
	if n > 1 {
		p = 1 << bits.Len64(n-1)
	}
	return strconv.FormatUint(p, 10)
}

// CheckRecolor returns an error when the car is missing or the new colour is empty.
func CheckRecolor(hasCar bool, colour string) error {
	if !hasCar {
		return fmt.Errorf("%w: recolor needs a car", ErrInvalidArgument)
	}
	if colour == "" {
		return fmt.Errorf("%w: recolor needs a non-empty new colour", ErrInvalidArgument)
	}
	return nil
}

// Matrix is a square float64 matrix: Order rows and columns, Values row-major.
type Matrix struct {
	Order  uint32
	Values []float64
}

func (m *Matrix) check(name string) error {
	if m == nil {
		return fmt.Errorf("%w: matmul needs matrix %s", ErrInvalidArgument, name)
	}
	if m.Order == 0 {
		return fmt.Errorf("%w: matrix %s has order 0; the order must be at least 1", ErrInvalidArgument, name)
	}
	if want := uint64(m.Order) * uint64(m.Order); uint64(len(m.Values)) != want {
		return fmt.Errorf("%w: matrix %s of order %d needs %d values (square, row-major), got %d",
			ErrInvalidArgument, name, m.Order, want, len(m.Values))
	}
	return nil
}

// MatMul returns a x b, each entry summed over k in increasing order with
// every product rounded to float64 first (no fused multiply-add), as the
// proto specifies. Errors: a or b nil, order 0, a non-square value count,
// unequal orders.
func MatMul(a, b *Matrix) (Matrix, error) {
	if err := a.check("a"); err != nil {
		return Matrix{}, err
	}
	if err := b.check("b"); err != nil {
		return Matrix{}, err
	}
	if a.Order != b.Order {
		return Matrix{}, fmt.Errorf("%w: matrices of unequal orders %d and %d", ErrInvalidArgument, a.Order, b.Order)
	}
	n := int(a.Order)
	p := make([]float64, n*n)
	for i := 0; i < n; i++ {
		row := a.Values[i*n : (i+1)*n]
		for j := 0; j < n; j++ {
			s := 0.0
			for k := 0; k < n; k++ {
				// The explicit conversion forbids fusing into an FMA (Go spec, "Arithmetic operators").
				s += float64(row[k] * b.Values[k*n+j])
			}
			p[i*n+j] = s
		}
	}
	return Matrix{Order: a.Order, Values: p}, nil
}
