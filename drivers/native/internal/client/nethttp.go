package client

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
)

// NetHTTP uses net/http with a tuned Transport (keep-alive, MaxIdleConnsPerHost
// = concurrency). The request object and body reader are reused; net/http
// itself still allocates per call (headers, response).
type NetHTTP struct {
	cfg    Config
	client *http.Client
	tr     *http.Transport
	req    *http.Request
	body   []byte
	rd     *bytes.Reader
	sink   []byte
	check  answerCheck
}

// NewTransport returns a Transport for `conns` concurrent connections.
func NewTransport(conns int, cfg Config) *http.Transport {
	return &http.Transport{
		DialContext:         (&net.Dialer{Timeout: cfg.Timeout}).DialContext,
		MaxIdleConns:        conns,
		MaxIdleConnsPerHost: conns,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
		DisableKeepAlives:   cfg.NewConn,
		ForceAttemptHTTP2:   false,
	}
}

type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }

// NewNetHTTP prepares a reusable request on a shared Transport.
func NewNetHTTP(cfg Config, r *payload.Request, tr *http.Transport) (*NetHTTP, error) {
	req, err := http.NewRequest(r.HTTPMethod, "http://"+cfg.Target+r.HTTPPath, nil)
	if err != nil {
		return nil, err
	}
	c := &NetHTTP{cfg: cfg, tr: tr, client: &http.Client{Transport: tr, Timeout: cfg.Timeout}, req: req,
		body: r.HTTPBody, sink: make([]byte, 32<<10), check: newAnswerCheck(r.Answer, r.Rows)}
	for _, h := range r.HTTPHeaders {
		if strings.EqualFold(h.Name, "Host") {
			req.Host = h.Value
			continue
		}
		req.Header.Add(h.Name, h.Value)
	}
	if r.HTTPBody != nil {
		c.rd = bytes.NewReader(r.HTTPBody)
		req.ContentLength = int64(len(r.HTTPBody))
	}
	return c, nil
}

// SetRequest implements Retargetable.
func (c *NetHTTP) SetRequest(r *payload.Request) {
	if n, err := NewNetHTTP(c.cfg, r, c.tr); err == nil {
		c.req, c.body, c.rd, c.check = n.req, n.body, n.rd, n.check
	}
}

// Close closes idle connections of this caller's transport.
func (c *NetHTTP) Close() { c.tr.CloseIdleConnections() }

// Call implements Caller.
func (c *NetHTTP) Call() (int64, error) {
	if c.rd != nil {
		c.rd.Reset(c.body)
		c.req.Body = nopCloser{c.rd}
	}
	resp, err := c.client.Do(c.req)
	if err != nil {
		return -1, Classify(err)
	}
	st := int64(-1)
	if v := resp.Header.Get("Server-Timing"); v != "" {
		st = ParseServerTiming([]byte(v))
	}
	var errBody []byte
	if resp.StatusCode >= 300 {
		errBody, _ = io.ReadAll(io.LimitReader(resp.Body, 300))
	}
	c.check.reset()
	for {
		n, rerr := resp.Body.Read(c.sink)
		if resp.StatusCode < 300 {
			c.check.feed(c.sink[:n])
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			resp.Body.Close()
			return -1, Classify(rerr)
		}
	}
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode >= 300 {
		return st, httpFailure(resp.StatusCode, errBody)
	}
	if f := c.check.failure(); f != nil {
		return st, f
	}
	return st, nil
}
