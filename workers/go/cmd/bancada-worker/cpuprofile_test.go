package main

import (
	"bytes"
	"io"
	"log"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Two SIGUSR2 write cpu-1.pb.gz (gzipped pprof) under BANCADA_CPU_PROFILE_DIR, whole and renamed.
func TestSIGUSR2TogglesTheCPUProfile(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("BANCADA_CPU_PROFILE_DIR", dir)
	watchCPUProfile(log.New(io.Discard, "", 0))
	if err := syscall.Kill(os.Getpid(), syscall.SIGUSR2); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(dir, "cpu-1.pb.gz.tmp")
	waitFor(t, func() bool { _, err := os.Stat(tmp); return err == nil })
	spin := time.Now().Add(200 * time.Millisecond)
	for time.Now().Before(spin) { // some CPU to sample
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGUSR2); err != nil {
		t.Fatal(err)
	}
	final := filepath.Join(dir, "cpu-1.pb.gz")
	waitFor(t, func() bool { _, err := os.Stat(final); return err == nil })
	data, err := os.ReadFile(final)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		t.Fatalf("cpu-1.pb.gz is not gzipped pprof: % x", data[:min(8, len(data))])
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Fatalf("the .tmp file is left: %v", err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	end := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(end) {
			t.Fatal("timed out")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
