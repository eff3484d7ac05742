package serve

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// finished, which run waits with, lets go of a command that only waits
// as soon as its goroutine is seen parked (a tea.Tick, the
// room's signal): run no longer sleeps out its patience on every tick a
// session returns. A command that waits on anything else is waited for
// to the end of the patience, and one that returns has its message
// taken. (The tick is of a second, not an hour: the test waits for its
// goroutine to end, which goleak looks for.)
func TestFinishedLetsGoOfWhatOnlyWaits(t *testing.T) {
	t.Parallel() // it counts no goroutines (settleGoroutines)
	s := plainSession(t, NewRoom(), false, 80, 24)
	if _, ok := s.wait()().(roomMsg); !ok { // the signal of joining
		t.Fatal("a new session's first wait returned no roomMsg")
	}
	never := make(chan tea.Msg)
	defer close(never)
	const long, short = 5 * time.Second, 200 * time.Millisecond
	var ticks []chan tea.Msg
	defer func() {
		for _, got := range ticks {
			<-got
		}
	}()
	for _, c := range []struct {
		name     string
		cmd      tea.Cmd
		patience time.Duration
		msg      bool // the message is taken
	}{
		{"a tick of a second", tea.Tick(time.Second, func(time.Time) tea.Msg { return nil }), long, false},
		{"the room's signal", s.wait(), long, false},
		{"a receive of its own", func() tea.Msg { return <-never }, short, false},
		{"a message at once", func() tea.Msg { return roomMsg{} }, long, true},
	} {
		got := make(chan tea.Msg, 1)
		started := make(chan int64, 1)
		go func() {
			started <- goroutineID()
			got <- c.cmd()
		}()
		id := <-started
		start := time.Now()
		_, ok := finished(got, id, c.patience)
		took := time.Since(start)
		if ok != c.msg {
			t.Errorf("%s: finished took a message: %v, want %v", c.name, ok, c.msg)
		}
		if c.name == "a tick of a second" && !ok {
			ticks = append(ticks, got)
		}
		if c.patience == long && took >= time.Second {
			t.Errorf("%s: finished held on for %v", c.name, took)
		}
		if c.patience == short && took < short {
			t.Errorf("%s: finished let go after %v, before its patience", c.name, took)
		}
	}
}
