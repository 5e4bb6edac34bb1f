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

// epollWait is epoll_pwait(2) as a raw syscall, as rawRead and rawWrite are
// (sock_linux.go), for the same reason and measured so; the wait is bounded
// by the next request deadline, and a preemption signal ends it with EINTR,
// on which the loop yields.
func epollWait(epfd int, ev []syscall.EpollEvent, msec int) (int, error) {
	r, _, e := syscall.RawSyscall6(syscall.SYS_EPOLL_PWAIT, uintptr(epfd), uintptr(unsafe.Pointer(&ev[0])), uintptr(len(ev)), uintptr(msec), 0, 0)
	if e != 0 {
		return 0, e
	}
	return int(r), nil
}

// EpollLoop is an event-loop HTTP/1.1 client in the manner of wrk: one
// goroutine owns n non-blocking keep-alive connections and an epoll set;
// when a response is complete it records it and writes the next pre-built
// request on the same connection at once. Per request that is one write(2),
// one read(2) and a share of one epoll_wait(2). Timeouts are checked in the
// loop (the earliest deadline bounds epoll_wait), not set per call.
type EpollLoop struct {
	cfg     Config
	req     []byte
	epfd    int
	sa      syscall.Sockaddr
	family  int
	addr    string
	addrErr error
	conns   []*evConn
	events  []syscall.EpollEvent
	// yield: the busy poll lets other goroutines run between polls (only
	// with one P: with more, the sink writer has a P of its own, and a
	// Gosched per poll makes the scheduler wake an idle thread on the other
	// CPU, which finds nothing to do: 9 % of the driver's CPU per request
	// at c = 64 measured with tests/bench/user_path_parts.py's job)
	yield bool

	// per Run: times are durations since base (see now)
	base      time.Time
	claim     func(now time.Duration) (int64, bool)
	done      func(seq int64, start, lat time.Duration, serverNs int64, err error)
	inflight  int
	nextCheck time.Duration
}

type evConn struct {
	idx      int32
	fd       int
	state    uint8
	interest uint32
	woff     int
	buf      []byte
	r, w     int
	p        respParser
	seq      int64
	start    time.Duration // since the loop's base
	deadline time.Duration
}

const (
	evIdle = iota
	evConnecting
	evWriting
	evReading
)

// NewEpollLoop prepares n connections (dialled lazily, inside the first
// request's time, as RawHTTP does).
func NewEpollLoop(cfg Config, r *payload.Request, n int) (*EpollLoop, error) {
	epfd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return nil, Classify(os.NewSyscallError("epoll_create1", err))
	}
	l := &EpollLoop{cfg: cfg, req: buildRequest(cfg, r), epfd: epfd, events: make([]syscall.EpollEvent, n),
		yield: runtime.GOMAXPROCS(0) == 1}
	if ta, err := net.ResolveTCPAddr("tcp", cfg.Target); err != nil {
		l.addrErr = err
	} else if ip4 := ta.IP.To4(); ip4 != nil {
		sa := &syscall.SockaddrInet4{Port: ta.Port}
		copy(sa.Addr[:], ip4)
		l.sa, l.family, l.addr = sa, syscall.AF_INET, ta.String()
	} else {
		sa := &syscall.SockaddrInet6{Port: ta.Port}
		copy(sa.Addr[:], ta.IP.To16())
		if ta.Zone != "" {
			if ifi, err := net.InterfaceByName(ta.Zone); err == nil {
				sa.ZoneId = uint32(ifi.Index)
			}
		}
		l.sa, l.family, l.addr = sa, syscall.AF_INET6, ta.String()
	}
	for i := 0; i < n; i++ {
		l.conns = append(l.conns, &evConn{idx: int32(i), fd: -1, buf: make([]byte, sockBufSize),
			p: respParser{errBody: make([]byte, 0, 512), check: newAnswerCheck(r.Answer, r.Rows)}})
	}
	return l, nil
}

// Close closes every connection and the epoll set.
func (l *EpollLoop) Close() {
	for _, c := range l.conns {
		l.closeConn(c)
	}
	if l.epfd >= 0 {
		syscall.Close(l.epfd)
		l.epfd = -1
	}
}

