package graphqlserver

// Introspection as the GraphQL specification (October 2021) defines it, for the operations
// that read only the schema (__schema, __type and __typename at the root): graph-gophers
// v1.11.0, the newest release, has no __Schema.description and no __Directive.isRepeatable
// and lists an ID scalar the schema never uses. Such an operation is parsed and validated by
// gqlparser (github.com/vektah/gqlparser/v2, MIT, the parser and validator of gqlgen), whose
// introspection types are the specification's, and its selection is answered from
// gqlparser's schema, built from the same schema.graphql. Every other operation (all the
// contract's) still runs on graph-gophers.

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
)

// introspection answers schema-only operations from schema.
type introspection struct {
	schema     *ast.Schema
	types      []*ast.Definition // __schema.types: the types reachable from the roots and __Schema, by name
	listed     map[string]bool
	directives []*ast.DirectiveDefinition // __schema.directives, by name
}

// Directives that graph-gophers does not execute: not offered in validation or introspection.
var unsupportedDirectives = []string{"defer", "oneOf"}

func newIntrospection(sdl string) (*introspection, error) {
	schema, err := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphql", Input: sdl})
	if err != nil {
		return nil, err
	}
	for _, name := range unsupportedDirectives {
		delete(schema.Directives, name)
	}
	x := &introspection{schema: schema, listed: map[string]bool{}}
	var visit func(name string)
	visit = func(name string) {
		def := schema.Types[name]
		if def == nil || x.listed[name] {
			return
		}
		x.listed[name] = true
		for _, f := range def.Fields {
			if strings.HasPrefix(f.Name, "__") {
				continue
			}
			visit(f.Type.Name())
			for _, a := range f.Arguments {
				visit(a.Type.Name())
			}
		}
		for _, n := range append(append([]string{}, def.Interfaces...), def.Types...) {
			visit(n)
		}
		for _, p := range schema.PossibleTypes[name] {
			visit(p.Name)
		}
	}
	for _, root := range []*ast.Definition{schema.Query, schema.Mutation, schema.Subscription, schema.Types["__Schema"]} {
		if root != nil {
			visit(root.Name)
		}
	}
	for _, d := range schema.Directives {
		for _, a := range d.Arguments {
			visit(a.Type.Name())
		}
	}
	for _, name := range slices.Sorted(maps.Keys(x.listed)) {
		x.types = append(x.types, schema.Types[name])
	}
	for _, name := range slices.Sorted(maps.Keys(schema.Directives)) {
		x.directives = append(x.directives, schema.Directives[name])
	}
	return x, nil
}

// mentionsIntrospection is the cheap test before any parsing: the contract's documents never
// hold "__", so they go straight to graph-gophers.
func mentionsIntrospection(query string) bool { return strings.Contains(query, "__") }

// introspectionResult is the answer to a schema-only operation: data, or request errors.
type introspectionResult struct {
	Data   json.RawMessage `json:"data,omitempty"`
	Errors gqlerror.List   `json:"errors,omitempty"`
}

// exec answers query when its operation (operationName, or the only one) is a query that
// selects only __schema, __type and __typename at the root; ok is false for every other
// document (graph-gophers answers it, its parse errors included).
func (x *introspection) exec(query, operationName string, variables map[string]any) (res introspectionResult, ok bool) {
	doc, err := parser.ParseQuery(&ast.Source{Input: query})
	if err != nil {
		return res, false
	}
	op := doc.Operations.ForName(operationName)
	if op == nil || op.Operation != ast.Query || !onlyMeta(op.SelectionSet, doc) {
		return res, false
	}
	if errs := validator.Validate(x.schema, doc); len(errs) > 0 {
		return introspectionResult{Errors: errs}, true
	}
	vars, err := validator.VariableValues(x.schema, op, variables)
	if err != nil {
		var gqlErr *gqlerror.Error
		if !errors.As(err, &gqlErr) {
			gqlErr = gqlerror.Wrap(err)
		}
		return introspectionResult{Errors: gqlerror.List{gqlErr}}, true
	}
	data, err := json.Marshal(x.selection(rootValue{}, x.schema.Query.Name, op.SelectionSet, vars))
	if err != nil {
		return introspectionResult{Errors: gqlerror.List{gqlerror.Wrap(err)}}, true
	}
	return introspectionResult{Data: data}, true
}

// onlyMeta tells whether a root selection set holds introspection fields only.
func onlyMeta(set ast.SelectionSet, doc *ast.QueryDocument) bool {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if !strings.HasPrefix(s.Name, "__") {
				return false
			}
		case *ast.InlineFragment:
			if !onlyMeta(s.SelectionSet, doc) {
				return false
			}
		case *ast.FragmentSpread:
			f := doc.Fragments.ForName(s.Name)
			if f == nil || !onlyMeta(f.SelectionSet, doc) {
				return false
			}
		}
	}
	return true
}

