package client

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"strconv"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
)

// RawHTTP is a minimal HTTP/1.1 keep-alive client: the whole request (line,
// headers, body) is serialized once and written with one write per call; the
// response is parsed in place from a reused buffer (status line, headers,
// Content-Length or chunked body), so a call allocates nothing.
type RawHTTP struct {
	cfg     Config
	req     []byte
	conn    net.Conn
	br      *bufio.Reader
	errBody []byte
	check   answerCheck
}

// NewRawHTTP prepares the request bytes.
func NewRawHTTP(cfg Config, r *payload.Request) *RawHTTP {
	return &RawHTTP{cfg: cfg, req: buildRequest(cfg, r), errBody: make([]byte, 0, 512), check: newAnswerCheck(r.Answer, r.Rows)}
}

// buildRequest serializes the whole request (line, headers, body) once.
func buildRequest(cfg Config, r *payload.Request) []byte {
	var b bytes.Buffer
	b.WriteString(r.HTTPMethod + " " + r.HTTPPath + " HTTP/1.1\r\n")
	if !r.HasHeader("Host") {
		b.WriteString("Host: " + cfg.Target + "\r\n")
	}
	if !r.HasHeader("User-Agent") {
		b.WriteString("User-Agent: bancada-driver\r\n")
	}
	if cfg.NewConn {
		b.WriteString("Connection: close\r\n")
	}
	for _, h := range r.HTTPHeaders {
		b.WriteString(h.Name + ": " + h.Value + "\r\n")
	}
	if r.HTTPBody != nil {
		b.WriteString("Content-Length: " + strconv.Itoa(len(r.HTTPBody)) + "\r\n")
	}
	b.WriteString("\r\n")
	b.Write(r.HTTPBody)
	return b.Bytes()
}

// Close closes the connection.
func (c *RawHTTP) Close() {
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
}

// Call implements Caller.
func (c *RawHTTP) Call() (int64, error) { return c.CallBy(time.Time{}) }

// SetRequest implements Retargetable.
func (c *RawHTTP) SetRequest(r *payload.Request) {
	c.req, c.check = buildRequest(c.cfg, r), newAnswerCheck(r.Answer, r.Rows)
}

// CallBy implements DeadlineCaller.
func (c *RawHTTP) CallBy(by time.Time) (int64, error) {
	deadline := earlier(time.Now().Add(c.cfg.Timeout), by)
	if c.conn == nil {
		d := net.Dialer{Deadline: deadline}
		conn, err := d.Dial("tcp", c.cfg.Target)
		if err != nil {
			return -1, Classify(err)
		}
		if tc, ok := conn.(*net.TCPConn); ok {
			tc.SetNoDelay(true)
		}
		c.conn = conn
		if c.br == nil {
			c.br = bufio.NewReaderSize(conn, 64<<10)
		} else {
			c.br.Reset(conn)
		}
	}
	c.conn.SetDeadline(deadline)
	st, keep, err := c.roundTrip()
	if (err != nil && !isHTTPStatus(err)) || !keep || c.cfg.NewConn {
		c.Close()
	}
	return st, err
}

func (c *RawHTTP) roundTrip() (serverNs int64, keepAlive bool, err error) {
	if _, err := c.conn.Write(c.req); err != nil {
		return -1, false, Classify(err)
	}
	br := c.br
	line, err := br.ReadSlice('\n')
	if err != nil {
		return -1, false, Classify(err)
	}
	// "HTTP/1.1 200 OK"
	if len(line) < 12 || string(line[:5]) != "HTTP/" {
		return -1, false, fail("other", "malformed status line")
	}
	status := int(line[9]-'0')*100 + int(line[10]-'0')*10 + int(line[11]-'0')
	keepAlive = string(line[5:8]) == "1.1"
	serverNs = -1
	contentLength, chunked := int64(-1), false
	for {
		h, err := br.ReadSlice('\n')
		if err != nil {
			return -1, false, Classify(err)
		}
		h = trimSpace(h)
		if len(h) == 0 {
			break
		}
		colon := bytes.IndexByte(h, ':')
		if colon <= 0 {
			continue
		}
		name, val := h[:colon], trimSpace(h[colon+1:])
		switch {
		case equalFold(name, "content-length"):
			n, perr := strconv.ParseInt(string(val), 10, 64)
			if perr != nil || n < 0 {
				return -1, false, fail("other", "bad Content-Length")
			}
			contentLength = n
		case equalFold(name, "transfer-encoding"):
			chunked = bytes.Contains(bytes.ToLower(val), []byte("chunked"))
		case equalFold(name, "server-timing"):
			if st := ParseServerTiming(val); st >= 0 {
				serverNs = st
			}
		case equalFold(name, "connection"):
			if equalFold(val, "close") {
				keepAlive = false
			} else if equalFold(val, "keep-alive") {
				keepAlive = true
			}
		}
	}
	c.errBody = c.errBody[:0]
	c.check.reset()
	keepErr := status >= 400
	switch {
	case chunked:
		if err := c.readChunked(keepErr); err != nil {
			return -1, false, err
		}
	case contentLength >= 0:
		if err := c.readN(contentLength, keepErr); err != nil {
			return -1, false, err
		}
	default:
		// Body until close (HTTP/1.0 style): read to EOF.
		for {
			b, err := br.ReadSlice('\n')
			if keepErr && len(c.errBody) < 300 {
				c.errBody = append(c.errBody, b...)
			} else if status < 300 {
				c.check.feed(b)
			}
			if err == io.EOF {
				break // the body ends where the server closed
			}
			if err != nil && err != bufio.ErrBufferFull {
				return -1, false, Classify(err) // a reset or timeout is not the end of the body
			}
		}
		keepAlive = false
	}
	if status < 200 || status >= 300 {
		return serverNs, keepAlive, httpFailure(status, c.errBody)
	}
	if f := c.check.failure(); f != nil {
		return serverNs, keepAlive, f
	}
	return serverNs, keepAlive, nil
}

func (c *RawHTTP) readN(n int64, keep bool) error {
	for n > 0 {
		chunk := int64(c.br.Buffered())
		if chunk == 0 {
			if _, err := c.br.Peek(1); err != nil {
				return Classify(err)
			}
			continue
		}
		if chunk > n {
			chunk = n
		}
		if keep && len(c.errBody) < 300 {
			b, _ := c.br.Peek(int(chunk))
			c.errBody = append(c.errBody, b...)
		} else if !keep && c.check.active() {
			b, _ := c.br.Peek(int(chunk))
			c.check.feed(b)
		}
		c.br.Discard(int(chunk))
		n -= chunk
	}
	return nil
}

func (c *RawHTTP) readChunked(keep bool) error {
	for {
		line, err := c.br.ReadSlice('\n')
		if err != nil {
			return Classify(err)
		}
		line = trimSpace(line)
		if i := bytes.IndexByte(line, ';'); i >= 0 {
			line = line[:i]
		}
		size, perr := strconv.ParseInt(string(line), 16, 64)
		if perr != nil || size < 0 {
			return fail("other", "bad chunk size")
		}
		if size == 0 {
			// trailers until the empty line
			for {
				t, err := c.br.ReadSlice('\n')
				if err != nil {
					return Classify(err)
				}
				if len(trimSpace(t)) == 0 {
					return nil
				}
			}
		}
		if err := c.readN(size+2, keep); err != nil { // data + CRLF
			return err
		}
	}
}

func equalFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		x := b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		y := s[i]
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
