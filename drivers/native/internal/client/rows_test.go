package client

import (
	"strings"
	"testing"
)

// TestRowCountAcrossReads: the "id": members of a list answer are counted
// whatever the reads' boundaries; a JSON-RPC answer's own id is not a row.
func TestRowCountAcrossReads(t *testing.T) {
	rows := strings.Repeat(`{"id":1,"name":"Rex \"id\": x"},`, 11)
	body := `{"pets":[` + strings.TrimSuffix(rows, ",") + `]}`
	for _, chunk := range []int{1, 2, 3, 4, 5, 7, 64, len(body)} {
		a := newAnswerCheck(answerOf(""), 10)
		a.reset()
		for i := 0; i < len(body); i += chunk {
			a.feed([]byte(body[i:min(i+chunk, len(body))]))
		}
		f := a.failure()
		if f == nil || !strings.Contains(f.Text, "11 rows, more than the limit 10") {
			t.Fatalf("chunks of %d: %v", chunk, f)
		}
		a = newAnswerCheck(answerOf(""), 11)
		for i := 0; i < len(body); i += chunk {
			a.feed([]byte(body[i:min(i+chunk, len(body))]))
		}
		if f := a.failure(); f != nil {
			t.Fatalf("chunks of %d, limit 11: %v", chunk, f)
		}
	}
	a := newAnswerCheck(answerOf("jsonrpc"), 2)
	a.feed([]byte(`{"jsonrpc":"2.0","id":1,"result":{"pets":[{"id":1},{"id":2}]}}`))
	if f := a.failure(); f != nil {
		t.Fatalf("JSON-RPC, 2 rows, limit 2: %v", f)
	}
}

func TestCountField1(t *testing.T) {
	// field 1 (bytes) twice, field 2 (varint) once
	msg := []byte{0x0a, 0x01, 'a', 0x10, 0x05, 0x0a, 0x00}
	if n := countField1(msg); n != 2 {
		t.Fatalf("got %d", n)
	}
	if n := countField1([]byte{0x0a, 0x05}); n != -1 {
		t.Fatalf("truncated: got %d", n)
	}
}
