package challengeui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// plainLines is the view as lines of plain text.
func plainLines(m Model) []string { return strings.Split(ansi.Strip(m.View()), "\n") }

// lineWith is the first line of the view holding s, or "".
func lineWith(m Model, s string) string {
	for _, l := range plainLines(m) {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// readPage is the text of the brief's or the keys' page from where it is
// scrolled to its end, j after j, its words joined by single spaces.
func readPage(t *testing.T, m Model) string {
	t.Helper()
	var read []string
	seen := map[string]bool{}
	for range 200 {
		view := m.View()
		lines := plainLines(m)
		for _, l := range lines[2 : len(lines)-1] {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "↓ ") && !seen[l] {
				seen[l] = true
				read = append(read, l)
			}
		}
		if m = press(t, m, "j"); m.page == onPanel || m.View() == view {
			break
		}
	}
	return strings.Join(strings.Fields(strings.Join(read, " ")), " ")
}

// A design that falls short on one seed only is played, and named, on
// that seed: bulkhead 21 refuses good calls on seed 3 alone, and v played
// seed 1, where it passes.
func TestWatchPlaysTheSeedThatFallsShort(t *testing.T) {
	m := sized(t, open(t, "bulkhead-20", Options{}), 80, 24)
	m = press(t, m, "enter", "2", "1", "enter")
	r := m.Result()
	if r == nil || r.Goals[1].Pass {
		t.Fatalf("bulkhead 21 should refuse a good call on some seed: %+v", r)
	}
	var short []uint64
	for _, ms := range r.Goals[1].Measures {
		if !ms.OK {
			short = append(short, ms.Seed)
		}
	}
	if len(short) != 1 || short[0] == m.c.Seeds[0] {
		t.Fatalf("the case wanted is one seed falling short, not the first: %v", short)
	}
	want := fmt.Sprintf("seed %d", short[0])
	if l := lineWith(m, "falls short"); !strings.Contains(l, "v plays it on "+want) {
		t.Errorf("the status should say v plays %s: %q", want, l)
	}
	if l := lineWith(m, "good calls refused"); !strings.Contains(l, "on "+want) || !strings.Contains(l, "✗") {
		t.Errorf("the goal that falls short should name %s: %q", want, l)
	}
	m = press(t, m, "v")
	if l := lineWith(m, "paused"); !strings.Contains(l, want) {
		t.Errorf("v should play %s; the sandbox's status bar: %q", want, l)
	}
	// Beside the panel the sandbox plays it too.
	m = sized(t, open(t, "bulkhead-20", Options{}), 160, 48)
	m = press(t, m, "enter", "2", "1", "enter")
	if l := lineWith(m, "paused"); !strings.Contains(l, want) {
		t.Errorf("the sandbox beside the panel should play %s: %q", want, l)
	}
}

// At 80×24 the layer-order challenge's two whys took every line the
// brief had: the panel showed no word of the brief, nor where to read
// it. Every challenge's panel keeps the brief's first line and, when the
// brief is cut, a pointer to the page that has it whole.
func TestThePanelKeepsTheBriefsFirstLine(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{80, 24}, {100, 30}, {160, 48}} {
		for _, c := range all {
			m := sized(t, open(t, c.ID, Options{}), size[0], size[1])
			for _, s := range []struct {
				name string
				m    Model
			}{{"open", m}, {"back to the start", press(t, m, "ctrl+r")}} {
				w, _ := s.m.panelShown()
				brief := s.m.briefLines(min(w, 100) - 2)
				lines := plainLines(s.m)
				where := fmt.Sprintf("%s, %s, at %dx%d", c.ID, s.name, size[0], size[1])
				// A design the engine refuses says why, whole, and a
				// note says what a key did: neither gives way to the
				// brief, which then has its pointer at least.
				if s.m.gradeErr != "" && strings.Contains(lines[1], "… i shows the") {
					continue
				}
				if !strings.Contains(lines[1], strings.TrimSpace(brief[0])) {
					t.Errorf("%s: the second row should start the brief (%q):\n%s", where, brief[0], strings.Join(lines, "\n"))
					continue
				}
				v := strings.Join(lines, "\n")
				if !strings.Contains(v, strings.TrimSpace(brief[len(brief)-1])) && !strings.Contains(v, "… i shows the") {
					t.Errorf("%s: the brief is cut with no word of where it is:\n%s", where, v)
				}
			}
		}
	}
}

