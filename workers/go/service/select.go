package service

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/bancada-lab/bancada/contract/go/pick"
)

// DefaultK is the number of values Select picks when k is 0 or absent.
const DefaultK = 3

// ErrInvalidArgument marks a request the contract rejects (gRPC
// INVALID_ARGUMENT, HTTP 400); test with errors.Is.
var ErrInvalidArgument = errors.New("invalid argument")

// Select validates a Select request and picks k values of values at distinct
// positions (pick.Select). k == 0 means DefaultK; seed == nil draws a seed
// from the process's random source. It returns an error wrapping
// ErrInvalidArgument when values is empty, k > len(values), or len(values)
// does not fit in uint32.
func Select(values []int64, k uint32, seed *uint64) (picked []int64, positions []uint32, err error) {
	if len(values) == 0 {
		return nil, nil, fmt.Errorf("%w: values is empty", ErrInvalidArgument)
	}
	if uint64(len(values)) > math.MaxUint32 {
		return nil, nil, fmt.Errorf("%w: %d values do not fit uint32 positions", ErrInvalidArgument, len(values))
	}
	if k == 0 {
		k = DefaultK
	}
	if uint64(k) > uint64(len(values)) {
		return nil, nil, fmt.Errorf("%w: k=%d exceeds the %d values", ErrInvalidArgument, k, len(values))
	}
	s := rand.Uint64()
	if seed != nil {
		s = *seed
	}
	picked, positions = pick.Select(values, k, s)
	return picked, positions, nil
}
