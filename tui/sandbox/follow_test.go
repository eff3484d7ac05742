package sandbox

import (
	"reflect"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
)

// A follower shows the presenter's variant, time, speed and play state,
// runs no frames of its own while following, and plays on by itself once
// it forks.
func TestFollowShowsThePresentersMoment(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	teacher := newModel(t, 100, 30, Options{})
	teacher = press(teacher, "2", "+", "+")
	teacher = seekTo(t, teacher, 12*time.Second)
	next, cmd := teacher.Update(keyMsg(" "))
	_ = cmd
	teacher = next.(Model)
	st := teacher.State()
	if st.Variant != 1 || st.At != 12*time.Second || st.Speed != 5 || !st.Playing {
		t.Fatalf("teacher's state = %+v, want variant 1 at 12s, 5×, playing", st)
	}

	f, err := NewFollower(Options{Theme: teacher.th}, st)
	if err != nil {
		t.Fatal(err)
	}
	f = send(f, tea.WindowSizeMsg{Width: 80, Height: 24})
	if f.Now() != 12*time.Second || f.Variant() != 1 || f.Speed() != 5 || !f.Playing() {
		t.Fatalf("follower at %v variant %d speed %v playing %v; want 12s, 1, 5, true", f.Now(), f.Variant(), f.Speed(), f.Playing())
	}
	if !reflect.DeepEqual(f.Snapshot(), teacher.Snapshot()) {
		t.Fatal("the follower's snapshot differs from the teacher's at the same moment")
	}
	// The teacher seeks back and pauses.
	st.At, st.Playing = 3*time.Second, false
	if f, err = f.Follow(st); err != nil || f.Now() != 3*time.Second || f.Playing() {
		t.Fatalf("after the teacher's seek: at %v playing %v err %v", f.Now(), f.Playing(), err)
	}
	// It plays again; the student forks: their own clock now ticks.
	st.Playing = true
	f, _ = f.Follow(st)
	f, cmd = f.Fork()
	if cmd == nil || !f.Playing() {
		t.Fatal("a fork of a playing follower does not play on its own")
	}
	own := f.clock.FrameAt(time.Now())
	next, cmd = f.Update(own)
	if f = next.(Model); cmd == nil || f.Now() <= 3*time.Second {
		t.Fatalf("after the fork a frame left the time at %v", f.Now())
	}
	// f rejoins: the frames of the chain it ran while exploring move
	// nothing any more.
	if f, err = f.Follow(st); err != nil {
		t.Fatal(err)
	}
	next, cmd = f.Update(own)
	if f = next.(Model); cmd != nil || f.Now() != 3*time.Second {
		t.Fatalf("a frame of the explored chain moved the follower to %v (cmd %v)", f.Now(), cmd != nil)
	}
}

// Follow closes the knob form and compare mode, which the presenter's state
// does not describe.
func TestFollowClosesFormAndCompare(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	st := m.State()
	m = press(m, "c")
	if on, _, _ := m.Comparing(); !on {
		t.Fatal("c did not open compare mode")
	}
	m, _ = m.Follow(st)
	if on, _, _ := m.Comparing(); on {
		t.Fatal("following left compare mode open")
	}
	m = press(m, "e")
	if m.form == nil {
		t.Fatal("e did not open the form")
	}
	m, _ = m.Follow(st)
	if m.form != nil {
		t.Fatal("following left the knob form open")
	}
	if m.clock.Speed() != playback.Speeds[3] {
		t.Fatalf("speed %v, want the teacher's 1x", m.clock.Speed())
	}
}

// A follower of a preset comparison (C) shows its left side: the variant
// under the first library's breaker defaults, not the scenario's own
// breaker, at the same numbers as the presenter's left side; and back under
// the scenario's own when the presenter leaves compare mode.
func TestFollowShowsThePresetsLeftSide(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	teacher := press(newModel(t, 100, 30, Options{Variant: 2}), "C")
	teacher = seekTo(t, teacher, 20*time.Second)
	on, _, presets := teacher.Comparing()
	if !on || presets[0] == "" {
		t.Fatalf("C opened no preset comparison: %v %q", on, presets)
	}
	st := teacher.State()
	f, err := NewFollower(Options{Theme: teacher.th}, st)
	if err != nil {
		t.Fatal(err)
	}
	f = send(f, tea.WindowSizeMsg{Width: 100, Height: 30})
	left := teacher.cmp.sides[0].sim
	if got, want := f.sim.sc.Variants[2].System.Dependencies[2].Policy.Breaker, left.sc.Variants[2].System.Dependencies[2].Policy.Breaker; !reflect.DeepEqual(got, want) {
		t.Errorf("the follower's breaker is %+v, want the left side's %+v", got, want)
	}
	if !reflect.DeepEqual(f.sim.snap, left.snap) {
		t.Error("the follower's snapshot differs from the presenter's left side at the same moment")
	}
	// The presenter closes compare mode: the scenario's own breaker again.
	teacher = press(teacher, "c")
	if f, err = f.Follow(teacher.State()); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f.sim.snap, teacher.sim.snap) {
		t.Error("after compare mode closed, the follower's snapshot differs from the presenter's")
	}
}
