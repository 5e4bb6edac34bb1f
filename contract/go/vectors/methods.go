package vectors

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
)

// MethodCase is one vector of proto/bancada/v1/method_vectors.json: a
// request in the REST/JSON-RPC form and either its answer or Error
// ("INVALID_ARGUMENT").
type MethodCase struct {
	Method   string          `json:"method"`
	Name     string          `json:"name"`
	Request  json.RawMessage `json:"request"`
	Response json.RawMessage `json:"response"`
	Error    string          `json:"error"`
	Why      string          `json:"why"`
}

// MethodsPath is the six methods' vectors file.
func MethodsPath() string {
	return filepath.Join(filepath.Dir(Path()), "method_vectors.json")
}

// LoadMethods reads the six methods' vectors; every case has a method and
// exactly one of a response and an error.
func LoadMethods() ([]MethodCase, error) {
	raw, err := os.ReadFile(MethodsPath())
	if err != nil {
		return nil, err
	}
	var f struct {
		Vectors []MethodCase `json:"vectors"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("parse %s: %w", MethodsPath(), err)
	}
	for _, c := range f.Vectors {
		if c.Method == "" || (c.Response == nil) == (c.Error == "") {
			return nil, fmt.Errorf("%s: case %q needs a method and one of response/error", MethodsPath(), c.Name)
		}
	}
	if len(f.Vectors) == 0 {
		return nil, fmt.Errorf("%s holds no cases", MethodsPath())
	}
	return f.Vectors, nil
}

// SameJSON reports whether two JSON texts hold the same value: numbers are
// compared exactly (19 equals 19.0, 9223372036854775807 is not rounded).
func SameJSON(a, b []byte) (bool, error) {
	va, err := decodeExact(a)
	if err != nil {
		return false, err
	}
	vb, err := decodeExact(b)
	if err != nil {
		return false, err
	}
	return reflect.DeepEqual(normalize(va), normalize(vb)), nil
}

func decodeExact(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// normalize turns every json.Number into its exact rational value's string.
func normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		r, ok := new(big.Rat).SetString(string(x))
		if !ok {
			return string(x)
		}
		return "num:" + r.RatString()
	case []any:
		for i := range x {
			x[i] = normalize(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalize(x[k])
		}
	}
	return v
}
