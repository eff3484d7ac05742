package serve

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/livelab"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// labWhere is the API's address the test's lab says it listens on.
const labWhere = "127.0.0.1:45543"

// teacherOnLiveLab is the teacher's screen, w×h, with the live lab open in
// its protected mode; the measured side is another run of the simulation.
// stopped counts the lab's stops.
func teacherOnLiveLab(t *testing.T, w, h int, stopped *int) *Session {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	o := testHome()
	o.Theme = theme.New(theme.Plain())
	sc := scenarios.Checkout()
	v := slices.IndexFunc(sc.Variants, func(v engine.Variant) bool { return v.Name == "protected" })
	o.LiveLab = func() (livelab.Options, func() error, error) {
		r, err := engine.New(sc, v, 6)
		if err != nil {
			return livelab.Options{}, nil, err
		}
		real := func() engine.Snapshot { r.Advance(100 * time.Millisecond); return r.Snapshot() }
		return livelab.Options{Scenario: sc, Variant: v, Seed: 5, Where: labWhere, Real: real},
			func() error { *stopped++; return nil }, nil
	}
	s := NewSession(ctx, o, NewRoom(), true)
	t.Cleanup(s.Leave)
	s.Update(tea.WindowSizeMsg{Width: w, Height: h})
	for range 12 {
		if strings.Contains(s.home.View(), "▸  Live lab") {
			break
		}
		keys(s, "j")
	}
	_, cmd := s.Update(tea.KeyMsg{Type: tea.KeyEnter})
	for _, msg := range started(cmd) {
		s.Update(msg)
	}
	if !strings.Contains(s.View(), "Live lab ·") {
		t.Fatalf("%dx%d: the live lab did not open:\n%s", w, h, s.View())
	}
	return s
}

// started is what cmd's commands return that start the lab: the room's
// wait and the ticks are left waiting (the test's context ends them).
func started(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	got := make(chan tea.Msg, 1)
	go func() { got <- cmd() }()
	var msg tea.Msg
	select {
	case msg = <-got:
	case <-time.After(patience(500 * time.Millisecond)):
		return nil
	}
	b, ok := msg.(tea.BatchMsg)
	if !ok {
		return []tea.Msg{msg}
	}
	var out []tea.Msg
	for _, c := range b {
		out = append(out, started(c)...)
	}
	return out
}

// The teacher reads the live lab's API address aloud to the room: the
// room's tag on the top line never covers it, at any width from a laptop's
// 80 columns to a projector's 200, and is drawn beside it whenever a form
// of it fits. At 120 columns the tag left "Live lab · checkout · protected
// · real API at".
func TestTheLiveLabsAddressShowsBesideTheTag(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		w   int
		tag string // the room's tag beside the title
	}{
		{200, "teaching · not shown to followers · 0 follow · 0 explore · 0 on home"},
		{120, "teaching · not shown to followers · 0 follow · 0 explore"},
		{110, "teaching · not shown to followers · 0 follow"},
		{100, "not shown to followers"},
		{80, "not shown to followers"},
		{60, ""},
	} {
		stops := 0
		s := teacherOnLiveLab(t, tc.w, 30, &stops)
		top, _, _ := strings.Cut(s.View(), "\n")
		if ansi.StringWidth(top) != tc.w {
			t.Errorf("%d columns: the top line is %d cells: %q", tc.w, ansi.StringWidth(top), top)
		}
		if !strings.Contains(top, labWhere) {
			t.Errorf("%d columns: the top line lost the API's address %s: %q", tc.w, labWhere, top)
		}
		if tc.tag != "" && !strings.HasSuffix(top, " "+tc.tag+" ") {
			t.Errorf("%d columns: the top line does not end in the tag %q: %q", tc.w, tc.tag, top)
		}
		if !strings.HasPrefix(top, "Live lab · ") {
			t.Errorf("%d columns: the top line does not start with the lab's name: %q", tc.w, top)
		}
	}
}

// Once the lab stops, the session keeps nothing of its address: a title
// that holds it by chance gets the tag as any screen does.
func TestTheLabsAddressIsForgottenWhenItStops(t *testing.T) {
	t.Parallel()
	a := &labAddress{}
	stops := 0
	start := a.watch(func() (livelab.Options, func() error, error) {
		return livelab.Options{Where: labWhere + ", durations ×10"}, func() error { stops++; return nil }, nil
	})
	_, stop, err := start()
	if err != nil || a.get() != labWhere {
		t.Fatalf("after the start: %q, %v; want %q", a.get(), err, labWhere)
	}
	if err := stop(); err != nil || stops != 1 || a.get() != "" {
		t.Errorf("after the stop: %q, stops %d, %v", a.get(), stops, err)
	}
}

// fitKeeping shortens the tag first, then the title's other fields, and
// draws no tag rather than cut what it keeps.
func TestFitKeeping(t *testing.T) {
	t.Parallel()
	forms := []string{"a long tag of many words", "short tag"}
	title := "Name · one · two · at 10.0.0.1:22"
	for _, tc := range []struct {
		w    int
		want string
	}{
		{70, "Name · one · two · at 10.0.0.1:22" + strings.Repeat(" ", 11) + " a long tag of many words "},
		{50, "Name · one · two · at 10.0.0.1:22" + strings.Repeat(" ", 6) + " short tag "},
		{40, "Name · two · at 10.0.0.1:22" + strings.Repeat(" ", 2) + " short tag "},
		{36, "Name · at 10.0.0.1:22" + strings.Repeat(" ", 4) + " short tag "},
	} {
		line, tag, ok := fitKeeping(title+"   \nsecond", "10.0.0.1:22", forms, tc.w)
		if !ok {
			t.Errorf("%d: not kept", tc.w)
			continue
		}
		got, _, _ := strings.Cut(withTag(line, tag, tc.w), "\n")
		if got != tc.want {
			t.Errorf("%d:\n got %q\nwant %q", tc.w, got, tc.want)
		}
		if !strings.HasSuffix(line, "\nsecond") {
			t.Errorf("%d: the lines below the top were lost: %q", tc.w, line)
		}
	}
	// No tag fits beside the shortest title: the whole title, no tag.
	if line, tag, ok := fitKeeping(title, "10.0.0.1:22", []string{"a tag too long for it"}, 40); !ok || tag != "" || line != title+"       " {
		t.Errorf("no tag fits: %q, tag %q, %v", line, tag, ok)
	}
	if _, _, ok := fitKeeping(title, "10.0.0.2:22", forms, 70); ok {
		t.Error("a title without the address was fitted")
	}
}