// The brief's page at 80×24 cut the hint and the par ("…"), and any key
// left it; it scrolls, says what is below, and any other key still
// leaves.
func TestTheBriefsPageScrolls(t *testing.T) {
	m := sized(t, open(t, "layer-order", Options{}), 80, 24)
	m = press(t, m, "i")
	first := ansi.Strip(m.View())
	if !strings.Contains(first, "more lines") || !strings.Contains(first, "any other key goes back") {
		t.Fatalf("the page at 80×24 should say there is more below and how to scroll:\n%s", first)
	}
	if strings.Contains(first, "Par:") {
		t.Fatalf("the case wanted is a page whose par is below the window:\n%s", first)
	}
	// Line by line to the end: the hint and the par whole on the way.
	text := readPage(t, m)
	for range 100 {
		view := m.View()
		tuitest.CheckBlock(t, view, 80, 24)
		if m = press(t, m, "j"); m.page != onAbout {
			t.Fatalf("j should scroll the page, not leave it")
		}
		if m.View() == view {
			break // the end
		}
	}
	if lineWith(m, " ↓ ") != "" {
		t.Errorf("at the end the page still says there is more below:\n%s", m.View())
	}
	for _, want := range []string{"Hint: " + strings.Join(strings.Fields(m.c.Hint), " "), "Par: ", m.c.StarsRule()} {
		if !strings.Contains(text, want) {
			t.Errorf("scrolled to the end, the page never showed %q:\n%s", want, text)
		}
	}
	if !strings.Contains(ansi.Strip(m.View()), "About this challenge · ↑") {
		t.Errorf("scrolled down, the title should say there is more above:\n%s", m.View())
	}
	end := pageTop(m)
	if m = press(t, m, "pgdown"); pageTop(m) != end {
		t.Errorf("pgdn at the end moved the page: %d, was %d", pageTop(m), end)
	}
	if m = press(t, m, "pgup", "pgup", "pgup"); pageTop(m) != 0 || ansi.Strip(m.View()) != first {
		t.Errorf("pgup back to the top: scroll %d\n%s", pageTop(m), m.View())
	}
	if m = press(t, m, "x"); m.page != onPanel {
		t.Errorf("any other key should leave the page: page %v", m.page)
	}
	// Opened again, it starts at the top.
	if m = press(t, m, "i", "pgdown", "esc", "i"); pageTop(m) != 0 {
		t.Errorf("the page opened again at line %d", pageTop(m))
	}
}

// pageTop is the first line the page on screen shows.
func pageTop(m Model) int {
	_, lines := m.pageText()
	return m.scroll.At(len(lines), m.pageRows())
}

// "stuck? s shows the reference solution" offered the solution on a level
// the learner had already earned three stars on.
func TestNoSolutionOfferAtThreeStars(t *testing.T) {
	for _, best := range []bool{false, true} {
		p, err := challenge.OpenProgress(filepath.Join(t.TempDir(), "challenges.json"))
		if err != nil {
			t.Fatal(err)
		}
		m := sized(t, open(t, "bulkhead-20", Options{Progress: p}), 80, 24)
		if best {
			m = press(t, m, "enter", "2", "2", "enter") // 22: three stars
			if m.best != 3 {
				t.Fatalf("bulkhead 22 should earn three stars, best %d", m.best)
			}
		}
		m = tried(m)
		m = press(t, m, "enter", "5", "enter") // falls short
		if r := m.Result(); r == nil || r.Pass {
			t.Fatalf("bulkhead 5 should fall short: %+v", r)
		}
		panel := ansi.Strip(m.View())
		about := strings.Join(m.aboutText(), " ")
		offered := strings.Contains(panel, "stuck? s shows the reference solution")
		explained := strings.Contains(about, "Stuck? Once")
		if best && (offered || explained) {
			t.Errorf("at ★★★ the solution is still offered: panel %v, brief's page %v\n%s", offered, explained, panel)
		}
		if !best && !offered {
			t.Errorf("below ★★★, after three tries, the panel should offer the solution:\n%s", panel)
		}
	}
}
