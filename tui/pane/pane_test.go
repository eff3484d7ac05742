package pane_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// sized is a pane as the sandbox drives it.
type sized interface {
	tea.Model
	SetSize(w, h int)
	SetData(pane.Data)
}

// The sizes these panes get in the sandbox's layout at 80×24, 100×30 and 160×48.
var (
	poolWidths   = []int{36, 45, 72}
	breakerSizes = [][2]int{{44, 12}, {55, 15}, {88, 16}}
)

func TestPoolGolden(t *testing.T) {
	cases := []struct {
		name    string
		variant int
		at      float64
	}{
		{"shared-12s", 0, 12},   // recommendations hold the whole pool
		{"bulkhead-22s", 1, 22}, // the bulkhead stops them at 20
	}
	for _, c := range cases {
		d := tuitest.At(t, "cascade", c.variant, c.at)
		for _, w := range poolWidths {
			p := pane.NewPool(tuitest.Plain())
			p.SetData(d)
			sz := [2]int{w, p.Needs(w)}
			p.SetSize(sz[0], sz[1])
			v := p.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			golden.Check(t, fmt.Sprintf("pool-%s-%dx%d", c.name, sz[0], sz[1]), v)
		}
	}
}

func TestPoolShowsWhoHoldsTheWorkers(t *testing.T) {
	p := pane.NewPool(tuitest.Plain())
	p.SetData(tuitest.At(t, "cascade", 0, 12.5))
	p.SetSize(45, 13)
	v := p.View()
	for _, want := range []string{"FULL 200/200 busy", "r recommendations 199", "free 0"} {
		if !strings.Contains(v, want) {
			t.Errorf("pool at 12 s lacks %q:\n%s", want, v)
		}
	}
	if n := strings.Count(v, "r"); n < 200 {
		t.Errorf("expected 200 cells held by recommendations, counted %d r's", n)
	}

	p.SetData(tuitest.At(t, "cascade", 1, 22))
	v = p.View()
	if !strings.Contains(v, "bulkhead recommendations 20/20 full") {
		t.Errorf("bulkhead variant at 22 s does not show a full bulkhead of 20:\n%s", v)
	}
}

// A row of cells never runs past the pane: groups of ten get their spaces
// only where there is room for them (at 72 columns, 70 cells a row have
// none).
func TestPoolRowsFitTheirWidth(t *testing.T) {
	for w := 24; w <= 120; w++ {
		p := pane.NewPool(tuitest.Plain())
		p.SetData(tuitest.At(t, "cascade", 0, 12))
		p.SetSize(w, 12)
		for _, l := range strings.Split(ansi.Strip(p.View()), "\n") {
			if cellRow.MatchString(l) && strings.Contains(l, "…") {
				t.Fatalf("width %d: a row of cells is cut:\n%s", w, p.View())
			}
		}
	}
}

// cellRow is a line of the pool's cells, inside the frame.
var cellRow = regexp.MustCompile(`^│[rps· ]+…?│$`)

func TestPoolScalesCellsWhenThePoolDoesNotFit(t *testing.T) {
	p := pane.NewPool(tuitest.Plain())
	p.SetData(tuitest.At(t, "cascade", 0, 12))
	p.SetSize(36, 6)
	v := p.View()
	tuitest.CheckBlock(t, v, 36, 6)
	if !strings.Contains(v, "per cell") && !strings.Contains(v, "/cell") {
		t.Errorf("a pool too big for the pane should say how many workers a cell is:\n%s", v)
	}
}

func TestBreakerGolden(t *testing.T) {
	cases := []struct {
		name    string
		variant int
		at      float64
	}{
		{"open-26s", 2, 26},
		{"none", 0, 12},
	}
	for _, c := range cases {
		d := tuitest.At(t, "cascade", c.variant, c.at)
		for _, sz := range breakerSizes {
			b := pane.NewBreaker(tuitest.Plain())
			b.SetData(d)
			b.SetSize(sz[0], sz[1])
			v := b.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			golden.Check(t, fmt.Sprintf("breaker-%s-%dx%d", c.name, sz[0], sz[1]), v)
		}
	}
}

