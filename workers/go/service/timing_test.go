package service

import (
	"testing"
	"time"
)

func TestServerTimingRoundTrip(t *testing.T) {
	d := 1234567 * time.Nanosecond
	s := ServerTiming(d)
	if s != "app;dur=1.234567" {
		t.Fatalf("got %q", s)
	}
	got, err := ParseServerTiming("db;dur=3, " + s)
	if err != nil || got != d {
		t.Fatalf("parse %q: got %v, %v", s, got, err)
	}
	if _, err := ParseServerTiming("db;dur=3"); err == nil {
		t.Fatal("no app metric should be an error")
	}
}
