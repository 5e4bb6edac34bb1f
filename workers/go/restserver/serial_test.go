package restserver

import (
	"bytes"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bancada-lab/bancada/contract/go/formats"
	"github.com/bancada-lab/bancada/workers/go/service"
)

func (b *bench) serial(format, kind string, body []byte) (*http.Response, []byte) {
	b.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, b.base+formats.PathPrefix+kind, bytes.NewReader(body))
	req.Header.Set("Content-Type", formats.ContentType(format))
	resp, err := b.http.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", format, kind, err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	return resp, out
}

// metrics parses "deser;dur=1, ser;dur=2, app;dur=3" into milliseconds by name.
func metrics(t *testing.T, v string) map[string]float64 {
	out := map[string]float64{}
	for _, m := range strings.Split(v, ",") {
		name, dur, ok := strings.Cut(strings.TrimSpace(m), ";dur=")
		if !ok {
			t.Fatalf("Server-Timing %q", v)
		}
		ms, err := strconv.ParseFloat(dur, 64)
		if err != nil {
			t.Fatalf("Server-Timing %q: %v", v, err)
		}
		out[name] = ms
	}
	return out
}

// Each format round-trips each kind at each of the seed's sizes through the
// worker, which answers in the format it was sent and times its parts.
func TestSerialRoundTrip(t *testing.T) {
	b := startBench(t, service.Config{})
	for _, n := range []int{10, 1000, 100000} {
		for _, kind := range formats.Kinds {
			d, _ := formats.Generate(kind, n, uint64(n))
			for _, f := range formats.Names {
				body, _ := formats.Encode(f, d)
				resp, out := b.serial(f, kind, body)
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("%s %s %d: HTTP %d %s", f, kind, n, resp.StatusCode, out[:min(len(out), 200)])
				}
				if ct := resp.Header.Get("Content-Type"); ct != formats.ContentType(f) {
					t.Fatalf("%s: answered as %q", f, ct)
				}
				back, err := formats.Decode(f, kind, out)
				if err != nil || !reflect.DeepEqual(back, d) {
					t.Fatalf("%s %s %d: the answer is not the request (%v)", f, kind, n, err)
				}
				m := metrics(t, resp.Header.Get("Server-Timing"))
				if m["deser"] <= 0 || m["ser"] <= 0 || m["deser"]+m["ser"] >= m["app"] {
					t.Fatalf("%s %s %d: Server-Timing %v", f, kind, n, m)
				}
			}
		}
	}
}

// Malformed bodies in each format get 400, an unknown Content-Type 415, an
// unknown kind 404.
func TestSerialBadInput(t *testing.T) {
	b := startBench(t, service.Config{})
	bad := map[string][]byte{
		formats.JSON:     []byte(`[1, 2,`),
		formats.Protobuf: {0x0a, 0x05, 0x01},
		formats.Avro:     {0x14, 0x01},
		formats.MsgPack:  {0x9a, 0xd3, 0x00},
	}
	for f, body := range bad {
		for _, kind := range formats.Kinds {
			resp, out := b.serial(f, kind, body)
			if resp.StatusCode != http.StatusBadRequest || !bytes.Contains(out, []byte("malformed "+f+" "+kind)) {
				t.Fatalf("%s %s: HTTP %d %s", f, kind, resp.StatusCode, out)
			}
		}
	}
	req, _ := http.NewRequest(http.MethodPost, b.base+"/v1/serial/int64s", strings.NewReader("[1]"))
	req.Header.Set("Content-Type", "text/csv")
	resp, err := b.http.Do(req)
	if err != nil || resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Fatalf("text/csv: %v %v", resp, err)
	}
	resp.Body.Close()
	resp, _ = b.serial(formats.JSON, "bools", []byte("[]"))
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown kind: HTTP %d", resp.StatusCode)
	}
}
