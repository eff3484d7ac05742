package present_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
)

func words(v string) string { return strings.Join(strings.Fields(v), " ") }

// A question fits every projector size: where the window is short the
// reveal goes first, then the big digits (the number in words); the
// prompt and every choice stay.
func TestAskFitsCuttingTheRevealFirst(t *testing.T) {
	th := theme.New(theme.Plain(), theme.HighContrast())
	mo := present.Moment{Title: "Lesson 3 · step 1 of 16 · Compartments", Clock: "⏸ 30.0 s / 30.0 s",
		Value: 35, Of: 200, Label: "workers held",
		Details: []string{"recommendations: fault: hang · 20 held · 60 abandoned"},
		Ask: &present.Ask{
			Prompt: "Predict: Recommendations may hold at most 20 of the 200 workers, and then they hang. What share of search requests will succeed?",
			Choices: []string{"✓ 1) All of them: the hang stays inside its share.  ← the guess",
				"  2) As in lesson 1: between a third and a half.",
				"  3) Most, but fewer and fewer as the share fills."},
			Lines:  []string{"✓ Right."},
			Reveal: "Search succeeds 100.0% of the time, profile 100.0%.",
		}}
	for _, sz := range [][2]int{{200, 60}, {100, 30}, {80, 24}, {60, 20}, {60, 14}} {
		v := present.View(th, mo, "1", sz[0], sz[1])
		fits(t, v, sz[0], sz[1])
		for _, want := range append([]string{mo.Ask.Prompt, "✓ Right."}, mo.Ask.Choices...) {
			if !strings.Contains(words(v), words(want)) {
				t.Errorf("%dx%d lacks %q:\n%s", sz[0], sz[1], want, v)
			}
		}
		hasReveal := strings.Contains(words(v), words(mo.Ask.Reveal))
		if sz[1] >= 24 && !hasReveal {
			t.Errorf("%dx%d has room for the reveal:\n%s", sz[0], sz[1], v)
		}
		big := present.Big("35/200")[0]
		if !containsScaled(v, big) && hasReveal && sz[1] < 20 {
			t.Errorf("%dx%d kept the reveal and dropped the digits:\n%s", sz[0], sz[1], v)
		}
	}
	// At 60×14 nothing but the question and the number in words.
	v := present.View(th, mo, "", 60, 14)
	if strings.Contains(words(v), words(mo.Ask.Reveal)) || !strings.Contains(v, "35 / 200 workers held") {
		t.Errorf("60x14:\n%s", v)
	}
}

// A number held until the guess draws no digits: it says what it is and
// when it shows.
func TestHeldNumber(t *testing.T) {
	mo := present.Moment{Title: "t", Held: true, Label: "the share of recommendations requests rejected", Figure: "96.0%"}
	v := present.View(theme.New(theme.Plain()), mo, "", 100, 30)
	if strings.Contains(v, "█") || strings.Contains(v, "96.0") || !strings.Contains(v, "the share of recommendations requests rejected: shown after the guess") {
		t.Errorf("held:\n%s", v)
	}
	mo.Held = false
	if v := present.View(theme.New(theme.Plain()), mo, "", 100, 30); !strings.Contains(v, present.Big("96.0%")[0]) {
		t.Errorf("not held:\n%s", v)
	}
}

// The dependency line tells the calls the caller still holds from the
// abandoned ones, which the bulkhead no longer counts: lesson 3's first
// step (a bulkhead of 20 on recommendations) never holds more than 20,
// where the engine's InFlight, abandoned calls included, is 80
// (findings-room 5).
func TestDependencyLineHeldAndAbandoned(t *testing.T) {
	b, _ := scenarios.Lookup("cascade")
	r, err := engine.New(b.Build(), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(30 * time.Second)
	snap := r.Snapshot()
	d, ok := snap.Dependency("recommendations")
	if !ok || d.BulkheadCap == 0 || d.Abandoned == 0 {
		t.Fatalf("recommendations: %+v", d)
	}
	held := d.InFlight - d.Abandoned
	if held > d.BulkheadCap {
		t.Fatalf("%d held over a bulkhead of %d", held, d.BulkheadCap)
	}
	line := strings.Join(present.EngineDetails(&snap, true), "\n")
	want := "recommendations: fault: hang · " + itoa(held) + " held · " + itoa(d.Abandoned) + " abandoned"
	if !strings.Contains(line, want) || strings.Contains(line, "in flight") {
		t.Errorf("the line reads %q, want %q", line, want)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Two sides of a comparison are drawn side by side, each big where they
// fit, in words where they do not.
func TestSidesSideBySide(t *testing.T) {
	th := theme.New(theme.Plain())
	mo := present.Moment{Title: "cascade · compare 3 vs 1", Clock: "⏸ 26.0 s / 30.0 s",
		Sides: []present.Side{
			{Name: "A: 3 bulkhead and circuit breaker", Value: 11, Of: 200, Label: "workers held"},
			{Name: "B: 1 one shared pool of 200 threads", Value: 200, Of: 200, Label: "workers held"},
		},
		Details: []string{"search ok: 99.9% → 40.4% (-59.5 points)"}}
	for _, sz := range [][2]int{{200, 60}, {80, 24}} {
		v := present.View(th, mo, "", sz[0], sz[1])
		fits(t, v, sz[0], sz[1])
		for _, s := range []string{"11/200", "200/200"} {
			if !containsScaled(v, present.Big(s)[0]) {
				t.Errorf("%dx%d: %s is not big:\n%s", sz[0], sz[1], s, v)
			}
		}
		for _, row := range strings.Split(v, "\n") {
			if strings.Contains(row, "A: 3") && !strings.Contains(row, "B: 1") {
				t.Errorf("%dx%d: the sides are not side by side:\n%s", sz[0], sz[1], v)
			}
		}
		if !strings.Contains(v, mo.Details[0]) {
			t.Errorf("%dx%d: the compare line is missing:\n%s", sz[0], sz[1], v)
		}
	}
	if v := present.View(th, mo, "", 40, 12); !strings.Contains(words(v), "11 / 200 workers held") {
		t.Errorf("40x12:\n%s", v)
	}
}
