package graphqlserver

import (
	"fmt"
	"strconv"
)

// Int64 is the schema's scalar Int64: a signed 64-bit integer written as a
// JSON string of decimal digits (an optional '-' and digits only).
type Int64 int64

// ImplementsGraphQLType binds Int64 to the schema's scalar of that name.
func (Int64) ImplementsGraphQLType(name string) bool { return name == "Int64" }

// UnmarshalGraphQL accepts a decimal string within int64; anything else is a coercion error.
func (v *Int64) UnmarshalGraphQL(input any) error {
	s, err := decimal(input, "Int64", true)
	if err != nil {
		return err
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return coercionError("Int64", input, "outside int64")
	}
	*v = Int64(n)
	return nil
}

// MarshalJSON writes the decimal string.
func (v Int64) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, strconv.FormatInt(int64(v), 10)), nil
}

// UInt64 is the schema's scalar UInt64 (Select's seed), written as Int64 is.
type UInt64 uint64

// ImplementsGraphQLType binds UInt64 to the schema's scalar of that name.
func (UInt64) ImplementsGraphQLType(name string) bool { return name == "UInt64" }

// UnmarshalGraphQL accepts a decimal string within uint64.
func (v *UInt64) UnmarshalGraphQL(input any) error {
	s, err := decimal(input, "UInt64", false)
	if err != nil {
		return err
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return coercionError("UInt64", input, "outside uint64")
	}
	*v = UInt64(n)
	return nil
}

// MarshalJSON writes the decimal string.
func (v UInt64) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, strconv.FormatUint(uint64(v), 10)), nil
}

// decimal returns input if it is a string of decimal digits (with a leading
// '-' when signed is true).
func decimal(input any, scalar string, signed bool) (string, error) {
	s, ok := input.(string)
	if !ok {
		return "", coercionError(scalar, input, "not a string of decimal digits")
	}
	digits := s
	if signed && len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if digits == "" {
		return "", coercionError(scalar, input, "not a string of decimal digits")
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return "", coercionError(scalar, input, "not a string of decimal digits")
		}
	}
	return s, nil
}

// coercionError is raised while arguments are coerced, before any resolver
// runs: graph-gophers reports it without a path, and the handler answers it
// as a request error (HTTP 400).
func coercionError(scalar string, input any, why string) error {
	return fmt.Errorf("cannot coerce %#v to %s: %s", input, scalar, why)
}
