package client

import (
	"bytes"
	"fmt"

	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
)

// answerCheck finds the error that some protocols answer with HTTP 200: a
// top-level member of the response object (the protocol's
// protocol.Answer.ErrorKey). It scans the body as it arrives, once, without
// building anything: strings are skipped with bytes.IndexAny, depth is
// counted, and only keys at depth 1 are compared. An answer stops the scan
// at its top-level OKKey when the protocol has one (an answer has one or
// the other). The first 300 bytes from the error's key on are kept for the
// failure's text.
//
// The zero answerCheck (spec nil) checks nothing.
type answerCheck struct {
	spec     *protocol.Answer // nil: no check
	key      string           // the error member
	okKey    string           // a member that settles the answer as ok, or ""
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

// newAnswerCheck returns the check of spec (nil: none) and, with
// maxRows > 0, of a list answer's row count.
func newAnswerCheck(spec *protocol.Answer, maxRows int) answerCheck {
	rows := rowCount{limit: maxRows}
	if spec == nil {
		return answerCheck{rows: rows}
	}
	rows.envelope = spec.Envelope
	return answerCheck{spec: spec, key: spec.ErrorKey, okKey: spec.OKKey, keyBuf: make([]byte, 0, 16), text: make([]byte, 0, 320), rows: rows}
}

// active reports whether the check reads the body at all.
func (a *answerCheck) active() bool { return a.spec != nil || a.rows.limit > 0 }

func (a *answerCheck) reset() {
	a.rows.reset()
	if a.spec == nil {
		return
	}
	*a = answerCheck{spec: a.spec, key: a.key, okKey: a.okKey, keyBuf: a.keyBuf[:0], text: a.text[:0], rows: a.rows}
}

// rowCount counts the rows of a list answer (ListPets, ListPeople) in JSON:
// the occurrences of the member name "id" (`"id":`), which every row has
// once and nothing else has (a quote inside a JSON string is escaped, so the
// bytes cannot occur in a value). The bytes may straddle two reads: the last
// four bytes of each read are kept.
type rowCount struct {
	limit    int
	envelope int // "id" members that are not rows (the envelope's own id)
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
	if a.spec == nil || a.done {
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

// failure is the error the scanned answer holds, or nil: the kind the
// protocol names from the error's text (<protocol>_<code>), with that
// text.
func (a *answerCheck) failure() *Failure {
	if !a.found {
		return a.rows.failure()
	}
	f := fail(a.spec.Kind(a.text), string(a.text))
	f.answered = true
	return f
}