// Each fallback answers the calls an open breaker refuses its own way, and
// the pane says which: a fail-fast fallback is a 503 with Retry-After, not
// an answer.
func TestBreakerSaysWhatEachFallbackAnswers(t *testing.T) {
	withFallback := func(d pane.Data, fb engine.FallbackKind, queued uint64) pane.Data {
		s := *d.Snap
		s.Dependencies = slices.Clone(s.Dependencies)
		for i := range s.Dependencies {
			if s.Dependencies[i].Breaker != nil {
				s.Dependencies[i].Fallback = fb
				s.Dependencies[i].QueuedForLater = queued
			}
		}
		d.Snap = &s
		return d
	}
	open, halfOpen := tuitest.At(t, "cascade", 2, 26), tuitest.At(t, "cascade", 2, 22)
	cases := []struct {
		name string
		d    pane.Data
		want string
	}{
		{"none/open", withFallback(open, engine.NoFallback, 0), "1,103 rejected, no fallback"},
		{"cached/open", open, "1,103 refused, answered from the cache"},
		{"default/open", withFallback(open, engine.DefaultFallback, 0), "1,103 refused, answered with a default"},
		{"queue/open", withFallback(open, engine.QueueFallback, 1103), "1,103 refused, 1,103 stored to be done later"},
		{"none/half-open", withFallback(halfOpen, engine.NoFallback, 0), "the others are rejected"},
		{"cached/half-open", halfOpen, "the others are answered from the cache"},
		{"default/half-open", withFallback(halfOpen, engine.DefaultFallback, 0), "the others are answered with a default"},
		{"queue/half-open", withFallback(halfOpen, engine.QueueFallback, 0), "the others are stored to be done later"},
		// The checkout's protected variant has a fail-fast fallback.
		{"fail-fast/open", tuitest.At(t, "checkout", 3, 2), "7 rejected with a 503 and Retry-After (last: 0.6 s)"},
		{"fail-fast/half-open", tuitest.At(t, "checkout", 3, 3), "the others are rejected with a 503 and Retry-After"},
	}
	for _, c := range cases {
		b := pane.NewBreaker(tuitest.Plain())
		b.SetData(c.d)
		b.SetSize(120, 18)
		v := ansi.Strip(b.View())
		if !strings.Contains(v, c.want) {
			t.Errorf("%s: the breaker pane lacks %q:\n%s", c.name, c.want, v)
		}
		if strings.Contains(v, "answered by the fallback") {
			t.Errorf("%s: the pane should name the fallback's answer:\n%s", c.name, v)
		}
	}
}

func TestBreakerNamesTheLitState(t *testing.T) {
	cases := []struct {
		at   float64
		want []string
	}{
		{5, []string{"● CLOSED", "○ open", "○ half-open", "every call goes through", "none yet"}},
		{16, []string{"● OPEN", "○ closed", "OPEN · trials in 4.1 s", "closed → open: 10 of the last 20 calls failed (50%)"}},
		{22, []string{"● HALF-OPEN", "HALF-OPEN · 3 of 3 trials sent", "trials 3 of 3 sent, 0 passed", "open → half-open: the open wait ran out"}},
		{26, []string{"● OPEN", "half-open → open: a trial call failed"}},
	}
	for _, c := range cases {
		b := pane.NewBreaker(tuitest.Plain())
		b.SetData(tuitest.At(t, "cascade", 2, c.at))
		b.SetSize(80, 18)
		v := ansi.Strip(b.View())
		for _, w := range c.want {
			if !strings.Contains(v, w) {
				t.Errorf("at %v s the breaker pane lacks %q:\n%s", c.at, w, v)
			}
		}
	}
}

func TestBreakerWindowMarks(t *testing.T) {
	b := pane.NewBreaker(tuitest.Plain())
	b.SetData(tuitest.At(t, "cascade", 2, 16))
	b.SetSize(60, 18)
	v := b.View()
	if !strings.Contains(v, "window ✓✓✓✓✓✓✓✓✓✓✗✗✗✗✗✗✗✗✗✗") || !strings.Contains(v, "opened: 10 of last 20 failed (50% ≥ 50%)") {
		t.Errorf("the window row should show 10 ✓, 10 ✗ and the rate against the threshold:\n%s", v)
	}
}

