package lessonui

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// preparedLesson is built-in lesson n, prepared once for every test
// (allLessons): preparing it again for each of a dozen tests cost a
// quarter of a second, and nothing the player does changes a prepared
// lesson.
func preparedLesson(t *testing.T, n int) *lessons.Prepared {
	t.Helper()
	return allLessons(t)[n]
}

// A follower shows the presenter's step, time, design and play state,
// runs no frames of its own while following, and after Fork plays on by
// itself from the same moment.
func TestFollowAndFork(t *testing.T) {
	p := preparedLesson(t, 0)
	o := Options{Theme: theme.New(theme.Plain()), Embedded: true}
	lead, err := New(p, Options{Theme: o.Theme, Step: 2})
	if err != nil {
		t.Fatal(err)
	}
	if lead.sim == nil {
		t.Skip("step 3 of lesson 1 has no simulation")
	}
	if err := lead.sim.Seek(7 * time.Second); err != nil {
		t.Fatal(err)
	}
	lead.playing = true
	st := lead.State()
	if st.Step != 2 || st.At != 7*time.Second || !st.Playing || st.Prepared != p {
		t.Fatalf("state %+v", st)
	}
	f, err := NewFollower(o, st)
	if err != nil {
		t.Fatal(err)
	}
	if f.Step() != 2 || f.Now() != 7*time.Second || !f.Playing() {
		t.Fatalf("follower on step %d at %v playing %v", f.Step()+1, f.Now(), f.Playing())
	}
	// A tick with the follower's id does nothing: its id moved on.
	next, cmd := f.Update(tickMsg{id: f.tickID - 1})
	if cmd != nil || next.(Model).Now() != 7*time.Second {
		t.Fatal("a stale tick moved the follower")
	}
	// Another step and time.
	st.Step, st.At, st.Playing = 3, 0, false
	if f, err = f.Follow(st); err != nil || f.Step() != 3 || f.Playing() {
		t.Fatalf("after Follow: step %d playing %v err %v", f.Step()+1, f.Playing(), err)
	}
	// Fork while playing, on a step that asks for no prediction, hands
	// back the clock: a frame is asked for.
	st.Step, st.Playing = 1, true
	g, _ := f.Follow(st)
	g, cmd = g.Fork()
	if cmd == nil && g.sim != nil {
		t.Fatal("a fork while playing runs no frames")
	}
	// On a step waiting for the learner's prediction, the presenter's
	// guess played it: forked, the player is the learner's and waits
	// for theirs, as the lone player does. It played on unasked.
	st.Step = 3
	f, _ = f.Follow(st)
	if f, cmd = f.Fork(); !f.waiting() || f.Playing() || cmd != nil {
		t.Fatalf("a fork at a prediction not made: waiting %v, playing %v, frame asked %v", f.waiting(), f.Playing(), cmd != nil)
	}
	// Another lesson, and a step it does not have, are refused.
	if _, err := f.Follow(State{Lesson: "x", Prepared: preparedLesson(t, 1)}); err == nil {
		t.Fatal("followed another lesson's state")
	}
	st.Step = len(p.Steps)
	if _, err := f.Follow(st); err == nil {
		t.Fatal("followed a step past the end")
	}
}

// The picker follows the list and a lesson, opening the presenter's
// prepared lesson without preparing its own.
func TestPickerFollows(t *testing.T) {
	p := preparedLesson(t, 0)
	all, _ := lessons.All()
	pk := NewPicker(all, nil, Options{Theme: theme.New(theme.Plain()), Embedded: true})
	next, _ := pk.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	pk = next.(Picker)
	pk, err := pk.Follow(State{Lesson: p.Lesson.ID, Prepared: p, Step: 1})
	if err != nil || !pk.Open() || pk.State().Step != 1 {
		t.Fatalf("open %v step %d err %v", pk.Open(), pk.State().Step+1, err)
	}
	if pk, _ = pk.Follow(State{}); pk.Open() {
		t.Fatal("an empty state did not close the lesson")
	}
}

// Each step's caption is its first sentence, with no Markdown marks.
func TestFirstSentence(t *testing.T) {
	for _, tc := range []struct{ md, want string }{
		{"# Title\n\nThe **pool** has `200` workers. Then more.", "The pool has 200 workers."},
		{"```\ncode. here\n```\nA [link](http://x) ends here! Next.", "A link ends here!"},
		{"- a list. item\n\nProse that runs\non two lines. More.", "Prose that runs on two lines."},
		{"It waits 1.5 s here", "It waits 1.5 s here"},
	} {
		if got := FirstSentence(tc.md); got != tc.want {
			t.Errorf("FirstSentence(%q) = %q, want %q", tc.md, got, tc.want)
		}
	}
	p := preparedLesson(t, 0)
	for i, st := range p.Steps {
		if FirstSentence(st.Text) == "" {
			t.Errorf("step %d of lesson 1 has no first sentence", i+1)
		}
	}
}
