package breakerloop

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

var loaded = Run()

func plain(still bool) Model {
	m := New(theme.New(theme.Plain()), still)
	m, _ = m.Update(LoadedMsg{Frames: loaded}, false)
	return m
}

// Every frame says what the engine's whole run says at that second: the
// breaker's state is the last transition's, and the line under it quotes
// that transition's reason.
func TestFramesAgreeWithTheRun(t *testing.T) {
	b, _ := scenarios.Lookup(Scenario)
	sc := b.Build()
	r, err := engine.New(sc, 0, Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(sc.Duration)
	trans := r.Snapshot().Transitions
	if len(trans) < 3 || len(loaded.frames) != int(sc.Duration/Step)+1 {
		t.Fatalf("%d transitions, %d frames", len(trans), len(loaded.frames))
	}
	states := map[breaker.State]bool{}
	for _, fr := range loaded.frames {
		want := breaker.Closed
		var last *engine.Transition
		for i := range trans {
			if trans[i].At <= fr.at {
				want, last = trans[i].To, &trans[i]
			}
		}
		if fr.state != want {
			t.Fatalf("at %v the frame says %v, the run %v", fr.at, fr.state, want)
		}
		states[fr.state] = true
		m := plain(false)
		m.i = int(fr.at / Step)
		v := ansi.Strip(strings.Join(m.View(120, 3), "\n"))
		if last != nil && !strings.Contains(v, last.Reason()) {
			t.Fatalf("at %v the picture does not quote %q:\n%s", fr.at, last.Reason(), v)
		}
		if !strings.Contains(v, string(theme.GlyphLit)+" "+want.String()) {
			t.Fatalf("at %v the picture does not light %v:\n%s", fr.at, want, v)
		}
	}
	if !states[breaker.Closed] || !states[breaker.Open] || !states[breaker.HalfOpen] {
		t.Fatalf("the loop should show all three states, showed %v", states)
	}
	if !strings.Contains(loaded.about, "from 20 s to 80 s") {
		t.Fatalf("the fault as the scenario has it: %q", loaded.about)
	}
}

// Ticks move one frame each while shown, and stop when not; a tick of a
// chain that was stopped is ignored; a still loop shows the breaker open
// and never ticks.
func TestTicks(t *testing.T) {
	m := plain(false)
	if m.Tick(true) == nil {
		t.Fatal("a loaded loop on screen should tick")
	}
	if m.Tick(true) != nil {
		t.Fatal("a second chain started while one runs")
	}
	m, cmd := m.Update(TickMsg{Gen: 0}, true)
	if m.Frame() != 1 || cmd == nil {
		t.Fatalf("a tick on screen: frame %d, next tick %v", m.Frame(), cmd != nil)
	}
	m, cmd = m.Update(TickMsg{Gen: 0}, false)
	if m.Frame() != 1 || cmd != nil {
		t.Fatalf("a tick off screen moved to %d or went on (%v)", m.Frame(), cmd != nil)
	}
	m.Tick(true)
	m.Stop()
	if m, cmd = m.Update(TickMsg{Gen: 0}, true); cmd != nil || m.Frame() != 1 {
		t.Fatal("a stopped chain's tick moved the loop")
	}
	if m.Tick(true) == nil {
		t.Fatal("the loop did not start again")
	}
	for range len(loaded.frames) - 1 {
		m, _ = m.Update(TickMsg{Gen: m.gen}, true)
	}
	if m.Frame() != 0 {
		t.Fatalf("after a whole loop the frame is %d, want 0", m.Frame())
	}

	s := plain(true)
	if s.Tick(true) != nil {
		t.Fatal("a still loop ticks")
	}
	if v := ansi.Strip(strings.Join(s.View(80, 3), "\n")); !strings.Contains(v, string(theme.GlyphLit)+"open") {
		t.Fatalf("a still loop should show the breaker open:\n%s", v)
	}
}

// Drawing a frame already drawn costs nothing, and each line fits the
// width whole at 80 and 200 columns, giving up the title first when rows
// are short.
func TestViewIsCachedAndFits(t *testing.T) {
	m := plain(false)
	for _, w := range []int{80, 200} {
		for i := range loaded.frames {
			m.i = i
			for _, l := range m.View(w, 3) {
				if ansi.StringWidth(l) > w || strings.Contains(l, "…") {
					t.Fatalf("frame %d at %d columns: %q", i, w, l)
				}
			}
		}
		if n := testing.AllocsPerRun(100, func() { m.View(w, 3) }); n != 0 {
			t.Errorf("a drawn frame allocates %.0f times at %d columns", n, w)
		}
	}
	if got := m.View(80, 2); len(got) != 2 || strings.Contains(got[0], "live:") {
		t.Fatalf("two rows should keep the state and the reason: %q", got)
	}
	if got := m.View(80, 1); len(got) != 1 || !strings.Contains(got[0], "refused") {
		t.Fatalf("one row should keep the state line: %q", got)
	}
	if got := m.View(200, 5); len(got) != 5 || !strings.Contains(got[1], "▼") {
		t.Fatalf("200 columns and five rows should hold the timeline: %q", got)
	}
	if m.View(80, 0) != nil || m.View(50, 3) != nil || New(theme.New(theme.Plain()), false).View(80, 3) != nil {
		t.Fatal("no room, or no frames, should draw nothing")
	}
}

// The tick command is a tick of the chain it was started on.
func TestTickCommand(t *testing.T) {
	m := plain(false)
	m.gen = 7
	cmd := m.Tick(true)
	start := time.Now()
	msg := cmd()
	if tm, ok := msg.(TickMsg); !ok || tm.Gen != 7 {
		t.Fatalf("the tick sent %#v", msg)
	}
	if time.Since(start) < Interval/2 {
		t.Fatal("the tick did not wait for its interval")
	}
}

// Whatever room the log has, the transition it marks ▸ is the last one
// past at that frame (none before the first), never one still to come.
func TestLogMarksTheLastPastAtEveryRoom(t *testing.T) {
	m := plain(false)
	trans := loaded.trans
	for room := 1; room <= len(trans)+1; room++ {
		for i, fr := range loaded.frames {
			m.i = i
			log := m.logLines(200, room+2)
			if got := len(log) - 2; got != min(room, len(trans)) {
				t.Fatalf("room %d at %v: %d lines of log", room, fr.at, got)
			}
			var marked []string
			for _, l := range log[2:] {
				if strings.HasPrefix(strings.TrimSpace(l), "▸") {
					marked = append(marked, l)
				}
			}
			if fr.seen == 0 {
				if len(marked) != 0 {
					t.Fatalf("room %d at %v: nothing past yet, yet marked %q", room, fr.at, marked)
				}
				continue
			}
			last := trans[fr.seen-1]
			want := fmt.Sprintf("▸ %5s  %s → %s", pane.TransitionTime(last.At), last.From, last.To)
			if len(marked) != 1 || !strings.Contains(marked[0], want) {
				t.Fatalf("room %d at %v: want %q marked, log:\n%s", room, fr.at, want, strings.Join(log, "\n"))
			}
		}
	}
}

// The log says "so far" and means it: at every frame and in any room, it
// lists the latest of the transitions at or before the frame's clock, as
// many as fit, and none after it; its rows do not change from frame to
// frame, so what sits under it stays put.
func TestLogListsOnlyWhatHappened(t *testing.T) {
	racefree.Only(t) // no goroutine: frames picked by hand
	m := plain(false)
	trans := loaded.trans
	for room := 1; room <= len(trans)+1; room++ {
		for i, fr := range loaded.frames {
			m.i = i
			log := m.logLines(200, room+2)
			var past []engine.Transition
			for _, tr := range trans {
				if tr.At <= fr.at {
					past = append(past, tr)
				}
			}
			want := past[max(len(past)-room, 0):]
			var listed []string
			for _, l := range log[2:] {
				if strings.Contains(l, "→") {
					listed = append(listed, l)
				}
			}
			if len(listed) != len(want) {
				t.Fatalf("room %d at %v: %d transitions had happened, the latest %d should be listed, not %d:\n%s", room, fr.at, len(past), len(want), len(listed), strings.Join(log, "\n"))
			}
			for k, tr := range want {
				if w := fmt.Sprintf("%5s  %s → %s: %s", pane.TransitionTime(tr.At), tr.From, tr.To, tr.Reason()); !strings.Contains(listed[k], w) {
					t.Fatalf("room %d at %v: line %d is %q, want %q", room, fr.at, k, listed[k], w)
				}
			}
		}
	}
}

// Before the first transition the picture says so once: the reason line
// ("no transition yet: every call is sent") and the log's head under it
// said it twice, "transitions so far: none yet".
func TestNoTransitionYetIsSaidOnce(t *testing.T) {
	racefree.Only(t) // no goroutine: a frame picked by hand
	m := plain(false)
	m.i = 0
	if m.f.frames[0].seen != 0 {
		t.Fatalf("the first frame has seen %d transitions; the test wants one before any", m.f.frames[0].seen)
	}
	v := ansi.Strip(strings.Join(m.View(200, 5+m.LogRows()), "\n"))
	if !strings.Contains(v, "transitions, listed here") {
		t.Fatalf("the log should show under the picture:\n%s", v)
	}
	if n := strings.Count(v, "yet"); n != 1 {
		t.Errorf("that no transition happened yet is said %d times, want once:\n%s", n, v)
	}
}

// The state line keeps one wording through the whole loop at a given
// width: at 80 columns it said "dependency up   window ✓" for eight
// seconds, then "up  ✓✓✓✓✓✓✓✓✓✓" as the window filled, a change of words
// on the first screen that nothing in the run caused. The widest wording
// that holds every frame is the one kept, and at 80 columns it still names
// the dependency whose state "up" and "failing" are.
func TestStateLineKeepsItsWordsThroughTheLoop(t *testing.T) {
	racefree.Only(t) // no goroutine: frames picked by hand
	for _, c := range []struct {
		w          int
		dependency bool // "dependency up" rather than a bare "up"
	}{{70, false}, {80, true}, {100, true}, {200, true}} {
		m := plain(false)
		var first string
		for i := range loaded.frames {
			m.i = i
			rows := m.View(c.w, 1)
			if len(rows) != 1 {
				t.Fatalf("%d columns, frame %d: %d rows, want the state line", c.w, i, len(rows))
			}
			line := ansi.Strip(rows[0])
			// The words of the line, with what changes frame by frame
			// (the clock, the lit lamp, the window, the counts) taken out.
			words := strings.NewReplacer(string(theme.GlyphLit), string(theme.GlyphUnlit),
				string(theme.GlyphPass), "", string(theme.GlyphFail), "", string(theme.GlyphEmpty), "",
				"failing", "up").Replace(line)
			words = strings.Join(strings.Fields(strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return -1
				}
				return r
			}, words)), " ")
			if i == 0 {
				first = words
				if got := strings.Contains(line, "dependency up"); got != c.dependency {
					t.Fatalf("%d columns: the line names the dependency: %v, want %v:\n%s", c.w, got, c.dependency, line)
				}
				continue
			}
			if words != first {
				t.Fatalf("%d columns: at %v the state line reads\n%s\nits words differ from the first frame's\n%s", c.w, loaded.frames[i].at, words, first)
			}
		}
	}
}