func TestBreakerLogKeepsTheLatest(t *testing.T) {
	// breaker-timeline trips and probes four times: nine transitions.
	b := pane.NewBreaker(tuitest.Plain())
	b.SetData(tuitest.At(t, "breaker-timeline", 0, 120))
	b.SetSize(70, 14)
	v := b.View()
	tuitest.CheckBlock(t, v, 70, 14)
	if !strings.Contains(v, "earlier not shown") || !strings.Contains(v, "   85 s  half-open → closed") {
		t.Errorf("a long log should show its latest entries and say how many it left out:\n%s", v)
	}
}

func TestStatusGolden(t *testing.T) {
	info := pane.StatusInfo{Playing: true, Speed: 2, Now: 12_300_000_000, Duration: 30_000_000_000,
		Scenario: "cascade", Variant: "one shared pool of 200 threads", Variants: 3, Seed: 5}
	for _, w := range []int{80, 100, 160, 30} {
		s := pane.NewStatus(tuitest.Plain())
		s.SetSize(w, 1)
		s.SetInfo(info)
		v := s.View()
		tuitest.CheckBlock(t, v, w, 1)
		golden.Check(t, fmt.Sprintf("status-%d", w), v)
	}
}

func TestStatusStates(t *testing.T) {
	s := pane.NewStatus(tuitest.Plain())
	s.SetSize(100, 1)
	for _, c := range []struct {
		info pane.StatusInfo
		want string
	}{
		{pane.StatusInfo{Playing: true, Speed: 1}, "▶ playing"},
		{pane.StatusInfo{Speed: 0.1}, "⏸ paused"},
		{pane.StatusInfo{Finished: true, Speed: 100}, "■ finished"},
		{pane.StatusInfo{Speed: 100}, "×100"},
		{pane.StatusInfo{Speed: 0.1}, "×0.1"},
		{pane.StatusInfo{Edited: true, Scenario: "cascade", Variants: 1}, "(edited)"},
		{pane.StatusInfo{Note: "no such variant", NoteIsErr: true}, "no such variant"},
		{pane.StatusInfo{Scenario: "cascade", Variant: "one shared pool", Variants: 3, VariantIndex: 1}, "2/3 one shared pool"},
		{pane.StatusInfo{Scenario: "shuffle", Variant: "plain vs shuffle"}, "shuffle · plain vs shuffle · seed 0"},
	} {
		s.SetInfo(c.info)
		if v := s.View(); !strings.Contains(v, c.want) {
			t.Errorf("status %+v lacks %q: %q", c.info, c.want, v)
		}
	}
}

// Every pane fills exactly its size, at any size, before and after data.
func TestPanesFillTheirSize(t *testing.T) {
	d := tuitest.At(t, "cascade", 2, 26)
	for _, mk := range []func(*theme.Theme) sized{
		func(th *theme.Theme) sized { return pane.NewPool(th) },
		func(th *theme.Theme) sized { return pane.NewBreaker(th) },
	} {
		for w := 0; w <= 90; w += 7 {
			for h := 0; h <= 20; h += 3 {
				p := mk(tuitest.Plain())
				p.SetSize(w, h)
				if w > 0 && h > 0 {
					tuitest.CheckBlock(t, p.View(), w, h)
				}
				p.SetData(d)
				if w > 0 && h > 0 {
					tuitest.CheckBlock(t, p.View(), w, h)
				}
			}
		}
	}
}

// Colour changes no layout: the coloured view, stripped, is the plain one.
func TestColourDoesNotMoveAnything(t *testing.T) {
	d := tuitest.At(t, "cascade", 2, 26)
	for _, mk := range []func(*theme.Theme) sized{
		func(th *theme.Theme) sized { return pane.NewPool(th) },
		func(th *theme.Theme) sized { return pane.NewBreaker(th) },
	} {
		plain, color := mk(tuitest.Plain()), mk(tuitest.Color())
		for _, p := range []sized{plain, color} {
			p.SetSize(55, 14)
			p.SetData(d)
		}
		cv := color.View()
		if cv == plain.View() {
			t.Errorf("%T: the colour theme added no colour", plain)
		}
		if ansi.Strip(cv) != plain.View() {
			t.Errorf("%T: colour changed the layout:\n%s\n---\n%s", plain, ansi.Strip(cv), plain.View())
		}
	}
}

