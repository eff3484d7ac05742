package livelab

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// outcomeName is an outcome's name as the footer's figures start it.
var outcomeName = regexp.MustCompile(`\b(ok|fallback|rejected|failed|waiting)\b`)

// At 40×12 the head says less instead of cutting words: the title keeps
// the API's address, the line over the columns keeps the measured clock
// (it read "simulated (engine,… measured ·…"). The footer keeps the
// figures, each outcome whole on its line, under a heading short enough
// for them (the long heading's three lines pushed every figure off).
func TestNarrowWindowSaysLessNotCut(t *testing.T) {
	m := newModel(t, 3, fakeReal(t, scenarios.Checkout(), 3, 6, 200*time.Millisecond))
	m.o.Where = "127.0.0.1:37453, durations ×0.3"
	for range 14 { // 3.0 s in (New reads once too): the breaker has opened, checkouts are refused
		m.Update(tickMsg{})
	}
	out := ansi.Strip(checkFrame(t, m, 40, 12))
	lines := strings.Split(out, "\n")
	if strings.Contains(lines[0]+lines[1], "…") {
		t.Errorf("the head cuts words at 40 columns:\n%s", out)
	}
	if !strings.Contains(lines[0], "127.0.0.1:37453") || !strings.Contains(lines[1], "measured · 3.0 s") {
		t.Errorf("the head lost the API's address or the measured clock:\n%s", out)
	}
	shares := shareLine.FindAllString(out, -1)
	if !strings.Contains(out, "% simulated/measured") || len(shares) < 3 {
		t.Errorf("the footer lost its figures (%d whole outcomes):\n%s", len(shares), out)
	}
	for _, name := range []string{"rejected", "failed"} {
		if strings.Contains(out, name) && !strings.Contains(strings.Join(shares, "\n"), name) {
			t.Errorf("%s is cut from its figures:\n%s", name, out)
		}
	}
	// At 41×13 the provider's line keeps each figure with its word.
	out = ansi.Strip(checkFrame(t, m, 41, 13))
	if !regexp.MustCompile(`payment  most (calls in flight: \d+ simulated, \d+ measured|in flight \d+/\d+)`).MatchString(out) {
		t.Errorf("41x13: the provider's most calls in flight are cut from their words:\n%s", out)
	}

	// At 70 columns the checkout line is too wide: its last
	// outcome goes on the next line whole, not its difference alone.
	checkFrame(t, m, 70, 24)
	footer := ansi.Strip(strings.Join(m.footer(), "\n"))
	if named, whole := len(outcomeName.FindAllString(footer, -1)), len(shareLine.FindAllString(footer, -1)); named != whole {
		t.Errorf("70 columns: %d outcomes named, %d whole with their figures:\n%s", named, whole, footer)
	}

	done := newModel(t, 0, func() engine.Snapshot { return snapAt(11300*time.Millisecond, true, 16, 14) })
	done.run.AdvanceTo(done.run.End())
	done.Update(tickMsg{})
	out = ansi.Strip(checkFrame(t, done, 40, 12))
	if head := strings.Split(out, "\n")[1]; strings.Contains(head, "…") || !strings.Contains(head, "measured · done") {
		t.Errorf("the finished run's head at 40 columns:\n%s", out)
	}
	// Where the whole head fits, it is as it was.
	if head := strings.Split(ansi.Strip(checkFrame(t, done, 100, 30)), "\n"); !strings.HasPrefix(head[0], "Live lab · checkout · no timeout · real API at 127.0.0.1:7011") ||
		!strings.Contains(head[1], "simulated (engine, seed 5)") || !strings.Contains(head[1], "measured · finished at 11.3 s") {
		t.Errorf("the head at 100 columns:\n%s\n%s", head[0], head[1])
	}
}

// The Go server's line of connections and tasks keeps each figure with its
// label at 60 columns: a word wrap left "most tasks" at a line's end and
// "10/7" alone under it.
func TestNarrowTasksLineKeepsFiguresWhole(t *testing.T) {
	sc := scenarios.GoServer()
	v := len(sc.Variants) - 1
	m, err := New(Options{Theme: theme.New(theme.Plain()), Scenario: sc, Variant: v, Seed: 5, Where: "127.0.0.1:7011",
		Real: fakeReal(t, sc, v, 6, 200*time.Millisecond)})
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		m.Update(tickMsg{})
	}
	out := ansi.Strip(checkFrame(t, m, 60, 20))
	for _, want := range []*regexp.Regexp{regexp.MustCompile(`most connections in use \(\d+ a host\) \d+/\d+`), regexp.MustCompile(`most tasks \d+/\d+`)} {
		if !want.MatchString(out) {
			t.Errorf("60x20: no %s on one line:\n%s", want, out)
		}
	}
}
