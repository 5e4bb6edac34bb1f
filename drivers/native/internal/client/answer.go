package client

import (
	"bytes"
	"fmt"
	"strconv"
)

// answerCheck finds the error that JSON-RPC 2.0 and GraphQL answer with
// HTTP 200: a top-level "error" member (JSON-RPC) or "errors" member
// (GraphQL) of the response object. It scans the body as it arrives, once,
// without building anything: strings are skipped with bytes.IndexAny, depth
// is counted, and only keys at depth 1 are compared. A JSON-RPC answer stops
// the scan at its top-level "result" (an answer has one or the other). The
// first 300 bytes from the error's key on are kept for the failure's text.
//
// The zero answerCheck (mode "") checks nothing.
type answerCheck struct {
	mode     string // "", "jsonrpc" or "graphql"
	key      string // the error member: "error" or "errors"
	okKey    string // a member that settles the answer as ok ("result"), or ""
	depth    int
	inString bool
	escape   bool
	keyPos   bool // at depth 1, the next string is a key
	inKey    bool
	keyBuf   []byte
	found    bool
	done     bool
	text     []byte
	rows     rowCount // a list's answer: at most rows.limit rows
}

// newAnswerCheck returns the check of protocol ("jsonrpc", "graphql"; any
// other: none) and, with maxRows > 0, of a list answer's row count.
func newAnswerCheck(protocol string, maxRows int) answerCheck {
	rows := rowCount{limit: maxRows}
	switch protocol {
	case "jsonrpc":
		rows.envelope = 1 // a JSON-RPC answer's own "id" member
		return answerCheck{mode: protocol, key: "error", okKey: "result", keyBuf: make([]byte, 0, 16), text: make([]byte, 0, 320), rows: rows}
	case "graphql":
		return answerCheck{mode: protocol, key: "errors", keyBuf: make([]byte, 0, 16), text: make([]byte, 0, 320), rows: rows}
	}
	return answerCheck{rows: rows}
}

// active reports whether the check reads the body at all.
func (a *answerCheck) active() bool { return a.mode != "" || a.rows.limit > 0 }

func (a *answerCheck) reset() {
	a.rows.reset()
	if a.mode == "" {
		return
	}
	*a = answerCheck{mode: a.mode, key: a.key, okKey: a.okKey, keyBuf: a.keyBuf[:0], text: a.text[:0], rows: a.rows}
}

// rowCount counts the rows of a list answer (ListPets, ListPeople) in JSON:
// the occurrences of the member name "id" (`"id":`), which every row has
// once and nothing else has (a quote inside a JSON string is escaped, so the
// bytes cannot occur in a value). The bytes may straddle two reads: the last
// four bytes of each read are kept.
type rowCount struct {
	limit    int
	envelope int // "id" members that are not rows (JSON-RPC's response id)
	n        int
	tail     [4]byte
	tn       int
}

var idMember = []byte(`"id":`)

func (c *rowCount) reset() { c.n, c.tn = 0, 0 }

func (c *rowCount) feed(b []byte) {
	if c.limit <= 0 || len(b) == 0 {
		return
	}
	if c.tn > 0 { // a match that starts in the kept tail
		var joined [8]byte
		k := copy(joined[:], c.tail[:c.tn])
		k += copy(joined[k:], b[:min(len(b), 4)])
		c.n += bytes.Count(joined[:k], idMember)
	}
	c.n += bytes.Count(b, idMember)
	if len(b) >= 4 {
		c.tn = copy(c.tail[:], b[len(b)-4:])
		return
	}
	keep := append(append([]byte{}, c.tail[:c.tn]...), b...)
	if len(keep) > 4 {
		keep = keep[len(keep)-4:]
	}
	c.tn = copy(c.tail[:], keep)
}

// failure is the error of a list answer with more rows than its limit, or nil.
func (c *rowCount) failure() *Failure {
	if n := c.n - c.envelope; c.limit > 0 && n > c.limit {
		return fail("other", fmt.Sprintf("the list answer has %d rows, more than the limit %d", n, c.limit))
	}
	return nil
}

const answerTextMax = 300

// feed scans the next body bytes.
func (a *answerCheck) feed(b []byte) {
	a.rows.feed(b)
	if a.mode == "" || a.done {
		return
	}
	if a.found {
		a.keep(b)
		return
	}
	for i := 0; i < len(b); {
		if a.inString {
			if a.escape {
				a.escape = false
				if a.inKey {
					a.keyBuf = append(a.keyBuf, b[i])
				}
				i++
				continue
			}
			j := bytes.IndexAny(b[i:], "\"\\")
			if j < 0 {
				if a.inKey {
					a.keyBuf = append(a.keyBuf, b[i:]...)
				}
				return
			}
			if a.inKey {
				a.keyBuf = append(a.keyBuf, b[i:i+j]...)
			}
			i += j
			if b[i] == '\\' {
				a.escape = true
				i++
				continue
			}
			a.inString = false
			i++
			if a.inKey {
				a.inKey = false
				switch string(a.keyBuf) {
				case a.key:
					a.found = true
					a.text = append(a.text, '"')
					a.text = append(a.text, a.key...)
					a.text = append(a.text, '"')
					a.keep(b[i:])
					return
				case a.okKey:
					a.done = true
					return
				}
			}
			continue
		}
		j := bytes.IndexAny(b[i:], "\"{}[],")
		if j < 0 {
			return
		}
		i += j
		switch b[i] {
		case '"':
			a.inString = true
			if a.depth == 1 && a.keyPos {
				a.inKey, a.keyPos = true, false
				a.keyBuf = a.keyBuf[:0]
			}
		case '{', '[':
			a.depth++
			a.keyPos = a.depth == 1 && b[i] == '{'
		case '}', ']':
			a.depth--
		case ',':
			a.keyPos = a.depth == 1
		}
		i++
	}
}

func (a *answerCheck) keep(b []byte) {
	room := answerTextMax - len(a.text)
	if room <= 0 {
		a.done = true
		return
	}
	if len(b) > room {
		b = b[:room]
	}
	a.text = append(a.text, b...)
}

// failure is the error the scanned answer holds, or nil: kind
// "jsonrpc_<code>" (e.g. jsonrpc_-32602) or "graphql_<extensions.code>"
// (graphql_INVALID_ARGUMENT; graphql_error without a code), with the
// answer's error text.
func (a *answerCheck) failure() *Failure {
	if !a.found {
		return a.rows.failure()
	}
	text := string(a.text)
	if a.mode == "jsonrpc" {
		code := "error"
		if v, ok := jsonMember(a.text, `"code":`); ok {
			if _, err := strconv.Atoi(v); err == nil {
				code = v
			}
		}
		return fail("jsonrpc_"+code, text)
	}
	code := "error"
	if v, ok := jsonMember(a.text, `"code":`); ok && len(v) > 2 && v[0] == '"' {
		code = v[1 : len(v)-1]
	}
	return fail("graphql_"+code, text)
}

// jsonMember returns the scalar that follows name (e.g. `"code":`) in text:
// a number or a string without escapes, as written.
func jsonMember(text []byte, name string) (string, bool) {
	i := bytes.Index(text, []byte(name))
	if i < 0 {
		return "", false
	}
	rest := bytes.TrimLeft(text[i+len(name):], " \t\r\n")
	if len(rest) > 0 && rest[0] == '"' {
		end := bytes.IndexByte(rest[1:], '"')
		if end < 0 {
			return "", false
		}
		return string(rest[:end+2]), true
	}
	end := bytes.IndexAny(rest, ",} \t\r\n")
	if end <= 0 {
		return "", false
	}
	return string(rest[:end]), true
}
