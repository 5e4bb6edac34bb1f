//go:build linux

package client

import (
	"net"
	"os"
	"runtime"
	"syscall"
	"time"
	"unsafe"

	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
)

// EpollSupported reports whether the socket engines (SockHTTP, EpollLoop)
// exist on this platform.
const EpollSupported = true

const sockBufSize = 64 << 10

// rawRead and rawWrite are read(2) and write(2) without the scheduler's
// syscall bookkeeping: on EpollLoop's non-blocking sockets they never block.
// SockHTTP also uses them on its blocking socket: with the scheduler's
// syscall hooks, sysmon retakes the P during nearly every ~60 µs wait and the
// call returns through the slow path, which measured ~10 µs slower per
// request (1 CPU). The goroutine keeps its P while it waits;
// SO_RCVTIMEO/SO_SNDTIMEO bound the wait and a preemption signal interrupts
// it (EINTR: the caller yields).
func rawRead(fd int, p []byte) (int, syscall.Errno) {
	n, _, e := syscall.RawSyscall(syscall.SYS_READ, uintptr(fd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
	return int(n), e
}

func rawWrite(fd int, p []byte) (int, syscall.Errno) {
	n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, uintptr(fd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
	return int(n), e
}

func ioFailure(op string, e syscall.Errno) *Failure {
	if e == syscall.EAGAIN || e == syscall.ETIMEDOUT {
		return fail("timeout", op+": "+e.Error())
	}
	return Classify(os.NewSyscallError(op, e))
}

// ---------------------------------------------------------------------------
// SockHTTP: one blocking socket, for the sequential model.

// SockHTTP is the raw HTTP/1.1 client on a blocking socket: a call is one
// write(2) and (usually) one read(2), with no netpoller round trip (read
// EAGAIN, park, epoll_wait, read again). The connection is dialled with
// net.Dialer (same resolution and errors as RawHTTP), then its descriptor is
// taken over; SO_RCVTIMEO/SO_SNDTIMEO bound each call by cfg.Timeout instead
// of a deadline set per call.
type SockHTTP struct {
	cfg      Config
	req      []byte
	fd       int
	buf      []byte
	r, w     int
	p        respParser
	rcvTimeo time.Duration
}

// NewSockHTTP prepares the request bytes.
func NewSockHTTP(cfg Config, r *payload.Request) *SockHTTP {
	return &SockHTTP{cfg: cfg, req: buildRequest(cfg, r), fd: -1,
		p: respParser{errBody: make([]byte, 0, 512), check: newAnswerCheck(r.Answer, r.Rows)}}
}

// SetRequest implements Retargetable.
func (c *SockHTTP) SetRequest(r *payload.Request) {
	c.req, c.p.check = buildRequest(c.cfg, r), newAnswerCheck(r.Answer, r.Rows)
}

// Close closes the connection.
func (c *SockHTTP) Close() {
	if c.fd >= 0 {
		syscall.Close(c.fd)
		c.fd = -1
	}
	c.r, c.w = 0, 0
}

func setTimeo(fd, opt int, d time.Duration) error {
	if d <= 0 {
		d = time.Microsecond // 0 would mean "no timeout"
	}
	tv := syscall.NsecToTimeval(d.Nanoseconds())
	if tv.Sec == 0 && tv.Usec == 0 {
		tv.Usec = 1
	}
	return syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, opt, &tv)
}

// dialFD dials with net.Dialer and returns a blocking, close-on-exec copy of
// the socket; the net.Conn is closed.
func dialFD(cfg Config, deadline time.Time) (int, error) {
	d := net.Dialer{Deadline: deadline}
	conn, err := d.Dial("tcp", cfg.Target)
	if err != nil {
		return -1, err
	}
	defer conn.Close()
	tc := conn.(*net.TCPConn)
	tc.SetNoDelay(true)
	rc, err := tc.SyscallConn()
	if err != nil {
		return -1, err
	}
	fd := -1
	var derr error
	if err := rc.Control(func(s uintptr) {
		r, _, e := syscall.Syscall(syscall.SYS_FCNTL, s, syscall.F_DUPFD_CLOEXEC, 0)
		if e != 0 {
			derr = os.NewSyscallError("fcntl", e)
			return
		}
		fd = int(r)
	}); err != nil {
		return -1, err
	}
	if derr != nil {
		return -1, derr
	}
	// O_NONBLOCK belongs to the open file description, shared with conn's
	// descriptor: clearing it here is fine, conn is closed right after.
	if err := syscall.SetNonblock(fd, false); err != nil {
		syscall.Close(fd)
		return -1, err
	}
	return fd, nil
}

// Call implements Caller.
func (c *SockHTTP) Call() (int64, error) {
	deadline := time.Now().Add(c.cfg.Timeout)
	if c.fd < 0 {
		fd, err := dialFD(c.cfg, deadline)
		if err != nil {
			return -1, Classify(err)
		}
		c.fd, c.r, c.w = fd, 0, 0
		if c.buf == nil {
			c.buf = make([]byte, sockBufSize)
		}
		setTimeo(fd, syscall.SO_SNDTIMEO, c.cfg.Timeout)
		setTimeo(fd, syscall.SO_RCVTIMEO, c.cfg.Timeout)
		c.rcvTimeo = c.cfg.Timeout
	} else if c.rcvTimeo != c.cfg.Timeout {
		setTimeo(c.fd, syscall.SO_RCVTIMEO, c.cfg.Timeout)
		c.rcvTimeo = c.cfg.Timeout
	}
	st, err := c.roundTrip(deadline)
	if (err != nil && !isHTTPStatus(err)) || !c.p.keepAlive || c.cfg.NewConn || c.r != c.w {
		c.Close()
	}
	return st, err
}

func (c *SockHTTP) roundTrip(deadline time.Time) (int64, error) {
	for off := 0; off < len(c.req); {
		n, e := rawWrite(c.fd, c.req[off:])
		if e != 0 {
			if e == syscall.EINTR {
				runtime.Gosched()
				continue
			}
			return -1, ioFailure("write", e)
		}
		off += n
	}
	c.p.reset()
	c.r, c.w = 0, 0 // Call closes a connection that had bytes left over
	for {
		if c.w == len(c.buf) {
			if c.r == 0 {
				return -1, fail("other", "response line longer than 64 KiB")
			}
			c.w = copy(c.buf, c.buf[c.r:c.w])
			c.r = 0
		}
		n, e := rawRead(c.fd, c.buf[c.w:])
		if e != 0 {
			if e == syscall.EINTR {
				runtime.Gosched()
				if !time.Now().Before(deadline) {
					return -1, fail("timeout", "read: no response within the timeout")
				}
				continue
			}
			return -1, ioFailure("read", e)
		}
		if n == 0 {
			done, ferr := c.p.eof()
			if !done {
				return -1, ferr
			}
			c.p.keepAlive = false
			return c.p.result()
		}
		c.w += n
		k, done, perr := c.p.feed(c.buf[c.r:c.w])
		c.r += k
		if c.r == c.w {
			c.r, c.w = 0, 0
		}
		if perr != nil {
			return -1, perr
		}
		if done {
			return c.p.result()
		}
		// More to come: keep the whole call within the timeout (to 1%).
		left := time.Until(deadline)
		if left <= 0 {
			return -1, fail("timeout", "read: no whole response within the timeout")
		}
		if c.rcvTimeo > left+c.cfg.Timeout/100 {
			setTimeo(c.fd, syscall.SO_RCVTIMEO, left)
			c.rcvTimeo = left
		}
	}
}