// Run keeps every connection busy: a free connection calls claim, which
// returns the request's sequence number or false when no request is left
// (count reached, duration over, stop); done receives each request's
// outcome (start is when its first byte was sent, or its connect began).
// Every time given to claim and done is a duration since base, which must
// carry a monotonic reading (a time.Now result). Run returns when every
// connection is idle. Connections stay open for the next Run.
func (l *EpollLoop) Run(base time.Time, claim func(now time.Duration) (int64, bool),
	done func(seq int64, start, lat time.Duration, serverNs int64, err error)) {
	l.base, l.claim, l.done = base, claim, done
	defer func() { l.claim, l.done = nil, nil }()
	l.inflight = 0
	now := l.now()
	l.nextCheck = now + time.Hour
	for _, c := range l.conns {
		l.next(c, now)
	}
	for l.inflight > 0 {
		msec := 0
		if wait := l.nextCheck - now; wait > 0 {
			msec = int((wait + time.Millisecond - 1) / time.Millisecond)
		}
		n, err := l.wait(msec)
		if err == syscall.EINTR {
			runtime.Gosched() // a preemption request: let the sink writer and the GC run
		} else if err != nil {
			// Cannot happen with a valid epoll set; fail what is in flight.
			for _, c := range l.conns {
				if c.state != evIdle {
					l.fail(c, Classify(os.NewSyscallError("epoll_wait", err)))
				}
			}
			continue
		}
		for i := 0; i < n; i++ {
			ev := &l.events[i]
			l.handle(l.conns[ev.Fd], ev.Events)
		}
		now = l.now()
		if now >= l.nextCheck {
			l.expire(now)
		}
	}
}

// now is the time since base from the monotonic clock alone: time.Now
// reads the wall clock too (two clock_gettime calls on linux/amd64, and
// Time arithmetic after them): 9 % of the driver's CPU at c = 64 with about
// five readings per request.
func (l *EpollLoop) now() time.Duration { return time.Since(l.base) }

// wait returns the ready events, blocking up to msec. With cfg.BusyPoll > 0
// it first polls without blocking for up to that long (yielding to the other
// goroutines between polls when they have no other P: see yield), and only
// then sleeps. A loop
// that sleeps whenever nothing is ready makes the server wake it through the
// kernel for most responses; those wake-ups are paid on the server's core
// (measured on loopback with the Go worker at c = 16: 0.26 client context
// switches per request and 84-88 % of wrk's requests/s without polling, 0.01
// and 100-108 % with 20 µs). Linux's own busy polling (SO_BUSY_POLL,
// net.core.busy_poll, also in µs) is the same idea inside the kernel.
func (l *EpollLoop) wait(msec int) (int, error) {
	if l.cfg.BusyPoll <= 0 || msec == 0 {
		return epollWait(l.epfd, l.events, msec)
	}
	end := time.Duration(-1)
	for {
		n, err := epollWait(l.epfd, l.events, 0)
		if n != 0 || err != nil {
			return n, err
		}
		now := l.now()
		if end < 0 {
			end = now + l.cfg.BusyPoll
		} else if now >= end {
			return epollWait(l.epfd, l.events, msec)
		}
		if l.yield {
			runtime.Gosched()
		}
	}
}

func (l *EpollLoop) setInterest(c *evConn, ev uint32) {
	if c.interest == ev {
		return
	}
	e := syscall.EpollEvent{Events: ev, Fd: c.idx}
	op := syscall.EPOLL_CTL_MOD
	if c.interest == 0 {
		op = syscall.EPOLL_CTL_ADD
	}
	if err := syscall.EpollCtl(l.epfd, op, c.fd, &e); err == nil {
		c.interest = ev
	}
}

func (l *EpollLoop) closeConn(c *evConn) {
	if c.fd >= 0 {
		syscall.Close(c.fd) // also leaves the epoll set
		c.fd = -1
	}
	c.interest, c.r, c.w = 0, 0, 0
}

// next claims and starts requests on c until one is under way or none is
// left; requests that fail at once (refused connect, broken pipe) are
// recorded here.
func (l *EpollLoop) next(c *evConn, now time.Duration) {
	for {
		seq, ok := l.claim(now)
		if !ok {
			c.state = evIdle
			return
		}
		c.seq = seq
		c.start = l.now()
		c.deadline = c.start + l.cfg.Timeout
		if c.deadline < l.nextCheck {
			l.nextCheck = c.deadline
		}
		l.inflight++
		c.p.reset()
		c.woff = 0
		err := l.begin(c)
		if err == nil {
			return
		}
		l.closeConn(c)
		l.inflight--
		now = l.now()
		l.done(seq, c.start, now-c.start, -1, err)
	}
}

