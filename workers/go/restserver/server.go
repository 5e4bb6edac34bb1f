// Package restserver serves the Bancada Bench contract as REST/JSON over
// HTTP/1.1 keep-alive (net/http, encoding/json), following the mapping in
// proto/bancada/v1/bench.proto.
package restserver

import (
	"context"
	"errors"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/bancada-lab/bancada/workers/go/service"
)

// NewServer returns an http.Server serving h; protocol names it in the error log.
func NewServer(h http.Handler, protocol string) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 30 * time.Second,
		ErrorLog:          log.New(os.Stderr, "bancada-worker "+protocol+": ", log.LstdFlags),
	}
}

// Start serves on lis until stop is called. stop(grace) shuts down
// gracefully (http.Server.Shutdown), closes the remaining connections after
// grace and then returns service.ErrForcedStop. serveErr receives the serving
// error (nil after stop) and is then closed.
func Start(lis net.Listener, cfg service.Config) (stop func(grace time.Duration) error, serveErr <-chan error) {
	return StartHandler(lis, NewHandler(cfg), "rest")
}

// StartHandler serves h on lis (HTTP/1.1 keep-alive) with the stop and
// serveErr of Start; the other servers over HTTP use it too.
func StartHandler(lis net.Listener, h http.Handler, protocol string) (stop func(grace time.Duration) error, serveErr <-chan error) {
	srv := NewServer(h, protocol)
	errc := make(chan error, 1)
	go func() {
		err := srv.Serve(lis)
		if errors.Is(err, http.ErrServerClosed) {
			err = nil
		}
		errc <- err
		close(errc)
	}()
	stop = func(grace time.Duration) error {
		ctx, cancel := context.WithTimeout(context.Background(), grace)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			srv.Close()
			return service.ErrForcedStop
		}
		return nil
	}
	return stop, errc
}
