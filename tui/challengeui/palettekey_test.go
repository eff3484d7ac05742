package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/palette"
	"github.com/charmbracelet/x/ansi"
)

// Inside the home screen a level's `:` asks for the palette, as ctrl+k
// does, on the panel and on its pages; its keys page lists both. On a
// screen of its own, and while a value is typed, `:` asks for nothing.
func TestColonAsksTheHomeScreenForThePalette(t *testing.T) {
	asks := func(m Model) bool { return tuitest.AsksForKey(m, ":", palette.Key) }
	home := sized(t, open(t, "1", Options{Embedded: true}), 100, 30)
	if !asks(home) {
		t.Error("`:` on the panel should ask the home screen for its palette")
	}
	keys := press(t, home, "?")
	if !asks(keys) {
		t.Error("`:` on the keys page should ask for the palette")
	}
	if v := ansi.Strip(keys.View()); !strings.Contains(v, ":/"+palette.Key+" go anywhere") {
		t.Errorf("the keys page should list the palette's keys:\n%s", v)
	}
	if asks(press(t, home, "enter")) {
		t.Error("`:` while a value is typed should not ask for the palette")
	}
	alone := sized(t, open(t, "1", Options{}), 100, 30)
	if asks(alone) {
		t.Error("on a screen of its own there is no palette to ask for")
	}
	if v := ansi.Strip(press(t, alone, "?").View()); strings.Contains(v, "go anywhere") {
		t.Errorf("on a screen of its own the keys page should not offer the palette:\n%s", v)
	}
}