func (l *EpollLoop) begin(c *evConn) error {
	if c.fd >= 0 && c.r != c.w {
		l.closeConn(c) // the server sent bytes nobody asked for
	}
	if c.fd < 0 {
		if l.addrErr != nil {
			return Classify(l.addrErr)
		}
		fd, err := syscall.Socket(l.family, syscall.SOCK_STREAM|syscall.SOCK_NONBLOCK|syscall.SOCK_CLOEXEC, 0)
		if err != nil {
			return Classify(os.NewSyscallError("socket", err))
		}
		c.fd, c.r, c.w = fd, 0, 0
		syscall.SetsockoptInt(fd, syscall.IPPROTO_TCP, syscall.TCP_NODELAY, 1)
		switch err := syscall.Connect(fd, l.sa); err {
		case nil:
		case syscall.EINPROGRESS:
			c.state = evConnecting
			l.setInterest(c, syscall.EPOLLOUT)
			return nil
		default:
			return l.dialErr(err)
		}
	}
	c.state = evWriting
	return l.write(c)
}

func (l *EpollLoop) dialErr(err error) *Failure {
	return Classify(&net.OpError{Op: "dial", Net: "tcp", Addr: dialAddr(l.addr), Err: os.NewSyscallError("connect", err)})
}

type dialAddr string

func (a dialAddr) Network() string { return "tcp" }
func (a dialAddr) String() string  { return string(a) }

// write sends the rest of the request; when the socket is full it waits for
// EPOLLOUT. A nil error means sent or pending.
func (l *EpollLoop) write(c *evConn) error {
	for c.woff < len(l.req) {
		n, e := rawWrite(c.fd, l.req[c.woff:])
		switch e {
		case 0:
			c.woff += n
		case syscall.EINTR:
		case syscall.EAGAIN:
			l.setInterest(c, syscall.EPOLLOUT)
			return nil
		default:
			return ioFailure("write", e)
		}
	}
	c.state = evReading
	l.setInterest(c, syscall.EPOLLIN|syscall.EPOLLRDHUP)
	return nil
}

func (l *EpollLoop) handle(c *evConn, events uint32) {
	switch c.state {
	case evConnecting:
		errno, err := syscall.GetsockoptInt(c.fd, syscall.SOL_SOCKET, syscall.SO_ERROR)
		if err == nil && errno != 0 {
			err = syscall.Errno(errno)
		}
		if err != nil {
			l.fail(c, l.dialErr(err))
			return
		}
		c.state = evWriting
		if err := l.write(c); err != nil {
			l.fail(c, err)
		}
	case evWriting:
		if err := l.write(c); err != nil {
			l.fail(c, err)
		}
	case evReading:
		l.read(c)
	default:
		// Nothing in flight: the server closed the connection (or sent
		// bytes nobody asked for). Close it; the next request redials.
		l.closeConn(c)
	}
}

func (l *EpollLoop) read(c *evConn) {
	if c.w == len(c.buf) {
		if c.r == 0 {
			l.fail(c, fail("other", "response line longer than 64 KiB"))
			return
		}
		c.w = copy(c.buf, c.buf[c.r:c.w])
		c.r = 0
	}
	n, e := rawRead(c.fd, c.buf[c.w:])
	switch {
	case e == syscall.EAGAIN || e == syscall.EINTR:
		return
	case e != 0:
		l.fail(c, ioFailure("read", e))
		return
	case n == 0:
		done, err := c.p.eof()
		if !done {
			l.fail(c, err)
			return
		}
		c.p.keepAlive = false
		l.complete(c)
		return
	}
	c.w += n
	k, done, err := c.p.feed(c.buf[c.r:c.w])
	c.r += k
	if c.r == c.w {
		c.r, c.w = 0, 0
	}
	if err != nil {
		l.fail(c, err)
	} else if done {
		l.complete(c)
	}
}

// complete records a whole response and starts the next request on c.
func (l *EpollLoop) complete(c *evConn) {
	end := l.now()
	st, err := c.p.result()
	seq, start := c.seq, c.start
	l.inflight--
	if !c.p.keepAlive || l.cfg.NewConn {
		l.closeConn(c)
	}
	l.next(c, end) // send the next request before recording this one
	l.done(seq, start, end-start, st, err)
}

// fail records a failed request, closes the connection and starts the next
// request on c (which redials).
func (l *EpollLoop) fail(c *evConn, err error) {
	end := l.now()
	seq, start := c.seq, c.start
	l.closeConn(c)
	l.inflight--
	l.next(c, end)
	l.done(seq, start, end-start, -1, err)
}

// expire fails the requests past their deadline and finds the next deadline.
func (l *EpollLoop) expire(now time.Duration) {
	l.nextCheck = now + time.Hour
	for _, c := range l.conns {
		if c.state == evIdle {
			continue
		}
		if now >= c.deadline {
			l.fail(c, fail("timeout", "no whole response within "+l.cfg.Timeout.String()))
			continue // fail started the next request and lowered nextCheck
		}
		if c.deadline < l.nextCheck {
			l.nextCheck = c.deadline
		}
	}
}
