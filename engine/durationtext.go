package engine

import (
	"strings"
	"time"
)

// FormatDuration writes d as a scenario file, a flag and a fault spec take
// it back: Go's duration syntax without the zero units time.Duration's own
// String adds ("24h", "300h", "1m30s", "500ms", not "24h0m0s"), and
// microseconds as "us", which a keyboard types. Messages that name a limit
// or a value a learner may type again write durations with it, and a
// scenario file is written with it (scenariofile.Dump).
func FormatDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return strings.Replace(s, "µs", "us", 1)
}
