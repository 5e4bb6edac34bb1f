package client

import (
	"bytes"
	"strconv"
)

// respParser parses an HTTP/1.1 response incrementally, from whatever bytes
// have arrived so far, with the same rules as RawHTTP.roundTrip: status line,
// headers (Content-Length, Transfer-Encoding: chunked, Server-Timing,
// Connection), then a Content-Length, chunked or until-close body. Body bytes
// are consumed as they arrive (only the first 300 of an error body are kept),
// so a caller only ever buffers one incomplete line. The socket engines
// (SockHTTP, EpollLoop) use it.
type respParser struct {
	state     uint8
	status    int
	keepAlive bool
	serverNs  int64
	cl        int64
	chunked   bool
	remain    int64 // body or chunk bytes (chunk data + CRLF) still to consume
	errBody   []byte
	check     answerCheck // a protocol's error inside a 2xx body
}

const (
	psStatus = iota
	psHeader
	psBody    // Content-Length body
	psChunk   // chunk-size line
	psData    // chunk data + CRLF
	psTrailer // trailers after the last chunk
	psEOF     // body until the connection closes
	psDone
)

func (p *respParser) reset() {
	*p = respParser{errBody: p.errBody[:0], serverNs: -1, cl: -1, check: p.check}
	p.check.reset()
}

// feed consumes bytes from b. It returns how many it consumed and whether the
// response is complete; unconsumed bytes are an incomplete line (or the
// start of the next response) and must be offered again with more data.
func (p *respParser) feed(b []byte) (n int, done bool, err error) {
	for n < len(b) {
		switch p.state {
		case psStatus, psHeader, psChunk, psTrailer:
			i := bytes.IndexByte(b[n:], '\n')
			if i < 0 {
				return n, false, nil
			}
			line := b[n : n+i+1]
			n += i + 1
			if err := p.line(line); err != nil {
				return n, false, err
			}
			if p.state == psDone {
				return n, true, nil
			}
		case psBody, psData:
			k := int64(len(b) - n)
			if k > p.remain {
				k = p.remain
			}
			p.body(b[n : n+int(k)])
			n += int(k)
			p.remain -= k
			if p.remain == 0 {
				if p.state == psBody {
					p.state = psDone
					return n, true, nil
				}
				p.state = psChunk
			}
		case psEOF:
			p.body(b[n:])
			return len(b), false, nil
		}
	}
	return n, p.state == psDone, nil
}

func (p *respParser) body(b []byte) {
	if p.status >= 400 && len(p.errBody) < 300 {
		p.errBody = append(p.errBody, b...)
	} else if p.status < 300 {
		p.check.feed(b)
	}
}

func (p *respParser) line(line []byte) error {
	switch p.state {
	case psStatus:
		// "HTTP/1.1 200 OK"
		if len(line) < 12 || string(line[:5]) != "HTTP/" {
			return fail("other", "malformed status line")
		}
		p.status = int(line[9]-'0')*100 + int(line[10]-'0')*10 + int(line[11]-'0')
		p.keepAlive = string(line[5:8]) == "1.1"
		p.state = psHeader
	case psHeader:
		h := trimSpace(line)
		if len(h) == 0 {
			switch {
			case p.chunked:
				p.state = psChunk
			case p.cl > 0:
				p.state, p.remain = psBody, p.cl
			case p.cl == 0:
				p.state = psDone
			default:
				p.state, p.keepAlive = psEOF, false
			}
			return nil
		}
		colon := bytes.IndexByte(h, ':')
		if colon <= 0 {
			return nil
		}
		name, val := h[:colon], trimSpace(h[colon+1:])
		switch {
		case equalFold(name, "content-length"):
			n, perr := strconv.ParseInt(string(val), 10, 64)
			if perr != nil || n < 0 {
				return fail("other", "bad Content-Length")
			}
			p.cl = n
		case equalFold(name, "transfer-encoding"):
			p.chunked = bytes.Contains(bytes.ToLower(val), []byte("chunked"))
		case equalFold(name, "server-timing"):
			if st := ParseServerTiming(val); st >= 0 {
				p.serverNs = st
			}
		case equalFold(name, "connection"):
			if equalFold(val, "close") {
				p.keepAlive = false
			} else if equalFold(val, "keep-alive") {
				p.keepAlive = true
			}
		}
	case psChunk:
		l := trimSpace(line)
		if i := bytes.IndexByte(l, ';'); i >= 0 {
			l = l[:i]
		}
		size, perr := strconv.ParseInt(string(l), 16, 64)
		if perr != nil || size < 0 {
			return fail("other", "bad chunk size")
		}
		if size == 0 {
			p.state = psTrailer
		} else {
			p.state, p.remain = psData, size+2 // data + CRLF
		}
	case psTrailer:
		if len(trimSpace(line)) == 0 {
			p.state = psDone
		}
	}
	return nil
}

// eof is called when the peer closed the connection: a body that runs until
// close is then complete, anything else was cut short.
func (p *respParser) eof() (done bool, err error) {
	if p.state == psEOF {
		p.state = psDone
		return true, nil
	}
	return false, fail("reset", "connection closed before a whole response (EOF)")
}

// result is the outcome of a complete response.
func (p *respParser) result() (serverNs int64, err error) {
	if p.status < 200 || p.status >= 300 {
		return p.serverNs, httpFailure(p.status, p.errBody)
	}
	if f := p.check.failure(); f != nil {
		return p.serverNs, f
	}
	return p.serverNs, nil
}
