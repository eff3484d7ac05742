package present_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file; got:\n%s", name, got)
	}
}

// fits checks that a view is exactly w×h.
func fits(t *testing.T, v string, w, h int) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Fatalf("%dx%d: %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw != w {
			t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, lw, l)
		}
	}
}

func key(s string) tea.KeyMsg {
	switch s {
	case "ctrl+p":
		return tea.KeyMsg{Type: tea.KeyCtrlP}
	case " ":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

func send(m tea.Model, msgs ...tea.Msg) tea.Model {
	for _, msg := range msgs {
		m, _ = m.Update(msg)
	}
	return m
}

// The sandbox in presentation mode at a projector's 100x30 and at 80x24:
// the workers held in big digits, the dependency's state in words, the
// scenario's sentence, the last key in the corner, no key help.
func TestSandboxPresented(t *testing.T) {
	b, _ := scenarios.Lookup("cascade")
	th := theme.New(theme.Plain())
	for _, sz := range [][2]int{{100, 30}, {80, 24}, {120, 40}, {200, 60}} {
		sb, err := sandbox.New(sandbox.Options{Theme: th, Scenario: b.Build(), Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		m := send(present.Wrap(sb, th, false), tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		if strings.Contains(m.View(), "workers held") {
			t.Fatal("presentation mode is on before ctrl+p")
		}
		m = send(m, key("ctrl+p"), key(strings.Repeat(".", 150)))
		v := m.View()
		fits(t, v, sz[0], sz[1])
		snap := m.(present.Model).Inner().(sandbox.Model).Snapshot()
		if big := present.Big(snapWords(snap.Busy, snap.Workers)); !containsScaled(v, big[0]) || !strings.Contains(v, "workers held") {
			t.Errorf("the workers held are not in big digits:\n%s", v)
		}
		for _, want := range []string{"15.0 s / 30.0 s", "[. ×150]", "recommendations: fault: hang"} {
			if !strings.Contains(v, want) {
				t.Errorf("%dx%d lacks %q:\n%s", sz[0], sz[1], want, v)
			}
		}
		if strings.Contains(v, "? keys") {
			t.Errorf("the key help is shown:\n%s", v)
		}
		golden(t, "sandbox-cascade-15s-"+size(sz), v)
		if v := send(m, key("ctrl+p")).View(); !strings.Contains(v, "? keys") {
			t.Errorf("ctrl+p did not leave presentation mode:\n%s", v)
		}
	}
}

// containsScaled reports whether v holds row, or row with each cell drawn
// two or three times as wide, as a large window draws the digits.
func containsScaled(v, row string) bool {
	for k := 1; k <= 3; k++ {
		if strings.Contains(v, scaledRow(row, k)) {
			return true
		}
	}
	return false
}

func scaledRow(row string, k int) string {
	var b strings.Builder
	for _, r := range row {
		b.WriteString(strings.Repeat(string(r), k))
	}
	return b.String()
}

// A large window draws the big number larger: three cells a cell at
// 120×40 and 200×60 (two when the rest of the screen needs the rows), one
// at 100×30.
func TestLargerWindowsDrawLargerDigits(t *testing.T) {
	th := theme.New(theme.Plain())
	mo := present.Moment{Title: "t", Clock: "⏸ 1.0 s / 30.0 s", Label: "workers held", Value: 200, Of: 200, Caption: "a caption"}
	big := present.Big("200/200")
	for _, c := range []struct{ w, h, k int }{{100, 30, 1}, {120, 40, 3}, {200, 60, 3}} {
		v := present.View(th, mo, "", c.w, c.h)
		if !strings.Contains(v, scaledRow(big[0], c.k)) || (c.k < 3 && strings.Contains(v, scaledRow(big[0], c.k+1))) {
			t.Errorf("at %dx%d the digits should be %d cells a cell:\n%s", c.w, c.h, c.k, v)
		}
	}
}

func snapWords(busy, workers int) string { return fmt.Sprintf("%d/%d", busy, workers) }

func size(sz [2]int) string { return fmt.Sprintf("%dx%d", sz[0], sz[1]) }

// Lesson 1's third step in presentation mode: its number held back until
// the guess, and its question as the caption.
func TestLessonPresented(t *testing.T) {
	racefree.Only(t) // a lesson prepared and drawn, no goroutine
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	p, err := lessons.Prepare(all[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	th := theme.New(theme.Plain())
	for _, sz := range [][2]int{{100, 30}, {80, 24}, {120, 40}, {200, 60}} {
		pl, err := lessonui.New(p, lessonui.Options{Theme: th, Step: 2})
		if err != nil {
			t.Fatal(err)
		}
		m := send(present.Wrap(pl, th, true), tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		v := m.View()
		fits(t, v, sz[0], sz[1])
		// The step asks a prediction: its question is the caption.
		caption := "Predict: " + p.Steps[2].Predict.Prompt
		if !strings.Contains(strings.Join(strings.Fields(v), " "), strings.Join(strings.Fields(caption), " ")) {
			t.Errorf("the question %q is not on screen:\n%s", caption, v)
		}
		if !strings.Contains(v, "step 3 of") {
			t.Errorf("the title does not say the step:\n%s", v)
		}
		golden(t, "lesson-1-step-3-"+size(sz), v)
	}
}

// A screen without a key number is shown as it is, its last line (the
// key help) given to the key corner.
func TestFrameDropsTheHelp(t *testing.T) {
	th := theme.New(theme.Plain())
	view := "title\nbody\nq quit • ? help"
	v := present.Frame(th, view, "j", 20, 3)
	if strings.Contains(v, "quit") || !strings.HasSuffix(v, "[j] ") || !strings.HasPrefix(v, "title") {
		t.Fatalf("frame:\n%s", v)
	}
	fits(t, v, 20, 3)
}

// The key stays in the corner until its own fade: an earlier key's fade
// does not clear a later key; another corner's fade is not taken.
func TestKeysFade(t *testing.T) {
	var k, other present.Keys
	first := k.Show(key("a"))
	second := k.Show(key("b"))
	_ = second
	// A fade is a tick; build the messages without waiting.
	if k.Last != "b" {
		t.Fatalf("corner shows %q", k.Last)
	}
	msg := runTick(t, first)
	if other.Fade(msg) {
		t.Fatal("another corner took the fade")
	}
	if !k.Fade(msg) || k.Last != "b" {
		t.Fatalf("the first key's fade cleared the second: %q", k.Last)
	}
	if !k.Fade(runTick(t, second)) || k.Last != "" {
		t.Fatalf("the second key's fade left %q", k.Last)
	}
	if w := present.KeyWords(key(" ")); w != "space" {
		t.Errorf("space shows as %q", w)
	}
}

func runTick(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case msg := <-done:
		return msg
	case <-time.After(5 * time.Second):
		t.Fatal("the fade never came")
	}
	return nil
}

// The projector's theme on a colour terminal styles the big number, and
// under NO_COLOR the same screen is plain text: the words carry it.
func TestPresentedColourAndNoColor(t *testing.T) {
	mo := present.Moment{Title: "t", Clock: "⏸ 1.0 s / 2.0 s", Value: 3, Of: 4, Label: "workers held", Details: []string{"dep: breaker open"}, Caption: "One sentence."}
	r := theme.Plain()
	r.SetColorProfile(termenv.ANSI256)
	if v := present.View(theme.New(r, theme.HighContrast()), mo, "x", 100, 30); !strings.Contains(v, "\x1b[") {
		t.Error("no styling on a colour terminal")
	}
	v := present.View(theme.New(theme.Plain(), theme.HighContrast()), mo, "x", 100, 30)
	if strings.Contains(v, "\x1b[") {
		t.Errorf("NO_COLOR: styled output %q", v)
	}
	for _, want := range []string{"workers held", "breaker open", "One sentence.", "[x]"} {
		if !strings.Contains(v, want) {
			t.Errorf("lacks %q", want)
		}
	}
	// Too short for the digits: the number in words.
	if v := present.View(theme.New(theme.Plain()), mo, "", 60, 12); !strings.Contains(v, "3 / 4 workers held") {
		t.Errorf("at 60x12:\n%s", v)
	}
}
