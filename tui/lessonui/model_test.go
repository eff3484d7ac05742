package lessonui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

var (
	prepOnce sync.Once
	prepared []*lessons.Prepared
	prepErr  error
)

// allLessons prepares every built-in lesson once, with one lab.
func allLessons(t *testing.T) []*lessons.Prepared {
	t.Helper()
	prepOnce.Do(func() {
		all, err := lessons.All()
		if err != nil {
			prepErr = err
			return
		}
		lab := lessons.NewLab()
		for _, l := range all {
			p, err := lessons.Prepare(l, lab)
			if err != nil {
				prepErr = err
				return
			}
			prepared = append(prepared, p)
		}
	})
	if prepErr != nil {
		t.Fatal(prepErr)
	}
	return prepared
}

func open(t *testing.T, p *lessons.Prepared, step, w, h int, o Options) Model {
	t.Helper()
	if o.Theme == nil {
		o.Theme = tuitest.Plain()
	}
	o.Step = step
	m, err := New(p, o)
	if err != nil {
		t.Fatal(err)
	}
	return send(m, tea.WindowSizeMsg{Width: w, Height: h})
}

func send(m Model, msgs ...tea.Msg) Model {
	for _, msg := range msgs {
		next, _ := m.Update(msg)
		m = next.(Model)
	}
	return m
}

