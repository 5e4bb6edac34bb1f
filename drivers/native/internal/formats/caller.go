// Package formats is the driver's side of seed 004's serialization
// experiment (operation "serial"): for every request it encodes the
// treatment's array in the treatment's format (timed, outside the latency),
// sends it to POST /v1/serial/{kind} with that Content-Type, reads the whole
// answer (the latency), then decodes it (timed, outside the latency) and
// checks it is the array sent. The encoding code is the Go worker's package
// (contract/go/formats), so both sides write the same bytes.
package formats

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	wf "github.com/bancada-lab/bancada/contract/go/formats"

	"github.com/bancada-lab/bancada/drivers/native/internal/client"
	"github.com/bancada-lab/bancada/drivers/native/internal/frame"
	"github.com/bancada-lab/bancada/drivers/native/internal/job"
)

// Prepared is a serial treatment's format, payload seed and first data set
// (drawn from the seed itself, before any timing); each request draws its
// own data set with Caller.Draw.
type Prepared struct {
	Format string
	Seed   uint64
	Data   *wf.Data
}

// Prepare draws the treatment's array from SplitMix64(payload.seed)
// (wf.Generate: the seed's distributions).
func Prepare(t *job.Treatment) (*Prepared, error) {
	seed := uint64(1)
	if t.Payload.Seed != nil {
		seed = *t.Payload.Seed
	}
	d, err := wf.Generate(t.Payload.Kind, t.Payload.Count, seed)
	if err != nil {
		return nil, err
	}
	return &Prepared{Format: t.Payload.Format, Seed: seed, Data: d}, nil
}

// Caller sends one serial request per Call on a keep-alive connection
// (net/http). Encode before Call and Decode after it are timed separately;
// Split then holds the request's split. Used by one goroutine at a time.
type Caller struct {
	p      *Prepared
	data   *wf.Data // the data set of the next request (Draw), p.Data until the first Draw
	url    string
	ctype  string
	tr     *http.Transport
	client *http.Client
	body   []byte
	resp   bytes.Buffer
	split  frame.Split
}

// NewCaller returns a caller for the treatment's target.
func NewCaller(cfg client.Config, p *Prepared) *Caller {
	tr := client.NewTransport(1, cfg)
	return &Caller{p: p, data: p.Data, url: "http://" + cfg.Target + wf.PathPrefix + p.Data.Kind, ctype: wf.ContentType(p.Format),
		tr: tr, client: &http.Client{Transport: tr, Timeout: cfg.Timeout}}
}

// Encode serializes the array for the next Call and times it.
func (c *Caller) Encode() error {
	c.split = frame.Split{ServerDeserNs: -1, ServerSerNs: -1, ClientDeserNs: -1, ResponseBytes: -1}
	start := time.Now()
	b, err := wf.Encode(c.p.Format, c.data)
	c.split.ClientSerNs = int64(time.Since(start))
	if err != nil {
		return &client.Failure{Kind: "other", Text: "encoding the request: " + err.Error()}
	}
	c.body = b
	c.split.RequestBytes = int64(len(b))
	return nil
}

// Call implements client.Caller: it sends the encoded body and reads the whole answer.
func (c *Caller) Call() (int64, error) {
	req, err := http.NewRequest(http.MethodPost, c.url, bytes.NewReader(c.body))
	if err != nil {
		return -1, client.Classify(err)
	}
	req.Header.Set("Content-Type", c.ctype)
	resp, err := c.client.Do(req)
	if err != nil {
		return -1, client.Classify(err)
	}
	c.resp.Reset()
	_, rerr := c.resp.ReadFrom(resp.Body)
	resp.Body.Close()
	if rerr != nil {
		return -1, client.Classify(rerr)
	}
	st := resp.Header.Get("Server-Timing")
	app := client.ParseServerTiming([]byte(st))
	c.split.ServerDeserNs, c.split.ServerSerNs = metricNs(st, "deser"), metricNs(st, "ser")
	c.split.ResponseBytes = int64(c.resp.Len())
	if resp.StatusCode < 200 || resp.StatusCode >= 300 {
		text := c.resp.Bytes()
		return app, &client.Failure{Kind: fmt.Sprintf("http_%d", resp.StatusCode), Text: strings.TrimSpace(string(text[:min(len(text), 300)]))}
	}
	return app, nil
}

// Decode deserializes the answer, times it and checks it holds the array sent.
func (c *Caller) Decode() error {
	start := time.Now()
	d, err := wf.Decode(c.p.Format, c.data.Kind, c.resp.Bytes())
	c.split.ClientDeserNs = int64(time.Since(start))
	if err != nil {
		return &client.Failure{Kind: "other", Text: "decoding the answer: " + err.Error()}
	}
	if d.Len() != c.data.Len() {
		return &client.Failure{Kind: "other", Text: fmt.Sprintf("the answer holds %d elements, %d were sent", d.Len(), c.data.Len())}
	}
	return nil
}

// Split returns a copy of the last request's split.
func (c *Caller) Split() *frame.Split {
	s := c.split
	return &s
}

// Close closes the idle connection.
func (c *Caller) Close() { c.tr.CloseIdleConnections() }

// metricNs returns the dur of Server-Timing metric name in ns, or -1.
func metricNs(value, name string) int64 {
	for _, m := range strings.Split(value, ",") {
		parts := strings.Split(strings.TrimSpace(m), ";")
		if strings.TrimSpace(parts[0]) != name {
			continue
		}
		for _, p := range parts[1:] {
			if d, ok := strings.CutPrefix(strings.TrimSpace(p), "dur="); ok {
				ms, err := strconv.ParseFloat(d, 64)
				if err != nil || ms < 0 {
					return -1
				}
				return int64(ms*1e6 + 0.5)
			}
		}
	}
	return -1
}
