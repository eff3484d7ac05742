package playback

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// eventLine is a line with events at 2 s (two of them), 5 s and 7.5 s.
type eventLine struct{ *line }

func (eventLine) Events() []Event {
	return []Event{{At: 2 * time.Second, What: "a"}, {At: 2 * time.Second, What: "b"}, {At: 5 * time.Second, What: "c"}, {At: 7500 * time.Millisecond, What: "d"}}
}

func TestSeekKeysJumpBetweenEvents(t *testing.T) {
	keys := NewKeys(false)
	l := eventLine{newLine()}
	c := NewClock(1, true)
	press := func(k string) string {
		t.Helper()
		ok, _, note, err := c.Key(tuitest.Key(k), keys, l)
		if !ok || err != nil {
			t.Fatalf("%s: handled %v, err %v", k, ok, err)
		}
		return note
	}
	if note := press("]"); l.at != 2*time.Second || note != "2 s: a; b" || c.Playing() {
		t.Errorf("] from 0 lands on both events at 2 s, paused: at %v, note %q, playing %v", l.at, note, c.Playing())
	}
	press("]")
	press("]")
	if l.at != 7500*time.Millisecond {
		t.Errorf("] ] goes on to 7.5 s: %v", l.at)
	}
	if note := press("]"); l.at != 7500*time.Millisecond || !strings.Contains(note, "no event after") {
		t.Errorf("] past the last event stays and says so: at %v, %q", l.at, note)
	}
	l.at = 5200 * time.Millisecond
	if press("["); l.at != 5*time.Second {
		t.Errorf("[ from 5.2 s goes to 5 s: %v", l.at)
	}
	if press("["); l.at != 2*time.Second {
		t.Errorf("[ from 5 s goes to 2 s, not to itself: %v", l.at)
	}
	if note := press("["); l.at != 2*time.Second || !strings.Contains(note, "no event before") {
		t.Errorf("[ before the first event stays: at %v, %q", l.at, note)
	}
	if press("G"); l.at != l.end {
		t.Errorf("G goes to the end: %v", l.at)
	}
	if press("g"); l.at != 0 {
		t.Errorf("g goes to the start: %v", l.at)
	}
	// A timeline without events says so and stays.
	plain := newLine()
	_, _, note, _ := c.Key(tuitest.Key("]"), keys, plain)
	if plain.at != 0 || !strings.Contains(note, "no events") {
		t.Errorf("] on a timeline without events: at %v, %q", plain.at, note)
	}
}

