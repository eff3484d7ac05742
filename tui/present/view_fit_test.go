package present

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// viewByComposing is View as it was: each size of the digits and each
// leaving-out composed whole, the first that fits kept.
func viewByComposing(th *theme.Theme, mo Moment, lastKey string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	center := func(s string) string {
		return strings.Repeat(" ", max((w-ansi.StringWidth(s))/2, 0)) + s
	}
	var head []string
	if mo.Clock != "" {
		head = append(head, th.Bold.Render(center(mo.Clock)), "")
	}
	var details []string
	for _, d := range mo.Details {
		for _, l := range wrapParts(d, max(w-4, 10)) {
			details = append(details, center(l))
		}
	}
	body := func(reveal bool) []string {
		if mo.Ask != nil {
			return askLines(th, mo.Ask, reveal, w)
		}
		var out []string
		if mo.Caption != "" {
			for _, l := range pane.Wrap(mo.Caption, max(w-8, 10)) {
				out = append(out, th.Subtitle.Render(center(l)))
			}
		}
		return out
	}
	compose := func(k int, reveal bool, detail int, tight bool) []string {
		lines := append([]string(nil), head...)
		if tight && len(lines) > 0 {
			lines = lines[:1]
		}
		if len(mo.Sides) == 2 {
			lines = append(lines, sideLines(th, mo.Sides, k, detail == 2, w)...)
		} else {
			lines = append(lines, numberLines(th, mo, k, w, center)...)
		}
		if !tight {
			lines = append(lines, "")
		}
		if detail > 0 {
			lines = append(lines, details...)
		}
		if b := body(reveal); len(b) > 0 {
			if !tight {
				lines = append(lines, "")
			}
			for _, l := range b {
				if l != "" || !tight {
					lines = append(lines, l)
				}
			}
		}
		return lines
	}
	room := h - 2
	kmax := bigScale(mo, w, h)
	var lines []string
	fits := false
	for _, reveal := range []bool{true, false} {
		for k := kmax; k >= 1 && !fits; k-- {
			lines = compose(k, reveal, 2, false)
			fits = len(lines) <= room
		}
	}
	for _, c := range []struct {
		reveal bool
		detail int
		tight  bool
	}{{true, 2, false}, {false, 2, false}, {false, 1, false}, {false, 0, false}, {false, 0, true}} {
		if !fits {
			lines = compose(0, c.reveal, c.detail, c.tight)
			fits = len(lines) <= room
		}
	}
	if top := (h - 2 - len(lines)) / 2; top > 0 {
		lines = append(make([]string, top), lines...)
	}
	title := pane.Fit(" "+mo.Title, w)
	lines = append([]string{th.Title.Render(title)}, lines...)
	return Corner(strings.Join(pane.Block(lines, w, h), "\n"), th, lastKey, w, h)
}