// An unchanged snapshot costs nothing: View hands back the cached string.
func TestViewIsCachedUntilTheDataChanges(t *testing.T) {
	d := tuitest.At(t, "cascade", 2, 26)
	for _, p := range []sized{pane.NewPool(tuitest.Color()), pane.NewBreaker(tuitest.Color())} {
		p.SetSize(55, 14)
		p.SetData(d)
		_ = p.View()
		if n := testing.AllocsPerRun(20, func() { p.SetData(d); _ = p.View() }); n > 10 {
			t.Errorf("%T: %v allocations a frame with unchanged data; want the cache", p, n)
		}
	}
}

func TestLetters(t *testing.T) {
	got := string(pane.Letters([]string{"search", "profile", "Recommendations", "reports", "sss", ""}))
	if got != "spre12" {
		t.Errorf("Letters = %q, want %q", got, "spre12")
	}
}

func TestFitAndFrame(t *testing.T) {
	if got := pane.Fit("abcdef", 4); got != "abc…" {
		t.Errorf("Fit clips to %q", got)
	}
	if got := pane.Fit("ab", 4); got != "ab  " {
		t.Errorf("Fit pads to %q", got)
	}
	th := tuitest.Plain()
	for w := 0; w < 30; w++ {
		for h := 0; h < 5; h++ {
			f := pane.Frame(th, w, h, "a rather long title", "a note", []string{"body line that is long"})
			if len(f) != h {
				t.Fatalf("Frame(%d, %d) gave %d lines", w, h, len(f))
			}
			for _, l := range f {
				if ansi.StringWidth(l) != w {
					t.Fatalf("Frame(%d, %d) line %q is %d wide", w, h, l, ansi.StringWidth(l))
				}
			}
		}
	}
}

// A scenario with two breakers: b shows the next one.
func TestBreakerNextCyclesBreakers(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	sys := &sc.Variants[2].System
	cfg := *sys.Dependencies[2].Policy.Breaker
	sys.Dependencies[0].Policy.Breaker = &cfg
	d := runData(t, sc, 2, 16*time.Second)
	b := pane.NewBreaker(tuitest.Plain())
	b.SetSize(80, 18)
	b.SetData(d)
	if dep, _ := b.Showing(); dep != "search-index" || !strings.Contains(b.View(), "1 of 2") {
		t.Fatalf("first breaker shown: %q\n%s", dep, b.View())
	}
	b.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("b")})
	b.SetData(d)
	if dep, _ := b.Showing(); dep != "recommendations" || !strings.Contains(b.View(), "2 of 2") || !strings.Contains(b.View(), "● OPEN") {
		t.Fatalf("b should show the second breaker, open at 16 s: %q\n%s", dep, b.View())
	}
}

// The richer breakers: a time window, a slow-call rule, a run of failures.
func TestBreakerRicherRules(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	bc := sc.Variants[2].System.Dependencies[2].Policy.Breaker
	bc.Window, bc.WindowSize, bc.WindowSpan, bc.MinimumCalls = breaker.TimeWindow, 0, 10*time.Second, 20
	bc.SlowCallDuration, bc.SlowCallRate = time.Second, 0.8
	bc.MaxConsecutiveFailures = 5
	for _, at := range []time.Duration{5 * time.Second, 16 * time.Second} {
		d := runData(t, sc, 2, at)
		b := pane.NewBreaker(tuitest.Plain())
		b.SetSize(100, 20)
		b.SetData(d)
		v := b.View()
		tuitest.CheckBlock(t, v, 100, 20)
		for _, want := range []string{"opens when ≥ 50% of calls in 10 s fail or ≥ 80% slower than 1 s or 6 failures in a row",
			"≥50% of 10 s fail or ≥80% slow or 6 ✗ in a row", "last 10 s ", "in a row (opens at 6)", "slow"} {
			if !strings.Contains(v, want) {
				t.Errorf("at %v the pane lacks %q:\n%s", at, want, v)
			}
		}
	}
}