func TestParseTime(t *testing.T) {
	end := 60 * time.Second
	for in, want := range map[string]time.Duration{
		"12s": 12 * time.Second, "12": 12 * time.Second, "12.5": 12500 * time.Millisecond,
		"1m": time.Minute, "0m30s": 30 * time.Second, "800ms": 800 * time.Millisecond, " 0 ": 0, "60s": end,
	} {
		if got, err := ParseTime(in, end); err != nil || got != want {
			t.Errorf("ParseTime(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "soon", "61s", "-1s", "NaN", "1e400", "12 s x"} {
		_, err := ParseTime(in, end)
		if err == nil || !strings.Contains(err.Error(), "type 0 to 60 s, e.g. 30s, 45.5, 1m") {
			t.Errorf("ParseTime(%q): %v, want an error saying what is allowed", in, err)
		}
	}
	if _, err := ParseSeed("x"); err == nil || !strings.Contains(err.Error(), "whole number") {
		t.Errorf("ParseSeed(x): %v", err)
	}
	// A number past what a seed holds is a whole number too: it is
	// refused as too large (it was called "not a whole number"). Neither
	// refusal quotes 18446744073709551615, which a learner had to count.
	for in, want := range map[string]string{
		"99999999999999999999": `too large for a seed; type a whole number below 2^64`,
		"-1":                   `"-1" is not a seed; type a whole number from 0 up`,
		"abc":                  `"abc" is not a seed; type a whole number from 0 up`,
	} {
		if _, err := ParseSeed(in); err == nil || err.Error() != want {
			t.Errorf("ParseSeed(%s): %v, want %s", in, err, want)
		}
	}
	if n, err := ParseSeed("18446744073709551615"); n != math.MaxUint64 || err != nil {
		t.Errorf("ParseSeed(the largest seed) = %d, %v", n, err)
	}
	if n, err := ParseSeed(" 42 "); n != 42 || err != nil {
		t.Errorf("ParseSeed(42) = %d, %v", n, err)
	}
}

// The go-to-time prompt's examples are moments of the run it is for: on
// checkout's 6 s run, "12s" and "1m30s" were offered and then refused as
// outside the run. Each example ParseTime takes, the hint and the refusal
// show no other, and a short run's examples are not a long run's.
func TestTimeExamplesLieInsideTheRun(t *testing.T) {
	for _, end := range []time.Duration{0, 300 * time.Millisecond, time.Second, 1500 * time.Millisecond, 6 * time.Second,
		6300 * time.Millisecond, 40 * time.Second, time.Minute, 90 * time.Second, 10 * time.Minute, 24 * time.Hour} {
		exs := TimeExamples(end)
		if len(exs) != 3 {
			t.Fatalf("%v: examples %q, want three", end, exs)
		}
		for _, ex := range exs {
			if _, err := ParseTime(ex, end); err != nil {
				t.Errorf("run of %v: example %q is refused: %v", end, ex, err)
			}
		}
		want := "e.g. " + strings.Join(exs, ", ")
		if h := TimePrompt(end).Hint; !strings.HasPrefix(h, want+" (0 to ") {
			t.Errorf("run of %v: hint %q, want it to start %q", end, h, want)
		}
		if end == 0 {
			// A run of one moment is refused as that moment, not a
			// range "0 to 0 s" with three ways to write it.
			want = "type 0 s"
		}
		if _, err := ParseTime("soon", end); err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("run of %v: refusal %v, want it to end %q", end, err, want)
		}
	}
	if got := TimeRange(24*time.Second, 24*time.Second); got != "24 s" {
		t.Errorf("a range of one moment, 24 s: %q, want 24 s", got)
	}
	if got := strings.Join(TimeExamples(6*time.Second), ", "); got != "3s, 4.5, 800ms" {
		t.Errorf("checkout's 6 s run: examples %q, want 3s, 4.5, 800ms", got)
	}
}

func TestGoToPromptSaysWhatIsAllowed(t *testing.T) {
	l := newLine()
	c := NewClock(1, true)
	p := TimePrompt(l.end)
	for _, k := range []string{"2", "x", "backspace", ".", "5"} {
		p.Key(tuitest.Key(k))
	}
	if p.Input != "2.5" {
		t.Fatalf("typed %q", p.Input)
	}
	if r := p.Key(tuitest.Key("enter")); r != PromptDone {
		t.Fatalf("enter: %v", r)
	}
	if done, _, err := c.GoTo(p, l); !done || err != nil || l.at != 2500*time.Millisecond || c.Playing() {
		t.Errorf("2.5: done %v err %v at %v playing %v", done, err, l.at, c.Playing())
	}
	p = TimePrompt(l.end)
	p.Key(tuitest.Key("abc"))
	if done, _, _ := c.GoTo(p, l); done || !strings.Contains(p.Err, "not a time") {
		t.Errorf("abc: done %v, err %q", done, p.Err)
	}
	// The refused time stands selected: the next typed replaces it, where
	// it went on its end ("abc3", refused again).
	if !p.Selected() {
		t.Errorf("the refused abc should stand selected: %+v", p)
	}
	refused := *p
	if refused.Key(tuitest.Key("3")); refused.Input != "3" {
		t.Errorf("3 typed on the refused abc: %q, want 3", refused.Input)
	}
	th := theme.New(theme.Plain())
	for _, w := range []int{80, 40, 200} {
		if v := p.View(th, w); ansi.StringWidth(v) != w || strings.Contains(v, "\n") {
			t.Errorf("the prompt at %d columns is %d wide", w, ansi.StringWidth(v))
		}
	}
	if v := p.View(th, 120); !strings.Contains(v, "not a time") {
		t.Errorf("the prompt shows its error: %q", v)
	}
	if p.Key(tea.KeyMsg{Type: tea.KeyEsc}) != PromptCancelled {
		t.Error("esc cancels")
	}
	// esc then S typed at once reads as alt+S: it cancels, not types.
	if p.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("S"), Alt: true}) != PromptCancelled {
		t.Error("alt+key (esc and a key together) cancels")
	}
}

