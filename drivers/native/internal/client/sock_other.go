//go:build !linux

package client

import (
	"errors"
	"time"

	"github.com/bancada-lab/bancada/drivers/native/internal/payload"
)

// EpollSupported reports whether the socket engines (SockHTTP, EpollLoop)
// exist on this platform; elsewhere load.rest_client "epoll" uses RawHTTP.
const EpollSupported = false

// SockHTTP is Linux-only.
type SockHTTP struct{ RawHTTP }

// NewSockHTTP returns RawHTTP outside Linux.
func NewSockHTTP(cfg Config, r *payload.Request) *SockHTTP { return &SockHTTP{*NewRawHTTP(cfg, r)} }

// EpollLoop is Linux-only.
type EpollLoop struct{}

// NewEpollLoop fails outside Linux.
func NewEpollLoop(cfg Config, r *payload.Request, n int) (*EpollLoop, error) {
	return nil, errors.New("the epoll engine needs Linux")
}

// Close does nothing.
func (l *EpollLoop) Close() {}

// Run does nothing.
func (l *EpollLoop) Run(claim func(now time.Time) (int64, bool),
	done func(seq int64, start time.Time, lat time.Duration, serverNs int64, err error)) {
}