// The objects of the introspection types.
type (
	rootValue struct{}
	typeRef   struct {
		wrapper string    // "NON_NULL", "LIST", or "" for a named type
		of      *ast.Type // what a wrapper wraps
		def     *ast.Definition
	}
	inputValue struct {
		name, description string
		typ               *ast.Type
		defaultValue      *ast.Value
		directives        ast.DirectiveList
	}
)

func (x *introspection) ref(t *ast.Type) *typeRef {
	if t.NonNull {
		inner := *t
		inner.NonNull = false
		return &typeRef{wrapper: "NON_NULL", of: &inner}
	}
	if t.Elem != nil {
		return &typeRef{wrapper: "LIST", of: t.Elem}
	}
	return x.named(t.NamedType)
}

func (x *introspection) named(name string) *typeRef {
	if !x.listed[name] {
		return nil
	}
	return &typeRef{def: x.schema.Types[name]}
}

// object is a JSON object that keeps the order of its keys (the selection's order).
type object []field

type field struct {
	key   string
	value any
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.key)
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(f.value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// selection answers set on value, an object of type typeName: the fields collected in order
// (aliases, fragments, @skip and @include), each completed with its merged sub-selection.
func (x *introspection) selection(value any, typeName string, set ast.SelectionSet, vars map[string]any) object {
	var keys []string
	groups := map[string][]*ast.Field{}
	x.collect(typeName, set, vars, &keys, groups)
	out := make(object, 0, len(keys))
	for _, key := range keys {
		fields := groups[key]
		var sub ast.SelectionSet
		for _, f := range fields {
			sub = append(sub, f.SelectionSet...)
		}
		f := fields[0]
		var v any
		if f.Name == "__typename" {
			v = typeName
		} else {
			v = x.complete(x.resolve(value, f.Name, f.ArgumentMap(vars)), sub, vars)
		}
		out = append(out, field{key, v})
	}
	return out
}

func (x *introspection) collect(typeName string, set ast.SelectionSet, vars map[string]any, keys *[]string, groups map[string][]*ast.Field) {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if !included(s.Directives, vars) {
				continue
			}
			key := s.Alias
			if key == "" {
				key = s.Name
			}
			if _, seen := groups[key]; !seen {
				*keys = append(*keys, key)
			}
			groups[key] = append(groups[key], s)
		case *ast.InlineFragment:
			if included(s.Directives, vars) && (s.TypeCondition == "" || s.TypeCondition == typeName) {
				x.collect(typeName, s.SelectionSet, vars, keys, groups)
			}
		case *ast.FragmentSpread:
			if included(s.Directives, vars) && s.Definition != nil && s.Definition.TypeCondition == typeName {
				x.collect(typeName, s.Definition.SelectionSet, vars, keys, groups)
			}
		}
	}
}

// included applies @skip(if:) and @include(if:).
func included(directives ast.DirectiveList, vars map[string]any) bool {
	if d := directives.ForName("skip"); d != nil && d.ArgumentMap(vars)["if"] == true {
		return false
	}
	if d := directives.ForName("include"); d != nil && d.ArgumentMap(vars)["if"] != true {
		return false
	}
	return true
}

// complete turns a resolved value into JSON: objects by their selection, lists element-wise.
func (x *introspection) complete(v any, set ast.SelectionSet, vars map[string]any) any {
	switch o := v.(type) {
	case *ast.Schema:
		return x.selection(o, "__Schema", set, vars)
	case *typeRef:
		if o == nil {
			return nil
		}
		return x.selection(o, "__Type", set, vars)
	case *ast.FieldDefinition:
		return x.selection(o, "__Field", set, vars)
	case inputValue:
		return x.selection(o, "__InputValue", set, vars)
	case *ast.EnumValueDefinition:
		return x.selection(o, "__EnumValue", set, vars)
	case *ast.DirectiveDefinition:
		return x.selection(o, "__Directive", set, vars)
	case []any:
		if o == nil {
			return nil
		}
		out := make([]any, len(o))
		for i, e := range o {
			out[i] = x.complete(e, set, vars)
		}
		return out
	}
	return v
}

