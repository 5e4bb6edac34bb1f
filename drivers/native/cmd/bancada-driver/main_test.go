package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
)

func TestBadJobGivesErrorEvent(t *testing.T) {
	for in, want := range map[string]string{
		"{bad":                "bad job JSON",
		`{"version":1}`:       "no treatments",
		`{"version":2,"x":1}`: "unsupported job version",
	} {
		var out bytes.Buffer
		if code := Main(strings.NewReader(in), &out); code != 2 {
			t.Fatalf("%s: exit %d", in, code)
		}
		fs, _ := frame.Parse(out.Bytes())
		if len(fs) != 2 || fs[0].Event["event"] != "hello" || fs[1].Event["event"] != "error" ||
			!strings.Contains(fs[1].Event["message"].(string), want) {
			t.Fatalf("%s: %+v", in, fs)
		}
	}
}
