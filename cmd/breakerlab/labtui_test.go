package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/cmd/breakerlab/internal/lab"
	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/livelab"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestLabTUIGoServer: `lab checkout --server go --tui` on loopback, its
// screen driven by its own clock until both sides end (at most 30 s): the
// Go server's limits and connections are drawn beside the simulation's,
// from the live session's measurements, at 80x24 and 200x60.
func TestLabTUIGoServer(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real servers for two seconds")
	}
	cfg := lab.DefaultGoConfig(lab.Protected)
	cfg.Scale = 0.25
	o, stop, err := liveLabOptions(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	if !strings.HasPrefix(o.Where, "127.0.0.1:") {
		t.Errorf("the API is at %q, want loopback", o.Where)
	}
	o.Theme = theme.New(theme.Plain())
	o.Tick = 50 * time.Millisecond
	measure := o.Real
	var last string
	o.Real = func() (s engine.Snapshot) {
		s = measure()
		last = fmt.Sprintf("most tasks %d", s.Tasks.LiveMax)
		if s.Done {
			// A finish 2 s past the load, whatever the machine's load
			// made of this one: the paragraph that explains it took the
			// breaker's rows at 80x24 (make test found it so once).
			s.Now = max(s.Now, s.Duration+2*time.Second)
		}
		return s
	}
	m, err := livelab.New(o)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for cmd := m.Init(); cmd != nil; {
		if time.Now().After(deadline) {
			t.Fatal("the live lab still ticks after 30 s")
		}
		_, cmd = m.Update(cmd())
	}
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		out := m.View()
		lines := strings.Split(out, "\n")
		if len(lines) != size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for i, l := range lines {
			if n := ansi.StringWidth(l); n > size[0] {
				t.Errorf("%dx%d: line %d is %d cells", size[0], size[1], i+1, n)
			}
		}
		// The measured side's end: "finished at 8.2 s, 2.2 s past the
		// load" where there is room, "done 8.2 s (load 0–6.0 s)" at 80
		// columns.
		if !strings.Contains(out, "measured · finished") && !strings.Contains(out, "measured · done") {
			t.Errorf("%dx%d does not say the measured run finished:\n%s", size[0], size[1], out)
		}
		for _, want := range []string{"Limits", "tasks live", "transport", "payment", "(16 a host)", "Breaker · payment"} {
			if !strings.Contains(out, want) {
				t.Errorf("%dx%d lacks %q:\n%s", size[0], size[1], want, out)
			}
		}
		// The measured goroutines, as the session counted them.
		measured := strings.TrimPrefix(last, "most tasks ")
		if !strings.Contains(out, "most tasks ") || !strings.Contains(out, "/"+measured+"\n") {
			t.Errorf("%dx%d does not show the session's most goroutines (%s):\n%s", size[0], size[1], measured, out)
		}
		if size[1] >= 60 && strings.Count(out, "Pool transport") != 2 {
			t.Errorf("%dx%d: want the transport's connections charted on both sides:\n%s", size[0], size[1], out)
		}
	}
}
