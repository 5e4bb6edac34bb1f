package run

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocols"
)

// tinyRPC is a protocol the driver does not ship: POST /tiny of {"m":"<Rpc>"},
// its errors inside a 200 answer's "fault" member.
type tinyRPC struct{}

func (tinyRPC) Name() string                  { return "tinyrpc" }
func (tinyRPC) Transport() protocol.Transport { return protocol.HTTP }
func (tinyRPC) Custom() bool                  { return false }
func (tinyRPC) Serial() bool                  { return false }

var tinyAnswer = &protocol.Answer{ErrorKey: "fault", Kind: func(text []byte) string {
	code, _ := protocol.JSONMember(text, `"code":`)
	return "tinyrpc_" + code
}}

func (tinyRPC) Encode(r *protocol.Request, c protocol.Call) error {
	var err error
	r.HTTPMethod, r.HTTPPath, r.Answer = "POST", "/tiny", tinyAnswer
	r.HTTPBody, err = json.Marshal(map[string]string{"m": c.RPC})
	r.HTTPHeaders = []protocol.Header{{Name: "Content-Type", Value: "application/json"}}
	return err
}

// A protocol added through the registry alone (protocols.Register) is
// accepted by the job, encoded by its own Encode, sent by every HTTP engine,
// and its in-body errors are failures of its own kind.
func TestAProtocolAddedThroughTheRegistryAlone(t *testing.T) {
	protocols.Register(tinyRPC{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var call struct{ M string }
		b, _ := io.ReadAll(r.Body)
		if r.URL.Path != "/tiny" || json.Unmarshal(b, &call) != nil {
			http.Error(w, "not a tinyrpc call: "+string(b), http.StatusBadRequest)
			return
		}
		out := `{"ok":"` + call.M + `"}`
		if call.M == "Info" {
			out = `{"fault":{"code":7,"text":"no info here"}}`
		}
		w.Header().Set("Server-Timing", "app;dur=0.010")
		w.Header().Set("Content-Length", strconv.Itoa(len(out)))
		io.WriteString(w, out)
	}))
	t.Cleanup(srv.Close)
	target := strings.TrimPrefix(srv.URL, "http://")
	for _, engine := range []string{"raw", "net/http", "epoll"} {
		js := fmt.Sprintf(`{"version": 1, "treatments": [
			{"id": 0, "implementation": "tiny", "protocol": "tinyrpc", "target": %q, "operation": "ping"},
			{"id": 1, "implementation": "tiny", "protocol": "tinyrpc", "target": %q, "operation": "info"}],
			"connection": "reuse", "timeout_s": 10, "load": {"model": "closed", "concurrency": 2, "rest_client": %q},
			"blocks": [{"repetition": 1, "treatments": [0, 1], "warmup": 1, "requests": 6}]}`, target, target, engine)
		frames, _ := runJob(t, js)
		n := map[int]int{}
		for _, f := range frames {
			if f.Type != frame.TypeSample {
				continue
			}
			s := f.Sample
			n[int(s.Treatment)]++
			switch {
			case s.Treatment == 0 && !s.OK:
				t.Fatalf("%s: ping failed: %s", engine, s.Err)
			case s.Treatment == 1 && (s.OK || !strings.HasPrefix(s.Err, "tinyrpc_7: ")):
				t.Fatalf("%s: info's fault is not a tinyrpc_7 failure: ok %v, %q", engine, s.OK, s.Err)
			}
		}
		if n[0] != 7 || n[1] != 7 { // 1 warm-up + 6 requests each
			t.Fatalf("%s: samples per treatment %v", engine, n)
		}
	}
}
