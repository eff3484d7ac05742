package serve

import (
	"testing"
	"time"
)

// BenchmarkFiftyFollowers is the classroom's load: 50 students following a
// teacher who plays the sandbox at 30 fps, all over SSH on loopback in this
// process. Run it once: go test ./tui/serve/ -run '^$' -bench Fifty -benchtime 1x
// The target: under one core in all, under 20 MB a session.
func BenchmarkFiftyFollowers(b *testing.B) { benchClass(b, true) }

// BenchmarkFiftyPlaying is 50 students each playing a sandbox of their own.
func BenchmarkFiftyPlaying(b *testing.B) { benchClass(b, false) }

func benchClass(b *testing.B, follow bool) {
	for range b.N {
		r, err := Bench(50, 5*time.Second, follow, testHome)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(r.Cores(), "cores")
		b.ReportMetric(float64(r.HeapPerSession)/(1<<20), "MB/session")
		b.ReportMetric(r.BytesPerSecond/1024, "KB/s/student")
		b.Log("\n" + r.String())
	}
}
