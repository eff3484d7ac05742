package challengeui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/charmbracelet/x/ansi"
)

// compactDuration is a duration in Go's syntax, the number against its
// unit: "300ms", "10s", "5s–15s".
var compactDuration = regexp.MustCompile(`\d(ns|us|µs|ms|s|m|h)\b`)

// Challenge 1's screen read "‹ 10s ›" and "100ms to 10s, ←→ by 100ms"
// over a par of "10 s ≤ 600 ms", and its goals' windows "(0s–10s)"
// beside a brief of "10 s" and "400 ms". Every level's panel, each knob
// in turn focused (its range and step shown), and its brief page write a
// duration one way: the number, a space, the unit.
func TestChallengeScreensWriteDurationsOneWay(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		m := sized(t, open(t, c.ID, Options{}), 80, 60)
		var screens []string
		for range c.Knobs {
			screens = append(screens, strings.Join(plainLines(m), "\n"))
			m = press(t, m, "down")
		}
		m = press(t, m, "i")
		screens = append(screens, ansi.Strip(m.View()))
		for _, s := range screens {
			for _, l := range strings.Split(s, "\n") {
				if compactDuration.MatchString(l) {
					t.Errorf("%s writes a duration as %q: %q", c.ID, compactDuration.FindString(l), strings.TrimSpace(l))
				}
			}
		}
	}
	m := sized(t, open(t, "timeout-pool", Options{}), 100, 30)
	for _, want := range []string{"‹ 10 s ›", "100 ms to 10 s, ← by 100 ms", "10 s ≤ 600 ms", "(0–10 s)"} {
		if lineWith(m, want) == "" {
			t.Errorf("timeout-pool's panel should read %q:\n%s", want, strings.Join(plainLines(m), "\n"))
		}
	}
}

// The field a knob's enter opens holds its value as the panel shows it,
// "10 s": enter on it keeps the value, and a value typed so is taken.
func TestTheFieldTakesTheShownDuration(t *testing.T) {
	m := sized(t, open(t, "timeout-pool", Options{}), 80, 24)
	m = press(t, m, "enter")
	if string(m.input) != "10 s" {
		t.Errorf("the field opens with %q, want the panel's 10 s", string(m.input))
	}
	m = press(t, m, "enter")
	if m.typing || m.noteErr {
		t.Errorf("enter on the field as it opened: field open %v, note %q", m.typing, m.note)
	}
	m = press(t, m, "enter", "2", " ", "s", "enter")
	if got := challenge.FormatValue(m.Setting()["recommendations.timeout"]); got != "2s" || m.typing {
		t.Errorf("typed 2 s: the knob is %s (field open %v, note %q)", got, m.typing, m.note)
	}
}
