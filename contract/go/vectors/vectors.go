// Package vectors loads the contract's Select test vectors
// (proto/bancada/v1/select_vectors.json) for the tests of this module.
package vectors

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// File mirrors select_vectors.json.
type File struct {
	SplitMix64 []SplitMix64Case `json:"splitmix64"`
	Select     []SelectCase     `json:"select"`
}

// SplitMix64Case is a seed and the generator's first outputs.
type SplitMix64Case struct {
	Seed  uint64   `json:"seed"`
	First []uint64 `json:"first"`
}

// SelectCase is one Select vector; Load expands Values from ValuesFormula.
type SelectCase struct {
	K             uint32   `json:"k"`
	Seed          uint64   `json:"seed"`
	Positions     []uint32 `json:"positions"`
	ValuesOut     []int64  `json:"values_out"`
	Values        []int64  `json:"values"`
	ValuesFormula string   `json:"values_formula"`
	N             int      `json:"n"`
}

// knownFormula is the only values_formula the file uses.
const knownFormula = "values[i] = (i * 31) % 1001 for i in 0..N-1"

// Path is the vectors file, found from this source file's location
// (contract/go/vectors -> proto/bancada/v1).
func Path() string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(here), "..", "..", "..", "proto", "bancada", "v1", "select_vectors.json")
}

// Load reads and parses the vectors, expanding formula-given values.
func Load() (File, error) {
	var f File
	raw, err := os.ReadFile(Path())
	if err != nil {
		return f, err
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return f, fmt.Errorf("parse %s: %w", Path(), err)
	}
	for i, c := range f.Select {
		if c.ValuesFormula == "" {
			continue
		}
		if c.ValuesFormula != knownFormula {
			return f, fmt.Errorf("unknown values_formula %q", c.ValuesFormula)
		}
		values := make([]int64, c.N)
		for j := range values {
			values[j] = int64(j*31) % 1001
		}
		f.Select[i].Values = values
	}
	if len(f.SplitMix64) == 0 || len(f.Select) == 0 {
		return f, fmt.Errorf("%s holds no cases", Path())
	}
	return f, nil
}
