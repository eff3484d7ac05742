package picture

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
)

// longCheckout is checkout's protected design run for dur, measured to
// its end, with a second slow spell of payment's a minute long at at: a
// scenario file's long run, as `breakerlab run FILE -o x.svg` draws it.
func longCheckout(t *testing.T, dur, at time.Duration) (*engine.Scenario, []engine.Snapshot) {
	t.Helper()
	sc := scenarios.Checkout()
	sc.Variants = sc.Variants[3:4] // protected: a breaker, so every panel
	if sc.Variants[0].Name != "protected" {
		t.Fatalf("checkout's fourth design is %q, want protected", sc.Variants[0].Name)
	}
	sc.Duration, sc.MeasureTo = dur, dur
	deps := sc.Variants[0].System.Dependencies
	i := slices.IndexFunc(deps, func(d engine.Dependency) bool { return d.Name == "payment" })
	if i < 0 {
		t.Fatal("checkout has no payment dependency")
	}
	deps[i].Faults = append(deps[i].Faults, engine.Fault{Kind: engine.Slow, From: at, To: at + time.Minute, Latency: 10 * time.Second})
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	return sc, snaps
}

// tickRE is a label of a long run's time axis: "12h", "30m", "0.5h".
var tickRE = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?[hm]$`)

// sandboxAxes is every way the sandbox's time axes label a run's span,
// at the widths a terminal gives them: each axis's labels, left to right.
func sandboxAxes(sc *engine.Scenario, snap *engine.Snapshot) [][]string {
	d := pane.Data{Snap: snap, Final: snap, Gen: 1, Faults: pane.FaultSpans(sc, 0)}
	var axes [][]string
	for w := 30; w <= 200; w += 5 {
		for _, c := range []interface {
			tea.Model
			SetSize(w, h int)
			SetData(pane.Data)
		}{chart.NewOutcomes(tuitest.Plain()), chart.NewInFlight(tuitest.Plain())} {
			c.SetData(d)
			c.SetSize(w, 15)
			for _, line := range strings.Split(c.View(), "\n") {
				var labels []string
				for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '│' }) {
					if tickRE.MatchString(f) {
						labels = append(labels, f)
					}
				}
				if len(labels) >= 2 {
					axes = append(axes, labels)
				}
			}
		}
	}
	return axes
}

// A 45-minute and a 24-hour run's picture reads its times as the sandbox
// and `run`'s text do (report.SpanUnit, TimeIn): its time axes in
// minutes or hours, labelled as the sandbox's axes label the same
// moments ("0h 6h 12h 18h 24h", where they read "0 s … 80000 s"), and the
// legend's window as run's text writes it ("0h 00m 00.5s to 24h 00m",
// where it read "0.5 s to 86400 s").
func TestLongRunPictureReadsAsSandboxAndRun(t *testing.T) {
	racefree.Only(t) // runs and draws in this goroutine: nothing to race
	legendRE := regexp.MustCompile(`^  requests that arrived (.+) to (.+)$`)
	textRE := regexp.MustCompile(`requests that arrived from (.+) to (.+)$`)
	for _, c := range []struct{ dur, at time.Duration }{
		{45 * time.Minute, 30 * time.Minute},
		{24 * time.Hour, 20 * time.Hour},
	} {
		t.Run(c.dur.String(), func(t *testing.T) {
			sc, snaps := longCheckout(t, c.dur, c.at)
			f, err := runFigure(sc, 5, snaps)
			if err != nil {
				t.Fatal(err)
			}
			var svg bytes.Buffer
			if err := f.write(&svg, "svg"); err != nil {
				t.Fatal(err)
			}
			texts := svgTexts(t, svg.Bytes())
			drawn := strings.Join(texts, "|")

			// The axes: every panel's, each found in the sandbox's at a
			// width of a terminal's, and drawn.
			axes := sandboxAxes(sc, &snaps[0])
			panels := 0
			for _, p := range f.rows[0] {
				if p == nil {
					continue
				}
				panels++
				var got []string
				for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
					if tk.Label != "" {
						got = append(got, tk.Label)
					}
				}
				if !slices.ContainsFunc(axes, func(a []string) bool { return slices.Equal(a, got) }) {
					t.Errorf("%q's time axis reads %q; the sandbox's axes never read so at a width from 30 to 200: %q", p.Title.Text, got, axes[:min(len(axes), 6)])
				}
				if !strings.Contains(drawn, "|time|"+strings.Join(got, "|")+"|") {
					t.Errorf("%q's time axis %q is not in the picture's texts: %s", p.Title.Text, got, drawn)
				}
			}
			if panels != 3 {
				t.Errorf("%d panels in the protected design's row, want 3 (outcomes, in flight, breaker)", panels)
			}

			// The legend's window, as run's text writes it.
			var legend []string
			for _, s := range texts {
				if m := legendRE.FindStringSubmatch(s); m != nil {
					legend = m[1:]
				}
			}
			var table bytes.Buffer
			if err := report.WriteTableWidth(&table, sc, 5, snaps, 1000); err != nil {
				t.Fatal(err)
			}
			var text []string
			for _, line := range strings.Split(table.String(), "\n") {
				if m := textRE.FindStringSubmatch(line); m != nil {
					text = m[1:]
					break
				}
			}
			if legend == nil || text == nil {
				t.Fatalf("no window: the picture's legend %q, run's text %q", legend, text)
			}
			if !slices.Equal(legend, text) {
				t.Errorf("the picture's legend says the requests that arrived %s to %s, run's text %s to %s", legend[0], legend[1], text[0], text[1])
			}
			if want := report.ClockIn(c.dur, report.SpanUnit(c.dur)); legend[1] != want {
				t.Errorf("the window ends at %q, want the clock's %q", legend[1], want)
			}
		})
	}
}
