// Package service holds what the servers of the Go worker (package servers
// lists them) share: the worker's configuration and identity, and the
// protocol-free rules of proto/bancada/v1/bench.proto (Select, Echo, the six
// methods of seed 002, the checks and operations of the database methods).
package service

import "time"

// Version is the worker's own version, reported by Info and --version.
const Version = "0.1.0"

// Name is the worker's manifest name; an implementation id is Name + "-" + protocol.
const Name = "go"

// DefaultMaxMessageBytes is the default request (and gRPC response) size limit: 128 MiB.
const DefaultMaxMessageBytes = 128 << 20

// Config is what a server needs besides its listener.
type Config struct {
	// Delay is a fixed pause added inside each Ping, Select and Echo handler
	// (inside the measured server time); 0 means none.
	Delay time.Duration
	// MaxMessageBytes limits a request body (REST) or message (gRPC, both
	// directions), in bytes; 0 means DefaultMaxMessageBytes.
	MaxMessageBytes int
	// Records is the database of the four database methods (package
	// petstore); nil when the worker was started without one, and then
	// those methods answer ErrNoDatabase.
	Records Records
}

// MessageLimit returns MaxMessageBytes, or DefaultMaxMessageBytes when it is 0.
func (c Config) MessageLimit() int {
	if c.MaxMessageBytes <= 0 {
		return DefaultMaxMessageBytes
	}
	return c.MaxMessageBytes
}

// Pause sleeps for the configured Delay, if any.
func (c Config) Pause() {
	if c.Delay > 0 {
		time.Sleep(c.Delay)
	}
}
