package service

import (
	"os"
	"runtime"
)

// Info describes what is answering, as the Info operation reports it.
type Info struct {
	Implementation string // e.g. "go-grpc"
	Language       string // "go"
	Runtime        string // runtime.Version(), e.g. "go1.26.8"
	Version        string // Version
	Protocol       string // "grpc" | "rest"
	PID            int64  // this process's id
}

// Implementation returns the implementation id for protocol, e.g. "go-rest".
func Implementation(protocol string) string {
	return Name + "-" + protocol
}

// InfoFor returns the Info of this process serving protocol.
func InfoFor(protocol string) Info {
	return Info{
		Implementation: Implementation(protocol),
		Language:       "go",
		Runtime:        runtime.Version(),
		Version:        Version,
		Protocol:       protocol,
		PID:            int64(os.Getpid()),
	}
}
