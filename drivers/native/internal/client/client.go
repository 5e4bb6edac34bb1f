// Package client sends one pre-serialized request per call over REST (a raw
// HTTP/1.1 client or net/http) or gRPC (a raw-bytes codec), and classifies
// failures into the error kinds of docs/driver-protocol.md.
package client

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
)

// Caller sends the same request on every Call. A Caller is used by one
// goroutine at a time.
type Caller interface {
	// Call sends the request and reads the full response. It returns the
	// server's Server-Timing app;dur in ns (-1 if absent) and, on failure, a
	// *Failure.
	Call() (serverNs int64, err error)
	Close()
}

// Retargetable is a Caller whose request can change between calls (the
// creates of the database methods send a new record each time); SetRequest
// is called between calls, outside the timed region.
type Retargetable interface {
	SetRequest(r *payload.Request)
}

// DeadlineCaller is a Caller that can bound one call by an absolute time
// (the vus model's graceful stop), besides its timeout; a zero time is no
// bound.
type DeadlineCaller interface {
	CallBy(by time.Time) (serverNs int64, err error)
}

// earlier returns the earlier of a and b (a zero b is no bound).
func earlier(a, b time.Time) time.Time {
	if !b.IsZero() && b.Before(a) {
		return b
	}
	return a
}

// Failure is a failed request; Error() starts with the kind prefix.
type Failure struct {
	Kind string // timeout, refused, reset, http_<status>, grpc_<CODE>, a protocol's answer kind, other
	Text string
	// answered: the error came inside a whole 2xx answer (protocol.Answer).
	answered bool
}

func (f *Failure) Error() string { return f.Kind + ": " + f.Text }

// Config is what every caller needs.
type Config struct {
	Target  string
	Timeout time.Duration
	NewConn bool // a new connection for every request (connection "new")
	// BusyPoll is how long EpollLoop polls without blocking before it
	// sleeps in epoll_wait (0: sleep at once). See EpollLoop.wait.
	BusyPoll time.Duration
}

func fail(kind, text string) *Failure {
	if len(text) > 300 {
		text = text[:300]
	}
	return &Failure{Kind: kind, Text: text}
}

// Classify maps a network error to a Failure.
func Classify(err error) *Failure {
	var f *Failure
	if errors.As(err, &f) {
		return f
	}
	var ne net.Error
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()):
		return fail("timeout", err.Error())
	case errors.Is(err, syscall.ECONNREFUSED):
		return fail("refused", err.Error())
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.ECONNABORTED):
		return fail("reset", err.Error())
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.ENFILE):
		return fail("other", "out of file descriptors: "+err.Error())
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "connection refused"):
		return fail("refused", msg)
	case strings.Contains(msg, "connection reset"), strings.Contains(msg, "broken pipe"),
		strings.Contains(msg, "EOF"):
		return fail("reset", msg)
	case strings.Contains(msg, "timeout"), strings.Contains(msg, "deadline exceeded"):
		return fail("timeout", msg)
	}
	return fail("other", msg)
}

// ParseServerTiming returns the app;dur of a Server-Timing value in ns, or -1.
// Accepts "app;dur=0.123" possibly among other metrics ("db;dur=1, app;dur=2").
func ParseServerTiming(v []byte) int64 {
	for len(v) > 0 {
		var m []byte
		if i := bytes.IndexByte(v, ','); i >= 0 {
			m, v = v[:i], v[i+1:]
		} else {
			m, v = v, nil
		}
		m = trimSpace(m)
		if len(m) < 3 || string(m[:3]) != "app" || (len(m) > 3 && m[3] != ';' && m[3] != ' ') {
			continue
		}
		for p := m[3:]; len(p) > 0; {
			var param []byte
			if i := bytes.IndexByte(p, ';'); i >= 0 {
				param, p = p[:i], p[i+1:]
			} else {
				param, p = p, nil
			}
			param = trimSpace(param)
			if len(param) > 4 && string(param[:4]) == "dur=" {
				ms, err := strconv.ParseFloat(string(param[4:]), 64)
				if err != nil || ms < 0 {
					return -1
				}
				return int64(ms*1e6 + 0.5)
			}
		}
		return -1
	}
	return -1
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r' || b[len(b)-1] == '\n') {
		b = b[:len(b)-1]
	}
	return b
}

// isHTTPStatus reports whether err is an answer the server gave (http_<status>,
// or a protocol's error inside a 2xx body): the whole response was read, so
// the connection stays usable.
func isHTTPStatus(err error) bool {
	f, ok := err.(*Failure)
	return ok && (strings.HasPrefix(f.Kind, "http_") || f.answered)
}

func httpFailure(status int, body []byte) *Failure {
	return fail(fmt.Sprintf("http_%d", status), strings.TrimSpace(string(body)))
}