func text(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func deprecation(d ast.DirectiveList) (bool, any) {
	dep := d.ForName("deprecated")
	if dep == nil {
		return false, nil
	}
	reason := "No longer supported"
	if a := dep.Arguments.ForName("reason"); a != nil && a.Value != nil {
		reason = a.Value.Raw
	}
	return true, reason
}

func deprecatedOK(args map[string]any, d ast.DirectiveList) bool {
	deprecated, _ := deprecation(d)
	return !deprecated || args["includeDeprecated"] == true
}

// resolve is one field of one introspection object.
func (x *introspection) resolve(value any, name string, args map[string]any) any {
	switch o := value.(type) {
	case rootValue:
		switch name {
		case "__schema":
			return x.schema
		case "__type":
			n, _ := args["name"].(string)
			return x.named(n)
		}
	case *ast.Schema:
		return x.schemaField(name)
	case *typeRef:
		return x.typeField(o, name, args)
	case *ast.FieldDefinition:
		deprecated, reason := deprecation(o.Directives)
		switch name {
		case "name":
			return o.Name
		case "description":
			return text(o.Description)
		case "args":
			return x.arguments(o.Arguments, args)
		case "type":
			return x.ref(o.Type)
		case "isDeprecated":
			return deprecated
		case "deprecationReason":
			return reason
		}
	case inputValue:
		deprecated, reason := deprecation(o.directives)
		switch name {
		case "name":
			return o.name
		case "description":
			return text(o.description)
		case "type":
			return x.ref(o.typ)
		case "defaultValue":
			if o.defaultValue == nil {
				return nil
			}
			return o.defaultValue.String()
		case "isDeprecated":
			return deprecated
		case "deprecationReason":
			return reason
		}
	case *ast.EnumValueDefinition:
		deprecated, reason := deprecation(o.Directives)
		switch name {
		case "name":
			return o.Name
		case "description":
			return text(o.Description)
		case "isDeprecated":
			return deprecated
		case "deprecationReason":
			return reason
		}
	case *ast.DirectiveDefinition:
		switch name {
		case "name":
			return o.Name
		case "description":
			return text(o.Description)
		case "isRepeatable":
			return o.IsRepeatable
		case "locations":
			out := make([]string, len(o.Locations))
			for i, l := range o.Locations {
				out[i] = string(l)
			}
			return out
		case "args":
			return x.arguments(o.Arguments, args)
		}
	}
	return nil
}

func (x *introspection) schemaField(name string) any {
	switch name {
	case "description":
		return text(x.schema.Description)
	case "types":
		out := make([]any, len(x.types))
		for i, d := range x.types {
			out[i] = &typeRef{def: d}
		}
		return out
	case "queryType":
		return x.named(x.schema.Query.Name)
	case "mutationType", "subscriptionType":
		root := x.schema.Mutation
		if name == "subscriptionType" {
			root = x.schema.Subscription
		}
		if root == nil {
			return (*typeRef)(nil)
		}
		return x.named(root.Name)
	case "directives":
		out := make([]any, len(x.directives))
		for i, d := range x.directives {
			out[i] = d
		}
		return out
	}
	return nil
}

func (x *introspection) arguments(defs ast.ArgumentDefinitionList, args map[string]any) []any {
	out := []any{}
	for _, a := range defs {
		if deprecatedOK(args, a.Directives) {
			out = append(out, inputValue{a.Name, a.Description, a.Type, a.DefaultValue, a.Directives})
		}
	}
	return out
}

func (x *introspection) typeField(t *typeRef, name string, args map[string]any) any {
	if t.wrapper != "" {
		switch name {
		case "kind":
			return t.wrapper
		case "ofType":
			return x.ref(t.of)
		}
		return nil // a wrapper has no name, description, fields, ...
	}
	d := t.def
	switch name {
	case "kind":
		return string(d.Kind)
	case "name":
		return d.Name
	case "description":
		return text(d.Description)
	case "specifiedByURL":
		if s := d.Directives.ForName("specifiedBy"); s != nil {
			if a := s.Arguments.ForName("url"); a != nil && a.Value != nil {
				return a.Value.Raw
			}
		}
		return nil
	case "fields":
		if d.Kind != ast.Object && d.Kind != ast.Interface {
			return nil
		}
		out := []any{}
		for _, f := range d.Fields {
			if !strings.HasPrefix(f.Name, "__") && deprecatedOK(args, f.Directives) {
				out = append(out, f)
			}
		}
		return out
	case "inputFields":
		if d.Kind != ast.InputObject {
			return nil
		}
		out := []any{}
		for _, f := range d.Fields {
			if deprecatedOK(args, f.Directives) {
				out = append(out, inputValue{f.Name, f.Description, f.Type, f.DefaultValue, f.Directives})
			}
		}
		return out
	case "interfaces":
		if d.Kind != ast.Object && d.Kind != ast.Interface {
			return nil
		}
		out := []any{}
		for _, n := range d.Interfaces {
			out = append(out, x.named(n))
		}
		return out
	case "possibleTypes":
		if d.Kind != ast.Interface && d.Kind != ast.Union {
			return nil
		}
		out := []any{}
		for _, p := range x.schema.PossibleTypes[d.Name] {
			out = append(out, x.named(p.Name))
		}
		return out
	case "enumValues":
		if d.Kind != ast.Enum {
			return nil
		}
		out := []any{}
		for _, v := range d.EnumValues {
			if deprecatedOK(args, v.Directives) {
				out = append(out, v)
			}
		}
		return out
	case "isOneOf":
		if d.Kind != ast.InputObject {
			return nil
		}
		return d.Directives.ForName("oneOf") != nil
	}
	return nil
}