func keys(s string) []tea.Msg {
	var out []tea.Msg
	for _, r := range s {
		switch r {
		case '\n':
			out = append(out, tea.KeyMsg{Type: tea.KeyEnter})
		case ' ':
			out = append(out, tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
		default:
			out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
	return out
}

// play sends ticks until the simulation stops on its own. A prediction
// that holds the play back is skipped (space twice).
func play(t *testing.T, m Model) Model {
	t.Helper()
	m = send(m, keys(" ")...)
	if m.waiting() {
		m = send(m, keys(" ")...)
	}
	return runToStop(t, m)
}

// Every step of every lesson, at 80×24 and 160×48, as it opens: one golden
// file per lesson and size; no two panes share a title (checkPaneTitles).
func TestEveryStepRendersGolden(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	for _, p := range allLessons(t) {
		for _, size := range [][2]int{{80, 24}, {160, 48}} {
			w, h := size[0], size[1]
			var b strings.Builder
			m := open(t, p, 0, w, h, Options{})
			for i := range p.Steps {
				if i > 0 {
					m = send(m, keys("n")...)
				}
				if m.Step() != i {
					t.Fatalf("%s: on step %d, want %d", p.Lesson.ID, m.Step(), i)
				}
				view := m.View()
				tuitest.CheckBlock(t, view, w, h)
				if strings.Contains(view, "{{") {
					t.Errorf("%s step %d shows a placeholder", p.Lesson.ID, i+1)
				}
				where := fmt.Sprintf("%s step %d at %dx%d", p.Lesson.ID, i+1, w, h)
				tuitest.CheckWhole(t, where, view, stepSources(p, i)...)
				checkPaneTitles(t, where, m, view)
				fmt.Fprintf(&b, "──── step %d/%d ────\n%s\n", i+1, len(p.Steps), ansi.Strip(view))
			}
			golden.Check(t, fmt.Sprintf("%s-%dx%d", p.Lesson.ID, w, h), b.String())
		}
	}
}

// Playing a step stops at its pause point, and the status line says so.
// Played in one frame (inOneFrame): TestEveryStepHasNoEmptyAreaAt200x60
// plays every step at the learner's 50 ms and finds it stops at the same
// moment on the same screen.
func TestPlayingStopsAtThePausePoint(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			if !st.HasSim() {
				continue
			}
			m := open(t, p, i, 100, 30, inOneFrame(Options{}))
			onPause := m.atPause && m.Now() == st.PauseAt // TestTimePausesShowTheLabsInstant says when
			if m.Now() != st.From && !onPause {
				t.Fatalf("%s step %d opens at %v, want %v", p.Lesson.ID, i+1, m.Now(), st.From)
			}
			if !onPause {
				m = play(t, m)
			}
			want := st.End
			if st.PauseAt >= 0 {
				want = st.PauseAt
			}
			if m.Now() != want {
				t.Errorf("%s step %d stopped at %v, want %v", p.Lesson.ID, i+1, m.Now(), want)
			}
			if st.PauseAt >= 0 && st.PauseAt < st.End && !strings.Contains(m.View(), "paused here") && !strings.Contains(m.View(), "paused at "+pauseAt(&st)) {
				t.Errorf("%s step %d: the status line does not say it paused at the pause point", p.Lesson.ID, i+1)
			}
		}
	}
}

// Playing on after the pause stops where the next step takes the run over
// while its prediction waits, and reaches the end once it is made; r
// brings the step back.
func TestPlayOnRestartAndVariants(t *testing.T) {
	p := allLessons(t)[0]
	m := open(t, p, 2, 100, 30, Options{}) // the hang begins: 9 s to a pause at 11 s
	m = play(t, m)
	m = play(t, m)
	if m.Now() != p.Steps[3].From || !strings.Contains(ansi.Strip(m.View()), "n: step 4, where the run goes on") {
		t.Errorf("playing on stopped at %v, want %v, where step 4 starts", m.Now(), p.Steps[3].From)
	}
	m.predicts[3].made = true // "Who pays for it" answered
	m = play(t, m)
	if m.Now() != p.Steps[2].End || !strings.Contains(m.View(), "finished") {
		t.Errorf("playing on stopped at %v", m.Now())
	}
	m = send(m, keys("r")...)
	if m.Now() != p.Steps[2].From || m.Playing() {
		t.Errorf("restart: at %v, playing %v", m.Now(), m.Playing())
	}
	// Step 5 lets the learner switch designs; it opens on design 2, the
	// one its question asks about.
	m = open(t, p, 4, 100, 30, Options{})
	if v, _, _ := m.sim.Variant(); v != 1 {
		t.Errorf("step 5 opens on design %d, want 2", v+1)
	}
	before := m.View()
	m = send(m, keys("v")...)
	if v, n, _ := m.sim.Variant(); v != 2 || n != 3 || m.View() == before {
		t.Errorf("v: design %d of %d", v+1, n)
	}
	m = send(m, keys("v")...)
	if v, _, _ := m.sim.Variant(); v != 0 {
		t.Errorf("v wraps around: design %d", v+1)
	}
	// Elsewhere v does nothing.
	m = open(t, p, 0, 100, 30, Options{})
	if m = send(m, keys("v")...); func() int { v, _, _ := m.sim.Variant(); return v }() != 0 {
		t.Error("v changed the design on a step without choose")
	}
}

// Markdown is rendered once per step and width, never per frame. The
// first step waits for a guess with its text read across the window
// (reading), measured beside the panes too: two widths at 100×30.
func TestMarkdownRenderedOncePerStepAndWidth(t *testing.T) {
	p := allLessons(t)[0]
	m := open(t, p, 0, 100, 30, Options{})
	if n := len(m.text.done); n != 2 {
		t.Errorf("%d renderings on opening, want 2 (the whole width and beside the panes)", n)
	}
	m = send(m, keys("1")...) // the guess plays the step
	for range 50 {
		m = send(m, tickMsg{m.tickID})
		_ = m.View()
	}
	if n := len(m.text.done); n != 2 {
		t.Errorf("%d renderings after 50 frames, want 2", n)
	}
	m = send(m, tea.WindowSizeMsg{Width: 120, Height: 30}, tea.WindowSizeMsg{Width: 100, Height: 30})
	if n := len(m.text.done); n != 3 {
		t.Errorf("%d renderings after a resize and back, want 3", n)
	}
}

func TestQuestionsGiveFeedbackAndRecordProgress(t *testing.T) {
	p := allLessons(t)[0]
	path := filepath.Join(t.TempDir(), "lessons.json")
	store, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	choice, number := -1, -1
	for i, s := range p.Steps {
		if q := s.Question; q != nil && q.Kind == lessons.Choice && choice < 0 {
			choice = i
		}
		if q := s.Question; q != nil && q.Kind == lessons.Number && number < 0 {
			number = i
		}
	}
	m := open(t, p, choice, 100, 30, Options{Store: store})
	q := p.Steps[choice].Question
	wrong, right := 0, 0
	for i, c := range q.Choices {
		if c.Right {
			right = i
		} else {
			wrong = i
		}
	}
	m = send(m, keys(fmt.Sprint(shown(m.questions[choice].order, wrong)))...)
	if v := m.View(); !strings.Contains(v, "Not quite") || m.Progress().Right(choice) {
		t.Errorf("a wrong choice:\n%s", v)
	}
	m = send(m, keys(fmt.Sprint(shown(m.questions[choice].order, right)))...)
	if v := m.View(); !strings.Contains(v, "Right") || !m.Progress().Right(choice) {
		t.Errorf("the right choice:\n%s", v)
	}

	m = open(t, p, number, 100, 30, Options{Store: store})
	m = send(m, keys("1\n")...)
	if !strings.Contains(m.View(), "too low") {
		t.Errorf("a low number:\n%s", m.View())
	}
	m = send(m, tea.KeyMsg{Type: tea.KeyBackspace})
	m = send(m, keys(p.Steps[number].Question.AnswerText+"\n")...)
	if !m.Progress().Right(number) || !strings.Contains(m.View(), "Right") {
		t.Errorf("the right number:\n%s", m.View())
	}
	// Digits typed on a numeric question are the answer, not commands:
	// n still moves on.
	m = send(m, keys("n")...)
	if m.Step() != number+1 {
		t.Errorf("n after answering: step %d", m.Step()+1)
	}

	// The save command writes the store; a new player opens where the
	// learner was and shows the answered question as answered.
	_, cmd := m.Update(keys("p")[0])
	if cmd == nil {
		t.Fatal("no save after moving")
	}
	if msg := cmd(); msg.(savedMsg).err != nil {
		t.Fatal(msg.(savedMsg).err)
	}
	again, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	m2 := open(t, p, -1, 100, 30, Options{Store: again})
	if m2.Step() != number || !strings.Contains(m2.View(), "answered this one right") {
		t.Errorf("reopened on step %d:\n%s", m2.Step()+1, m2.View())
	}
}

// shown is the key (from 1) that picks the choice with index i in the
// file, in the order the player shows.
func shown(order []int, i int) int {
	for n, x := range order {
		if x == i {
			return n + 1
		}
	}
	return -1
}

func TestStepListJumps(t *testing.T) {
	p := allLessons(t)[3]
	m := open(t, p, 0, 100, 30, Options{})
	m = send(m, keys("s")...)
	if !strings.Contains(m.View(), "Steps") {
		t.Fatalf("no step list:\n%s", m.View())
	}
	m = send(m, keys("jjj\n")...)
	if m.Step() != 3 || strings.Contains(m.View(), "enter open") {
		t.Errorf("jumped to step %d", m.Step()+1)
	}
	if !strings.Contains(m.View(), "step 4/") {
		t.Errorf("the title line does not say step 4:\n%s", m.View())
	}
}

// Nothing panics and every view fills the window exactly, down to 1×1.
func TestEverySizeDownToOneByOne(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	ps := allLessons(t)
	sizes := [][2]int{{1, 1}, {2, 1}, {1, 2}, {10, 3}, {23, 7}, {24, 8}, {40, 12}, {71, 20}, {72, 20}, {200, 60}}
	for _, p := range ps {
		for i := range p.Steps {
			m := open(t, p, i, 80, 24, Options{})
			for n, s := range sizes {
				m = send(m, tea.WindowSizeMsg{Width: s[0], Height: s[1]})
				overlays := []string{""}
				if n%3 == 0 {
					overlays = []string{"", "s", "?", "\t"}
				}
				for _, k := range overlays {
					if k != "" {
						m = send(m, keys(k)...)
					}
					tuitest.CheckBlock(t, m.View(), s[0], s[1])
					if k == "s" || k == "?" {
						m = send(m, tea.KeyMsg{Type: tea.KeyEsc})
					}
				}
			}
		}
	}
}

// Under NO_COLOR (the plain theme) the view carries no colour.
func TestNoColor(t *testing.T) {
	p := allLessons(t)[0]
	m := open(t, p, 0, 100, 30, Options{Theme: tuitest.Plain()})
	if v := m.View(); strings.Contains(v, "\x1b[3") || strings.Contains(v, "\x1b[9") || strings.Contains(v, "\x1b[38") {
		t.Errorf("colour codes under NO_COLOR: %q", v)
	}
	c := open(t, p, 0, 100, 30, Options{Theme: tuitest.Color()})
	if ansi.Strip(c.View()) != ansi.Strip(m.View()) {
		t.Error("colour changes the layout")
	}
}

func TestEmbeddedPlayerSendsBack(t *testing.T) {
	p := allLessons(t)[0]
	m := open(t, p, 0, 100, 30, Options{Embedded: true})
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	if cmd == nil {
		t.Fatal("esc did nothing")
	}
	found := false
	for _, msg := range flatten(cmd) {
		if _, ok := msg.(BackMsg); ok {
			found = true
		}
	}
	if !found {
		t.Error("esc in an embedded player sent no BackMsg")
	}
}

// flatten runs a command and the commands of any batch it returns.
func flatten(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, flatten(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

func TestPickerOpensAndReturns(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	store, _ := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
	var pk tea.Model = NewPicker(all, lessons.NewLab(), Options{Theme: tuitest.Plain(), Store: store})
	pk, _ = pk.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	view := pk.View()
	tuitest.CheckBlock(t, view, 100, 30)
	golden.Check(t, "picker-100x30", view)
	pk, _ = pk.Update(tea.KeyMsg{Type: tea.KeyDown})
	pk, cmd := pk.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if cmd == nil {
		t.Fatal("enter did nothing")
	}
	pk, _ = pk.Update(cmd())
	if !pk.(Picker).Open() || !strings.Contains(pk.View(), "lesson 2") {
		t.Fatalf("the player did not open lesson 2:\n%s", pk.View())
	}
	pk, cmd = pk.Update(tea.KeyMsg{Type: tea.KeyEsc})
	for _, msg := range flatten(cmd) {
		pk, _ = pk.Update(msg)
	}
	if pk.(Picker).Open() || !strings.Contains(pk.View(), "seen 1 of") {
		t.Errorf("back on the list, with progress:\n%s", pk.View())
	}
}

// A burst of keys ("jj" in one read) moves the list's cursor twice.
func TestPickerTakesABurstKeyByKey(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	var pk tea.Model = NewPicker(all, lessons.NewLab(), Options{Theme: tuitest.Plain()})
	pk, _ = pk.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	pk, _ = pk.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jj")})
	if got := pk.(Picker).nav.Cursor; got != 2 {
		t.Fatalf("after the burst jj the cursor is on %d, want 2", got)
	}
}

func TestMain(m *testing.M) {
	os.Exit(m.Run())
}
