package config

import (
	"math"

	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
)

// MinSeconds is the shortest recording accepted: one millisecond, the resolution of the DTrace
// tick the dtrace-script command writes, and far below any useful recording.
const MinSeconds = 0.001

// CheckSeconds validates a recording duration. There is no "0 means forever" or "0 means the
// default": a client that wants to stop a recording itself sends stop (or closes stdin) and passes
// the longest duration it accepts, so 0, negative and non-finite values can only be mistakes and
// are refused with a usage error instead of silently recording nothing or for 10 s.
func (c *Config) CheckSeconds(s float64) error {
	if math.IsNaN(s) || math.IsInf(s, 0) || s < MinSeconds {
		return perr.New(perr.BadRequest, "seconds must be a number from %g to %d (max_seconds), not %v", MinSeconds, c.MaxSeconds, s)
	}
	if s > float64(c.MaxSeconds) {
		return perr.New(perr.LimitExceeded, "seconds %v is more than max_seconds %d", s, c.MaxSeconds)
	}
	return nil
}
