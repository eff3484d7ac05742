package sandbox

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// threeBreakers is the test scenario with a breaker on each of three
// dependencies.
func threeBreakers(t testing.TB) *engine.Scenario {
	t.Helper()
	data, err := os.ReadFile("testdata/three-breakers.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenariofile.Parse("three-breakers.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// layoutCase is a scenario at a moment that tells its story.
type layoutCase struct {
	name    string
	sc      func(testing.TB) *engine.Scenario
	variant int
	at      time.Duration
}

func builtin(name string) func(testing.TB) *engine.Scenario {
	return func(t testing.TB) *engine.Scenario { return tuitest.Scenario(t, name) }
}

var layoutCases = []layoutCase{
	{"cascade", builtin("cascade"), 2, 26 * time.Second},
	{"breaker-timeline", builtin("breaker-timeline"), 0, 70 * time.Second},
	{"checkout", builtin("checkout"), 3, 2 * time.Second},
	{"three-breakers", threeBreakers, 0, 20 * time.Second},
}

var layoutSizes = [][2]int{{80, 24}, {120, 40}, {200, 60}}

// The sandbox on each built-in scenario (and one with three breakers), at
// the three sizes: what a learner sees.
func TestLayoutGolden(t *testing.T) {
	racefree.Only(t)
	for _, c := range layoutCases {
		for _, sz := range layoutSizes {
			m := newModel(t, sz[0], sz[1], Options{Scenario: c.sc(t), Variant: c.variant})
			m = seekTo(t, m, c.at)
			v := m.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			golden.Check(t, fmt.Sprintf("layout-%s-%dx%d", c.name, sz[0], sz[1]), v)
		}
	}
}

// cutWord is an ellipsis right after a letter or a digit: a word or a
// number cut short.
var cutWord = regexp.MustCompile(`[\p{L}\p{N}]…`)

// unitStart is a line that starts with what only follows a number.
var unitStart = regexp.MustCompile(`^(s|ms|µs|%|s,|s\.|s\))(\s|$)`)

// checkNoCuts fails when a line of the view ends a word with "…", or when
// a pane's line ends in a number that its next line goes on with (digits,
// or a unit).
func checkNoCuts(t *testing.T, what string, m Model) {
	t.Helper()
	v := ansi.Strip(m.View())
	lines := strings.Split(v, "\n")
	for i, l := range lines {
		if loc := cutWord.FindStringIndex(l); loc != nil {
			t.Errorf("%s: line %d cuts a word: %q", what, i, l)
			return
		}
	}
	if m.cmp != nil || m.form != nil || m.showHelp {
		return
	}
	a := m.arrange()
	x := 0
	for c := range 2 {
		w := a.widths[c]
		var prev string
		for i := 1; i < len(lines)-2; i++ {
			r := []rune(lines[i])
			if x+w > len(r) {
				break
			}
			cell := strings.Trim(string(r[x:x+w]), "│ ")
			if strings.ContainsAny(cell, "╭╰") {
				prev = ""
				continue
			}
			if prev != "" && cell != "" {
				last := rune(prev[len(prev)-1])
				first := []rune(cell)[0]
				// A unit after a number, or the digits of a number whose
				// line ended in its separator ("730,862," / "080").
				if (unicode.IsDigit(last) && unitStart.MatchString(cell)) ||
					((last == ',' || last == '.') && len(prev) > 1 && unicode.IsDigit(rune(prev[len(prev)-2])) && unicode.IsDigit(first)) {
					t.Errorf("%s: a number is split between lines %d and %d:\n%q\n%q", what, i-1, i, prev, cell)
					return
				}
			}
			prev = cell
		}
		x += w
	}
}

// No rendered line, at any size, in any scenario, variant or moment, ends
// a word in "…" or splits a number across lines.
func TestNoCutWordsOrSplitNumbers(t *testing.T) {
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	sizes := [][2]int{{80, 24}, {81, 25}, {90, 28}, {100, 30}, {120, 40}, {137, 35}, {160, 48}, {200, 60}}
	for _, c := range layoutCases {
		sc := c.sc(t)
		for v := range sc.Variants {
			// One sandbox per variant, played on from one moment to the
			// next at 80×24 as a new one would be played from 0 s: a
			// new sandbox for each moment replayed the run from 0 s
			// and played its profile again, twice the engine's work.
			m := newModel(t, 80, 24, Options{Scenario: sc, Variant: v})
			for _, frac := range []time.Duration{0, 3, 6, 9} {
				at := sc.Duration * frac / 9
				m = jumpTo(t, send(m, tea.WindowSizeMsg{Width: 80, Height: 24}), at)
				for _, sz := range sizes {
					m = send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
					checkNoCuts(t, fmt.Sprintf("%s variant %d at %v, %dx%d", c.name, v+1, at, sz[0], sz[1]), m)
					if v == 0 && frac == 6 && c.name == "cascade" {
						// Compare mode draws the same panes at half the width.
						checkNoCuts(t, fmt.Sprintf("cascade compare at %v, %dx%d", at, sz[0], sz[1]), press(m, "c"))
					}
				}
			}
		}
	}
}

// The checks above can fail: a cut word and a split number are caught.
func TestCutChecksCatchCuts(t *testing.T) {
	if !cutWord.MatchString("recom… ██") || cutWord.MatchString("speed …") || cutWord.MatchString("window …✗✗") {
		t.Error("cutWord should match an ellipsis after a letter only")
	}
	if !unitStart.MatchString("s · 1,103 refused") || unitStart.MatchString("search 5") {
		t.Error("unitStart should match a unit at the start of a line only")
	}
}

// A large window shows more panes, not bigger ones: at 200×60 the cascade
// shows the breaker history, the latency chart and the map beside the four
// panes, none taller than it can use but the charts, which draw finer
// for the column's spare rows; at 80×24 the panes that found no room are
// named at the foot, with the way to see them.
func TestLargeWindowShowsMorePanes(t *testing.T) {
	racefree.Only(t)
	sc := tuitest.Scenario(t, "cascade")
	big := seekTo(t, newModel(t, 200, 60, Options{Scenario: sc, Variant: 2}), 26*time.Second)
	a := big.arrange()
	shown := map[paneID]int{}
	for c, col := range a.cols {
		for _, s := range col {
			shown[s.id] = s.h
			if ask := big.ask(s.id, a.widths[c]); s.h > ask.max && !stretches(s.id) {
				t.Errorf("%s is %d rows, more than the %d it can use", paneNames[s.id], s.h, ask.max)
			}
		}
	}
	for _, id := range []paneID{pPool, pBreaker, pOutcomes, pHistory, pInFlight, pLatency, pMap} {
		if shown[id] == 0 {
			t.Errorf("at 200×60 the cascade should show the %s", paneNames[id])
		}
	}
	if big.Hidden() != "" {
		t.Errorf("nothing should be hidden at 200×60: %q", big.Hidden())
	}
	v := big.View()
	for _, want := range []string{"Breaker history", "Latency per endpoint", "▁ closed", "┊ state changed", "capitals p99"} {
		if !strings.Contains(v, want) {
			t.Errorf("the 200×60 view lacks %q", want)
		}
	}
	// The pool gets a cell per worker when it can.
	if strings.Contains(v, "per cell") {
		t.Errorf("at 200×60 every worker should have a cell:\n%s", v)
	}

	small := send(big, tea.WindowSizeMsg{Width: 80, Height: 24})
	if h := small.Hidden(); !strings.Contains(h, "history") || !strings.Contains(h, "enlarge") && !strings.Contains(h, "larger window") {
		t.Errorf("at 80×24 the foot should name the hidden history and the way to see it: %q", h)
	}
	if !strings.Contains(small.View(), small.Hidden()) {
		t.Errorf("the foot's note should be on screen:\n%s", small.View())
	}
}

// In breaker-timeline the history leads, and the in-flight chart, which
// never passes one call, gives way, saying so.
func TestBreakerTimelineLeadsWithTheHistory(t *testing.T) {
	racefree.Only(t)
	for _, sz := range layoutSizes {
		m := seekTo(t, newModel(t, sz[0], sz[1], Options{Scenario: tuitest.Scenario(t, "breaker-timeline")}), 70*time.Second)
		a := m.arrange()
		var ids []paneID
		for _, col := range a.cols {
			for _, s := range col {
				ids = append(ids, s.id)
			}
		}
		has := func(id paneID) bool {
			for _, i := range ids {
				if i == id {
					return true
				}
			}
			return false
		}
		if !has(pHistory) || has(pInFlight) {
			t.Errorf("%dx%d: want the history and no in-flight chart, got %v", sz[0], sz[1], ids)
		}
		if h := m.Hidden(); !strings.Contains(h, "in flight") {
			t.Errorf("%dx%d: the foot should say why the in-flight chart is out: %q", sz[0], sz[1], h)
		}
		v := m.View()
		// The band shows the open stretches and the probes.
		if !strings.Contains(v, "█") || !strings.Contains(v, "▄") || !strings.Contains(v, "┊") {
			t.Errorf("%dx%d: the history should show open, a probe and the marks:\n%s", sz[0], sz[1], v)
		}
	}
}

// With several breakers, an overview lists them all at once.
func TestOverviewWithSeveralBreakers(t *testing.T) {
	racefree.Only(t)
	m := seekTo(t, newModel(t, 120, 40, Options{Scenario: threeBreakers(t)}), 20*time.Second)
	v := m.View()
	for _, want := range []string{"Dependencies", "inventory", "pricing", "reviews", "in a row", "6 slow"} {
		if !strings.Contains(v, want) {
			t.Errorf("the overview lacks %q:\n%s", want, v)
		}
	}
	// A single breaker needs no overview.
	one := seekTo(t, newModel(t, 120, 40, Options{Variant: 2}), 20*time.Second)
	if strings.Contains(one.View(), "Dependencies") {
		t.Error("one breaker should not get the overview")
	}
}

// The tab bar cuts a variant's name only between words, marked " …" (a
// word is never cut in two), each tab showing one of its variant's forms
// (tabForms) or its number; at 80 columns the current variant's name is
// whole, and the crumbs give way for it.
func TestTabsCutNamesOnlyBetweenWords(t *testing.T) {
	racefree.Only(t)
	for _, c := range layoutCases {
		sc := c.sc(t)
		for v := range sc.Variants {
			for _, w := range []int{80, 100, 120, 200} {
				m := newModel(t, w, 24, Options{Scenario: sc, Variant: v})
				title := ansi.Strip(m.titleLine())
				if tuitest.CutWord.MatchString(title) {
					t.Errorf("%s variant %d at %d cuts a word: %q", c.name, v+1, w, title)
				}
				forms := m.tabForms()
				for i := range sc.Variants {
					if named, bare := tabShown(title, i, forms[i]); !named && !bare && !strings.ContainsAny(title, "‹›") && len(sc.Variants) > 1 {
						t.Errorf("%s variant %d at %d: tab %d shows none of %q, nor its number: %q", c.name, v+1, w, i+1, forms[i], title)
					}
				}
				if w == 80 && !strings.Contains(title, currentTab(sc.Variants, v)) && len(sc.Variants[v].Name) < 60 {
					t.Errorf("%s variant %d at 80: the current variant's name is missing: %q", c.name, v+1, title)
				}
			}
		}
	}
}

// The no-panic sweep of TestAnySizeFillsTheWindow, over the scenarios that
// bring the new panes (the history, the latency chart, the overview) and
// with the breaker key pressed: every size fills exactly the window.
func TestAnySizeFillsTheWindowWithEveryPane(t *testing.T) {
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	sizes := [][2]int{{1, 1}, {80, 24}, {79, 24}, {80, 23}, {200, 60}, {300, 90}}
	for w := 60; w <= 220; w += 23 {
		for h := 18; h <= 70; h += 9 {
			sizes = append(sizes, [2]int{w, h})
		}
	}
	for _, c := range layoutCases {
		sc := c.sc(t)
		for v := range sc.Variants {
			m := jumpTo(t, newModel(t, 100, 30, Options{Scenario: sc, Variant: v}), c.at)
			for _, mm := range []Model{m, press(m, "b"), press(m, "b", "b")} {
				for _, sz := range sizes {
					got := send(mm, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
					view := got.View()
					lines := strings.Split(view, "\n")
					if len(lines) != sz[1] {
						t.Fatalf("%s variant %d at %dx%d: %d lines", c.name, v+1, sz[0], sz[1], len(lines))
					}
					for i, l := range lines {
						if ansi.StringWidth(l) != sz[0] && !(sz[0] < 80 || sz[1] < 24) {
							t.Fatalf("%s variant %d at %dx%d: line %d is %d wide:\n%s", c.name, v+1, sz[0], sz[1], i, ansi.StringWidth(l), view)
						}
					}
				}
			}
		}
	}
}
