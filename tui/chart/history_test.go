package chart_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

func TestHistoryGolden(t *testing.T) {
	for _, c := range []struct {
		name    string
		variant int
		at      float64
		w, h    int
	}{
		{"breaker-timeline", 0, 120, 44, 14}, {"breaker-timeline", 0, 120, 110, 22},
		{"cascade", 2, 30, 66, 16}, {"checkout", 3, 6, 88, 20},
	} {
		h := chart.NewHistory(tuitest.Plain())
		h.SetData(tuitest.At(t, c.name, c.variant, c.at))
		h.SetSize(c.w, c.h)
		v := h.View()
		tuitest.CheckBlock(t, v, c.w, c.h)
		golden.Check(t, fmt.Sprintf("history-%s-%dx%d", c.name, c.w, c.h), v)
	}
}

// The band reads the engine's state samples: in breaker-timeline the
// breaker is closed until 24 s, open (with a probe every 15 s) until the
// fault ends at 80 s, and closed after its last trials pass; the rate plot
// reaches the 50 % line when it opens.
func TestHistoryBandFollowsTheTransitions(t *testing.T) {
	d := tuitest.At(t, "breaker-timeline", 0, 120)
	h := chart.NewHistory(tuitest.Plain())
	h.SetData(d)
	h.SetSize(2+5+1+120, 20) // one column per second
	lines := strings.Split(ansi.Strip(h.View()), "\n")
	var band string
	for _, l := range lines {
		if strings.HasPrefix(l, "│state│") {
			band = strings.TrimSuffix(strings.TrimPrefix(l, "│state│"), "│")
		}
	}
	r := []rune(band)
	if len(r) != 120 {
		t.Fatalf("the band is %d columns, want 120:\n%s", len(r), strings.Join(lines, "\n"))
	}
	// Each column's state, from the transitions the engine logged.
	for _, tr := range d.Snap.Transitions {
		c := int(tr.At.Seconds())
		switch tr.To {
		case breaker.HalfOpen:
			if r[c] != '▄' {
				t.Errorf("at %v the band shows %q, want the probe ▄", tr.At, r[c])
			}
		case breaker.Open:
			if tr.From == breaker.Closed && r[c] != '█' {
				t.Errorf("at %v the band shows %q, want open █", tr.At, r[c])
			}
		}
	}
	if r[10] != '▁' || r[119] != '▁' {
		t.Errorf("closed at 10 s and at the end: %q, %q", r[10], r[119])
	}
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "50%┤") }) {
		t.Error("the threshold's row should be labelled 50%")
	}
}

// The rows a plot can use are the steps its window's values take.
func TestHistoryRows(t *testing.T) {
	for _, c := range []struct {
		cfg  breaker.Config
		want int
	}{
		{breaker.Config{WindowSize: 10, FailureRate: 0.5}, 11},
		{breaker.Config{WindowSize: 4, FailureRate: 0.5}, 5},
		{breaker.Config{WindowSize: 100, FailureRate: 0.5}, 11},
		{breaker.Config{MaxConsecutiveFailures: 4}, 6},
	} {
		if got := chart.HistoryRows(c.cfg); got != c.want {
			t.Errorf("HistoryRows(%+v) = %d, want %d", c.cfg, got, c.want)
		}
	}
}

func TestLatencyGolden(t *testing.T) {
	for _, c := range []struct {
		name    string
		variant int
		at      float64
		w, h    int
	}{{"cascade", 0, 30, 90, 18}, {"cascade", 2, 30, 44, 12}, {"checkout", 0, 6, 88, 16}} {
		l := chart.NewLatency(tuitest.Plain())
		l.SetData(tuitest.At(t, c.name, c.variant, c.at))
		l.SetSize(c.w, c.h)
		v := l.View()
		tuitest.CheckBlock(t, v, c.w, c.h)
		golden.Check(t, fmt.Sprintf("latency-%s-%d-%dx%d", c.name, c.variant+1, c.w, c.h), v)
	}
}

