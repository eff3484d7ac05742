package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// firstInstance is the number of the first instance row the view shows.
func firstInstance(t *testing.T, v string) string {
	t.Helper()
	for _, l := range strings.Split(ansi.Strip(v), "\n") {
		_, right, ok := strings.Cut(l, "││")
		if !ok {
			continue
		}
		if f := strings.Fields(right); len(f) > 1 && (f[1] == "up" || f[1] == "down" || f[1] == "hung") {
			return f[0]
		}
	}
	t.Fatalf("no instance row:\n%s", v)
	return ""
}

// In the lesson player ↑ and ↓ scroll the text, so the instances pane
// scrolls with J and K, which its line under the instances names and the
// help lists (lesson 12's third step at 100×30 hides four of the twenty).
func TestInstancesPaneScrollsWithItsOwnKeys(t *testing.T) {
	for _, p := range allLessons(t) {
		if p.Lesson.ID != "12-a-fleet-of-breakers" {
			continue
		}
		m := open(t, p, 2, 100, 30, Options{})
		m = play(t, m)
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "more (K/J to scroll)") || strings.Contains(v, "↑/↓ to scroll") {
			t.Fatalf("the pane's line should name K and J, the keys that scroll it here:\n%s", v)
		}
		first := firstInstance(t, v)
		m = send(m, tuitest.Key("down"))
		if got := firstInstance(t, m.View()); got != first {
			t.Errorf("↓ scrolls the text, not the instances: the first row went from %s to %s", first, got)
		}
		m = send(m, keys("J")...)
		v = ansi.Strip(m.View())
		if got := firstInstance(t, v); got == first || !strings.Contains(v, "above") {
			t.Errorf("J should scroll the instances on from %s, got %s:\n%s", first, got, v)
		}
		m = send(m, keys("K")...)
		if got := firstInstance(t, m.View()); got != first {
			t.Errorf("K should scroll the instances back to %s, got %s", first, got)
		}
		m = send(m, keys("?")...)
		help := ansi.Strip(m.View())
		for _, want := range []string{"J more instances", "K earlier instances"} {
			if !strings.Contains(strings.Join(strings.Fields(help), " "), want) {
				t.Errorf("the help should list %q:\n%s", want, help)
			}
		}
		return
	}
	t.Fatal("lesson 12-a-fleet-of-breakers is not among the built-in lessons")
}
