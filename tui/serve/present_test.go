package serve

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Presentation mode draws the open sandbox big, fits the window exactly at
// a projector's 100x30 and at 80x24, shows the key just pressed until its
// moment passes, and leaves the other screens as they are.
func TestPresentationMode(t *testing.T) {
	for _, sz := range [][2]int{{100, 30}, {80, 24}} {
		s := plainSession(t, NewRoom(), true, sz[0], sz[1])
		s.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
		if v := s.View(); !strings.Contains(v, "Lessons") || strings.Contains(v, "workers held") {
			t.Fatalf("presentation mode changed the menu:\n%s", v)
		}
		keys(s, "j", "enter", "enter", strings.Repeat(".", 150))
		v := s.View()
		lines := strings.Split(v, "\n")
		if len(lines) != sz[1] {
			t.Fatalf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > sz[0] {
				t.Fatalf("%dx%d: line %d is %d wide: %q", sz[0], sz[1], i, w, l)
			}
		}
		sb, _ := s.home.Sandbox()
		snap := sb.Snapshot()
		big := bigText(fmt.Sprintf("%d/%d", snap.Busy, snap.Workers))
		for _, want := range []string{"workers held", "15.0 s / ", big[0], big[4], "[. ×150]", "presenting"} {
			if !strings.Contains(v, want) {
				t.Errorf("%dx%d: the presentation lacks %q:\n%s", sz[0], sz[1], want, v)
			}
		}
		if strings.Contains(v, "q quit") {
			t.Errorf("%dx%d: the key help is shown in presentation mode", sz[0], sz[1])
		}
		// The key fades when its moment is over, not before a later key's.
		s.Update(keyFadeMsg{seq: s.keySeq - 1})
		if s.lastKey == "" {
			t.Fatal("an earlier key's fade cleared the latest key")
		}
		s.Update(keyFadeMsg{seq: s.keySeq})
		if strings.Contains(s.View(), "×150]") {
			t.Fatal("the key stayed after its fade")
		}
		s.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
		if v := s.View(); !strings.Contains(v, "q quit") {
			t.Fatalf("ctrl+p did not leave presentation mode:\n%s", v)
		}
	}
}