// The chart's p99 in a column is the nearest-rank p99 of the answers the
// engine decided in it: in the shared pool, the recommendations' p99
// reaches the 5 s timeout once the dependency hangs, and stays under
// 100 ms before.
func TestLatencyFollowsTheEngine(t *testing.T) {
	d := tuitest.At(t, "cascade", 0, 30)
	l := chart.NewLatency(tuitest.Plain())
	l.SetData(d)
	l.SetSize(2+6+1+30, 20) // one column per second
	v := ansi.Strip(l.View())
	lines := strings.Split(v, "\n")
	find := func(col int, r rune) int {
		for y, line := range lines {
			if rs := []rune(line); 8+col < len(rs) && rs[8+col] == r {
				return y
			}
		}
		return -1
	}
	label := func(y int) string { return strings.Trim(string([]rune(lines[y])[1:7]), " ") }
	if y := find(5, 'R'); y < 0 || !strings.Contains(label(y), "ms") {
		t.Errorf("before the hang the recommendations' p99 should sit in the milliseconds:\n%s", v)
	}
	if y := find(20, 'R'); y < 0 || find(20, 'R') > find(5, 'R') {
		t.Errorf("in the hang the recommendations' p99 should rise:\n%s", v)
	}
	if !strings.Contains(v, "log scale") || !strings.Contains(v, "capitals p99") {
		t.Errorf("the chart should say its scale and its letters:\n%s", v)
	}
}

// Stepping back in the same run (the same Gen) shows what a fresh chart
// shows there: the cache of finished columns never outlives their data.
func TestLatencyAfterRewindIsFresh(t *testing.T) {
	late, early := tuitest.At(t, "cascade", 0, 30), tuitest.At(t, "cascade", 0, 17.1)
	l := chart.NewLatency(tuitest.Plain())
	l.SetSize(60, 16)
	l.SetData(late)
	_ = l.View()
	l.SetData(early)
	fresh := chart.NewLatency(tuitest.Plain())
	fresh.SetSize(60, 16)
	fresh.SetData(early)
	if got, want := l.View(), fresh.View(); got != want {
		t.Errorf("after a rewind:\n%s\nfresh:\n%s", got, want)
	}
}

// Every label on the history's y axis is one the chart means to write: at
// every height a plot can get, a label that shares a row with another
// replaces it rather than being written over it (api-gateway's plots, two
// rows tall, read "150%": 50 % written over 100 %). A row whose axis has
// the threshold's tick carries the threshold's label.
func TestHistoryAxisLabelsNeverOverlap(t *testing.T) {
	gobreaker := func() pane.Data {
		sc := tuitest.Scenario(t, "breaker-timeline")
		c := breaker.Gobreaker()
		for i := range sc.Variants[0].System.Dependencies {
			sc.Variants[0].System.Dependencies[i].Policy.Breaker = &c
		}
		r, err := engine.New(sc, 0, tuitest.Seed)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(60 * time.Second)
		s := r.Snapshot()
		return pane.Data{Snap: &s, Gen: 1, Faults: pane.FaultSpans(sc, 0)}
	}
	for _, c := range []struct {
		what string
		data pane.Data
	}{
		{"api-gateway", tuitest.At(t, "api-gateway", 0, 30)},
		{"api-gateway shared", tuitest.At(t, "api-gateway", 1, 30)},
		{"breaker-timeline", tuitest.At(t, "breaker-timeline", 0, 60)},
		{"cascade", tuitest.At(t, "cascade", 2, 30)},
		{"failures in a row", gobreaker()},
	} {
		s := c.data.Snap
		fixed := map[string]bool{"": true, "100%": true, "0%": true, "0": true, "state": true}
		thresholds := map[string]bool{}
		for i := range s.Dependencies {
			b := s.Dependencies[i].Breaker
			if b == nil {
				continue
			}
			cfg := b.Config
			if cfg.FailureRate == 0 && cfg.SlowCallRate == 0 && cfg.MaxConsecutiveFailures > 0 {
				thresholds[fmt.Sprint(cfg.MaxConsecutiveFailures+1)] = true
				continue
			}
			for _, th := range []float64{cfg.FailureRate, cfg.SlowCallRate} {
				if th > 0 {
					thresholds[pane.Percent(th)] = true
				}
			}
		}
		plots := 0
		for hh := 1; hh <= 60; hh++ {
			h := chart.NewHistory(tuitest.Plain())
			h.SetData(c.data)
			h.SetSize(110, hh)
			for _, l := range strings.Split(ansi.Strip(h.View()), "\n") {
				r := []rune(l)
				if len(r) < 7 {
					continue
				}
				label, axis := strings.TrimSpace(string(r[1:6])), r[6]
				switch axis {
				case '┤':
					plots++
					if !thresholds[label] {
						t.Errorf("%s at 110x%d: the threshold's row is labelled %q, want one of %v:\n%s", c.what, hh, label, thresholds, l)
					}
				case '│', '└':
					if !fixed[label] && !thresholds[label] {
						t.Errorf("%s at 110x%d: the axis label %q is none the chart writes:\n%s", c.what, hh, label, l)
					}
				}
			}
		}
		if plots == 0 {
			t.Errorf("%s: no height drew a threshold row", c.what)
		}
	}
}