func TestRunEventsAreTheRunsTransitionsAndFaults(t *testing.T) {
	sc := tuitest.Scenario(t, "breaker-timeline")
	evs, err := RunEvents(sc, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	var opens, faults int
	for i, e := range evs {
		if i > 0 && e.At < evs[i-1].At {
			t.Errorf("events out of order at %d", i)
		}
		if strings.Contains(e.What, "→ open") {
			opens++
		}
		if strings.Contains(e.What, "starts") {
			faults++
		}
	}
	if opens == 0 || faults == 0 {
		t.Errorf("breaker-timeline has transitions to open and a fault: %+v", evs)
	}
}

func TestAxisTimeReadsTheLabelsUnderTheClick(t *testing.T) {
	lines := []string{
		"│caller ████╳╳            ││ other pane 5s 10s │",
		"│       ────━━━━━━━━──────││                   │",
		"│       0s      10s    30s││                   │",
	}
	// "0s" starts at column 8, "10s" at 16: 1.25 s a column.
	if at, ok := AxisTime(lines, 12, 2); !ok || at != 5*time.Second {
		t.Errorf("a click 4 columns after 0s: %v, %v", at, ok)
	}
	if at, ok := AxisTime(lines, 16, 1); !ok || at != 10*time.Second {
		t.Errorf("a click on the rule above the 10s label: %v, %v", at, ok)
	}
	for _, c := range [][2]int{{3, 0}, {30, 2}, {12, 5}, {-1, 2}} {
		if _, ok := AxisTime(lines, c[0], c[1]); ok {
			t.Errorf("(%d, %d) is not on an axis", c[0], c[1])
		}
	}
}

// A refusal wider than the window is cut at its end, never dropped: at 80
// columns a seed prompt's refusal did not fit beside the typed number, and
// the line showed the number alone, as if enter had done nothing.
func TestPromptKeepsARefusalTooWideToFit(t *testing.T) {
	p := &Prompt{Label: "seed", Input: "99999999999999999999", Err: "too large for a seed; type a whole number below 2^64"}
	for _, w := range []int{80, 60, 30} {
		v := ansi.Strip(p.View(tuitest.Plain(), w))
		if !strings.Contains(v, "too large") || ansi.StringWidth(v) > w {
			t.Errorf("at %d columns the prompt reads %q", w, v)
		}
	}
}

// TestFaultEvents: a fault that ends inside the traffic has a start and an
// end, one that lasts past it only a start, and a variant without faults
// an empty list that is not nil (the sandbox's event index reads nil as
// "not made yet").
func TestFaultEvents(t *testing.T) {
	sc := &engine.Scenario{Duration: 60 * time.Second, Variants: []engine.Variant{{System: engine.System{
		Dependencies: []engine.Dependency{
			{Name: "inventory", Faults: []engine.Fault{{Kind: engine.Hang, From: 10 * time.Second, To: 20 * time.Second}}},
			{Name: "pricing", Faults: []engine.Fault{{Kind: engine.Hang, From: 30 * time.Second}}},
		},
	}}, {}}}
	got := FaultEvents(sc, 0)
	want := []Event{
		{At: 10 * time.Second, What: "inventory: hang starts"},
		{At: 20 * time.Second, What: "inventory: hang ends"},
		{At: 30 * time.Second, What: "pricing: hang starts"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("faults of variant 1: %+v\nwant %+v", got, want)
	}
	if got := FaultEvents(sc, 1); got == nil || len(got) != 0 {
		t.Errorf("a variant without faults: %#v, want an empty list, not nil", got)
	}
}

// TestTransitionEvent: a transition says whose breaker moved, from what
// to what, at the transition's time.
func TestTransitionEvent(t *testing.T) {
	tr := engine.Transition{Dependency: "recommendations", Transition: breaker.Transition{At: 24 * time.Second, From: breaker.HalfOpen, To: breaker.Open}}
	want := Event{At: 24 * time.Second, What: "recommendations breaker half-open → open", Transition: true}
	if got := TransitionEvent(tr); got != want {
		t.Errorf("TransitionEvent = %+v, want %+v", got, want)
	}
}
