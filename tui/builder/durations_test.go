package builder

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The parts list writes a duration as the knob form and a fault spec take
// it back ("1m", "1m30s"), never Go's "1m0s".
func TestPartsListWritesDurationsAsTyped(t *testing.T) {
	for _, c := range []struct {
		latency engine.Latency
		want    string
	}{
		{engine.Latency{Kind: engine.LogNormal, P50: 20 * time.Millisecond, P99: time.Minute}, "p50 20ms p99 1m"},
		{engine.Latency{Kind: engine.Exponential, Mean: 2 * time.Minute}, "mean 2m"},
		{engine.Latency{Kind: engine.Constant, Value: time.Hour}, "1h"},
	} {
		if got := latencyWords(c.latency); got != c.want {
			t.Errorf("latencyWords(%+v) = %q, want %q", c.latency, got, c.want)
		}
	}

	m := tuitest.Press(newBuilder(200, 50), "enter", "d")
	m = tuitest.Press(selectPart(t, m, "db"), "i", "ctrl+u", "10s slow 1m30s for 50s", "enter")
	if m.msgErr {
		t.Fatalf("the fault was refused: %s", m.msg)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "db · p50 20ms p99 100ms · ⚠ slow 1m30s 10s–1m") || strings.Contains(v, "1m0s") {
		t.Errorf("db's line should write its fault's minute as 1m:\n%s", v)
	}
}