// fitMoments are moments of each kind View draws: a number with its lead
// and label, a figure, one held back, a question with its reveal, a
// caption, two sides with their details, a number in words, and ones
// with a line that breaks or an escape code cut short.
func fitMoments() map[string]Moment {
	ask := &Ask{
		Prompt: "Predict: Recommendations may hold at most 20 of the 200 workers, and then they hang. What share of search requests will succeed?",
		Choices: []string{"✓ 1) All of them: the hang stays inside its share.  ← the guess",
			"  2) As in lesson 1: between a third and a half.",
			"  3) Most, but fewer and fewer as the share fills.",
			"  4) None: the pool is shared, whatever the limit."},
		Lines:  []string{"Your guess: 1 · What happened: 1", "✓ Right."},
		Reveal: "Search succeeds 100.0% of the time, profile 100.0%: the hang held 20 workers and no more, the other 180 served search.",
	}
	details := []string{"recommendations: fault: hang · 20 held · 60 abandoned · breaker open", "search: 99.9% ok · p99 120 ms"}
	return map[string]Moment{
		"number": {Title: "cascade · one shared pool", Clock: "▶ 12.0 s / 60.0 s", Value: 197, Of: 200,
			Label: "workers held", Lead: "recommendations breaker: open", Details: details, Caption: "The pool fills: every worker waits on recommendations."},
		"figure": {Title: "Lesson 2 · step 4 of 9", Clock: "⏸ 30.0 s / 30.0 s", Figure: "32.6%", Label: "search requests ok", Details: details},
		"held":   {Title: "t", Held: true, Label: "the share of recommendations requests rejected", Figure: "96.0%", Ask: ask},
		"ask": {Title: "Lesson 3 · step 1 of 16 · Compartments", Clock: "⏸ 30.0 s / 30.0 s",
			Value: 35, Of: 200, Label: "workers held", Details: details, Ask: ask},
		"words":   {Title: "t", Clock: "⏸ 1.0 s / 30.0 s", Figure: "about a third", Label: "of the calls", Caption: "A caption."},
		"lead":    {Title: "t", Lead: "recommendations breaker: half-open", Details: details[:1]},
		"caption": {Title: "only a caption", Caption: strings.Repeat("A sentence that wraps over lines. ", 8)},
		"sides": {Title: "cascade · compare 3 vs 1", Clock: "⏸ 26.0 s / 30.0 s",
			Sides: []Side{
				{Name: "A: 3 bulkhead and circuit breaker", Value: 11, Of: 200, Label: "workers held", Details: details},
				{Name: "B: 1 one shared pool of 200 threads", Value: 200, Of: 200, Label: "workers held", Details: details[:1]},
			},
			Details: []string{"search ok: 99.9% → 40.4% (-59.5 points)"}, Caption: "The bulkhead keeps search up."},
		"line break":  {Title: "two\nlines", Clock: "⏸ 1.0 s\n/ 2.0 s", Value: 3, Of: 4, Label: "workers\nheld", Details: []string{"a\nb"}},
		"broken code": {Title: "t\x1b[", Value: 3, Label: "held\x1b", Caption: "cut short \x1b]8;;"},
	}
}

func fitThemes() []*theme.Theme {
	r := theme.Plain()
	r.SetColorProfile(termenv.ANSI256)
	return []*theme.Theme{theme.New(theme.Plain(), theme.HighContrast()), theme.New(r, theme.HighContrast())}
}

// View counts the lines of each layout it tries and draws only the one
// it keeps: it draws what composing each whole drew, at every size from
// too small for anything to larger than the largest digits need.
func TestViewIsTheLayoutComposingChose(t *testing.T) {
	racefree.Only(t) // drawing alone, no goroutine
	for name, mo := range fitMoments() {
		for _, th := range fitThemes() {
			for _, w := range []int{1, 12, 30, 60, 100, 160, 200} {
				for h := 0; h <= 70; h++ {
					if got, want := View(th, mo, "space", w, h), viewByComposing(th, mo, "space", w, h); got != want {
						t.Fatalf("%s at %dx%d: View drew\n%s\nwant\n%s", name, w, h, got, want)
					}
				}
			}
		}
	}
}

// A window that takes one of View's last layouts (the number in words,
// without the details) costs less than three times one the first layout
// fits: the layouts before it are counted, and only their number drawn.
func TestViewTriesLayoutsWithoutDrawingThem(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	th := fitThemes()[1]
	for _, name := range []string{"ask", "sides"} {
		mo := fitMoments()[name]
		for i := range 30 {
			mo.Details = append(mo.Details, fmt.Sprintf("detail %d · of many", i))
		}
		const w, tall, short = 200, 200, 40 // both 40 rows or more: the largest digits are tried first
		if bigScale(mo, w, short) != 3 {
			t.Fatalf("%s: the digits are not tried at 3×3 at %dx%d", name, w, short)
		}
		if v := View(th, mo, "", w, short); strings.Contains(v, "detail 0") {
			t.Fatalf("%s: the details fit at %dx%d:\n%s", name, w, short, v)
		}
		first := testing.AllocsPerRun(5, func() { _ = View(th, mo, "", w, tall) })
		last := testing.AllocsPerRun(5, func() { _ = View(th, mo, "", w, short) })
		// Composing each layout whole made it four times the first's;
		// the number is still drawn at each size tried (the sides' at
		// five), which costs about as much again as the first.
		if last > 3*first {
			t.Errorf("%s: %.0f allocations at %dx%d, where a last layout fits, %.0f at %dx%d, where the first does",
				name, last, w, short, first, w, tall)
		}
	}
}