func runData(t *testing.T, sc *engine.Scenario, v int, at time.Duration) pane.Data {
	t.Helper()
	r, err := engine.New(sc, v, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(at)
	s := r.Snapshot()
	return pane.Data{Snap: &s, Gen: 1, Faults: pane.FaultSpans(sc, v)}
}

func TestTitledShortensRatherThanCuts(t *testing.T) {
	titles, notes := []string{"Worker pool", "Pool"}, []string{"6 per cell · FULL 200/200 busy", "6/cell · FULL 200/200 busy"}
	for _, c := range []struct {
		w           int
		title, note string
	}{
		{60, "Worker pool", "6 per cell · FULL 200/200 busy"},
		// One dash at least between the title and the note: a pair that
		// left none ran the two spaces together ("Outcomes  hidden: ...").
		{46, "Worker pool", "6/cell · FULL 200/200 busy"},
		{45, "Pool", "6 per cell · FULL 200/200 busy"},
		{43, "Pool", "6 per cell · FULL 200/200 busy"},
		{42, "Pool", "6/cell · FULL 200/200 busy"},
		{40, "Pool", "6/cell · FULL 200/200 busy"},
		{10, "Pool", "6/cell · FULL 200/200 busy"},
	} {
		title, note := pane.Titled(c.w, titles, notes)
		if title != c.title || note != c.note {
			t.Errorf("Titled(%d) = %q, %q; want %q, %q", c.w, title, note, c.title, c.note)
		}
		if c.w >= 40 {
			top := strings.Split(strings.Join(pane.Frame(tuitest.Plain(), c.w, 3, title, note, nil), "\n"), "\n")[0]
			if strings.Contains(top, "…") {
				t.Errorf("width %d: the top edge is cut: %s", c.w, top)
			}
			if strings.Contains(top, "  ") {
				t.Errorf("width %d: the title and the note run together: %s", c.w, top)
			}
		}
	}
}

func TestWrapKeepsHyphenatedWordsWhole(t *testing.T) {
	got := pane.Wrap("the breaker goes half-open and then fail-fast", 20)
	for _, l := range got {
		if strings.HasSuffix(l, "-") {
			t.Errorf("a line ends in a hyphen: %q", got)
		}
	}
	if strings.Join(got, " ") != "the breaker goes half-open and then fail-fast" {
		t.Errorf("Wrap lost or changed words: %q", got)
	}
	if got := pane.Wrap("01-consecutive-breaker-and-more", 10); len(got) < 2 {
		t.Errorf("a word longer than the line is still cut: %q", got)
	}
}

// A note with a short form keeps it whole when the note does not fit:
// the command w writes, not the note cut short.
func TestStatusNoteShortStaysWhole(t *testing.T) {
	s := pane.NewStatus(tuitest.Plain())
	s.SetSize(80, 1)
	long := "wrote /home/ada/scenarios/cascade-edited.toml: breakerlab run /home/ada/scenarios/cascade-edited.toml --seed 5 gives these numbers"
	short := "wrote it: breakerlab run /home/ada/scenarios/cascade-edited.toml --seed 5"
	s.SetInfo(pane.StatusInfo{Scenario: "cascade", Variant: "shared pool", Variants: 3, Seed: 5, Note: long, NoteShort: short})
	v := ansi.Strip(s.View())
	if !strings.Contains(v, short) || ansi.StringWidth(s.View()) != 80 {
		t.Errorf("the short note should be whole on an 80-column line: %q", v)
	}
	s.SetInfo(pane.StatusInfo{Scenario: "cascade", Variant: "shared pool", Variants: 3, Seed: 5, Note: "paused"})
	if v := ansi.Strip(s.View()); !strings.Contains(v, "paused") || !strings.Contains(v, "0.0 s") {
		t.Errorf("a note that fits keeps the clock: %q", v)
	}
}
