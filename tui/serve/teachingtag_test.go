package serve

import (
	"context"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// The teacher's tag names their role in words that presentation mode
// (--present, ctrl+p) does not use: it said "presenting" with
// presentation mode off, and "presentation mode · presenting" with it
// on, so that a teacher could not tell from it whether the projector's
// view was on.
func TestTheTeachersTagSaysPresentationModeOnlyWhenOn(t *testing.T) {
	racefree.Only(t) // Updates on one goroutine; no program runs
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	s := NewSession(ctx, testHome(), NewRoom(), true)
	t.Cleanup(s.Leave)
	s.Update(tea.WindowSizeMsg{Width: 200, Height: 30})
	top, _, _ := strings.Cut(s.View(), "\n")
	if strings.Contains(top, "present") || !strings.Contains(top, "teaching · not shown to followers · 0 follow") {
		t.Errorf("with presentation mode off the teacher's top line reads %q", top)
	}
	s.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	top, _, _ = strings.Cut(s.View(), "\n")
	if strings.Count(top, "present") != 1 || !strings.Contains(top, "presentation mode · teaching") {
		t.Errorf("with presentation mode on the teacher's top line reads %q", top)
	}
}
