package service

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ServerTiming formats a server processing time as the W3C Server-Timing
// value "app;dur=<milliseconds with 6 decimals>", e.g. "app;dur=0.123456".
func ServerTiming(d time.Duration) string {
	ms := float64(d.Nanoseconds()) / 1e6
	return "app;dur=" + strconv.FormatFloat(ms, 'f', 6, 64)
}

// ErrForcedStop is returned by a server's stop function when the grace
// period ran out and open connections were closed.
var ErrForcedStop = errors.New("grace period expired: connections closed")

// ParseServerTiming returns the duration of the "app" metric of a
// Server-Timing value such as "app;dur=0.123456" (milliseconds).
func ParseServerTiming(value string) (time.Duration, error) {
	for _, metric := range strings.Split(value, ",") {
		parts := strings.Split(strings.TrimSpace(metric), ";")
		if strings.TrimSpace(parts[0]) != "app" {
			continue
		}
		for _, p := range parts[1:] {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if !ok || k != "dur" {
				continue
			}
			ms, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return 0, fmt.Errorf("server-timing %q: %w", value, err)
			}
			return time.Duration(ms * 1e6), nil
		}
	}
	return 0, fmt.Errorf("server-timing %q has no app;dur", value)
}
