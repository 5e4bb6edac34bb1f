// Package graphqlapi holds the GraphQL side of the contract that clients
// need: the one document per operation that the drivers send (the list in
// proto/bancada/v1/bench.graphql's header) and the translation of a REST
// body into that document's variables (int64 -> decimal strings, the
// schema's Int64), and of a GraphQL answer back into the REST answer.
package graphqlapi

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Operation is one contract operation as GraphQL.
type Operation struct {
	// Field is the root field (e.g. "powerOfTwo"); Mutation tells its root type.
	Field    string
	Mutation bool
	// Document is the query or mutation the drivers send.
	Document string
	// answerKey is the REST answer's key holding the field's value ("" for the whole answer).
	answerKey string
	// int64Args are argument paths whose leaves are int64 (converted to strings).
	int64Args [][]string
	// int64Answer are the REST answer's paths whose leaves are int64.
	int64Answer [][]string
	// inputArg, when set, is the one variable that holds the whole REST body (an input object).
	inputArg string
}

// petFields and personFields select every field of a Pet and a Person.
const (
	petFields    = "{ id created_at updated_at deleted_at name age type }"
	personFields = "{ id created_at updated_at deleted_at first_name last_name email age phone gender biography }"
)

// Operations are the contract's operations by rpc name.
var Operations = map[string]Operation{
	"Ping": {Field: "ping", Document: "query Ping { ping }"},
	"Void": {Field: "void", Document: "query Void { void }"},
	"Info": {Field: "info", Document: "query Info { info { implementation language runtime version protocol pid } }"},
	"Select": {Field: "select",
		Document:  "query Select($values: [Int64!]!, $k: Int, $seed: UInt64) { select(values: $values, k: $k, seed: $seed) { values positions } }",
		int64Args: [][]string{{"values"}, {"seed"}}, int64Answer: [][]string{{"values"}}},
	"Double": {Field: "double", answerKey: "value",
		Document:  "query Double($value: Int64!) { double(value: $value) }",
		int64Args: [][]string{{"value"}}, int64Answer: [][]string{{"value"}}},
	"Sum": {Field: "sum", answerKey: "sum",
		Document:  "query Sum($values: [Int64!]!) { sum(values: $values) }",
		int64Args: [][]string{{"values"}}, int64Answer: [][]string{{"sum"}}},
	"PowerOfTwo": {Field: "powerOfTwo", answerKey: "power",
		Document: "query PowerOfTwo($text: String!) { powerOfTwo(text: $text) }"},
	"MatMul": {Field: "matMul", answerKey: "product",
		Document: "query MatMul($a: MatrixInput!, $b: MatrixInput!) { matMul(a: $a, b: $b) { order values } }"},
	"Recolor": {Field: "recolor", Mutation: true, answerKey: "car",
		Document: "mutation Recolor($car: CarInput!, $colour: String!) { recolor(car: $car, colour: $colour) { brand model year colour price extras } }"},
	"Echo": {Field: "echo", Mutation: true,
		Document: "mutation Echo($int64s: [Int64!], $doubles: [Float!], $strings: [String!], $records: [RecordInput!], $echo: Boolean) " +
			"{ echo(int64s: $int64s, doubles: $doubles, strings: $strings, records: $records, echo: $echo) { count int64s doubles strings records { id value name tags } } }",
		int64Args:   [][]string{{"int64s"}, {"records", "id"}, {"records", "tags"}},
		int64Answer: [][]string{{"int64s"}, {"records", "id"}, {"records", "tags"}}},
	// The database methods of seed 001: the REST body of a list is {"limit": N}
	// (REST sends it as ?limit=N), that of a create goes whole as $input.
	"ListPets": {Field: "pets", answerKey: "pets",
		Document:    "query ListPets($limit: Int!) { pets(limit: $limit) " + petFields + " }",
		int64Answer: [][]string{{"pets", "id"}}},
	"ListPeople": {Field: "people", answerKey: "people",
		Document:    "query ListPeople($limit: Int!) { people(limit: $limit) " + personFields + " }",
		int64Answer: [][]string{{"people", "id"}}},
	"CreatePet": {Field: "createPet", Mutation: true, answerKey: "pet", inputArg: "input",
		Document:    "mutation CreatePet($input: PetInput!) { createPet(input: $input) " + petFields + " }",
		int64Answer: [][]string{{"pet", "id"}}},
	"CreatePerson": {Field: "createPerson", Mutation: true, answerKey: "person", inputArg: "input",
		Document:    "mutation CreatePerson($input: PersonInput!) { createPerson(input: $input) " + personFields + " }",
		int64Answer: [][]string{{"person", "id"}}},
}

// Body returns the GraphQL-over-HTTP request body calling op with the REST
// body rest (nil or empty: no variables).
func Body(op string, rest []byte) ([]byte, error) {
	o, ok := Operations[op]
	if !ok {
		return nil, fmt.Errorf("no GraphQL operation %q", op)
	}
	vars := map[string]any{}
	if len(bytes.TrimSpace(rest)) > 0 {
		if err := decodeExact(rest, &vars); err != nil {
			return nil, fmt.Errorf("%s body: %w", op, err)
		}
	}
	for _, path := range o.int64Args {
		if v, ok := vars[path[0]]; ok {
			vars[path[0]] = stringify(v, path[1:])
		}
	}
	if o.inputArg != "" {
		vars = map[string]any{o.inputArg: vars}
	}
	return json.Marshal(struct {
		Query         string         `json:"query"`
		OperationName string         `json:"operationName"`
		Variables     map[string]any `json:"variables"`
	}{o.Document, op, vars})
}

// stringify turns the json.Number leaves of v under path (through lists) into strings.
func stringify(v any, path []string) any {
	switch x := v.(type) {
	case json.Number:
		if len(path) == 0 {
			return string(x)
		}
	case []any:
		for i := range x {
			x[i] = stringify(x[i], path)
		}
	case map[string]any:
		if len(path) > 0 {
			if inner, ok := x[path[0]]; ok {
				x[path[0]] = stringify(inner, path[1:])
			}
		}
	}
	return v
}

// Answer turns the "data" of a GraphQL answer to op back into the REST
// answer (Int64 strings stay strings: compare them as numbers).
func Answer(op string, data []byte) ([]byte, error) {
	o, ok := Operations[op]
	if !ok {
		return nil, fmt.Errorf("no GraphQL operation %q", op)
	}
	var d map[string]json.RawMessage
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, err
	}
	v, ok := d[o.Field]
	if !ok {
		return nil, fmt.Errorf("no field %q in %s", o.Field, data)
	}
	switch {
	case op == "Ping" || op == "Void":
		return []byte("{}"), nil
	case o.answerKey == "":
		return v, nil
	}
	return json.Marshal(map[string]json.RawMessage{o.answerKey: v})
}

func decodeExact(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

// RESTAnswerAsGraphQL writes the int64 leaves of a REST answer to op as the
// decimal strings a GraphQL answer holds, for comparing the two.
func RESTAnswerAsGraphQL(op string, rest []byte) ([]byte, error) {
	o, ok := Operations[op]
	if !ok {
		return nil, fmt.Errorf("no GraphQL operation %q", op)
	}
	var v map[string]any
	if err := decodeExact(rest, &v); err != nil {
		return nil, err
	}
	for _, path := range o.int64Answer {
		if inner, ok := v[path[0]]; ok {
			v[path[0]] = stringify(inner, path[1:])
		}
	}
	return json.Marshal(v)
}
