package sandbox

import (
	"strings"
	"testing"
)

// The breaker pane draws a slow call ◐ and a slow failure ✗; the help said
// only "✓ and ✗ are the window's calls", leaving ◐ unexplained.
func TestHelpNamesTheBreakerWindowsSlowCalls(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	help := strings.Join(m.helpLines(), " ")
	help = strings.Join(strings.Fields(strings.ReplaceAll(help, "│", " ")), " ")
	_, about, _ := strings.Cut(help, "Circuit breaker:")
	about, _, _ = strings.Cut(about, "Outcomes, as decided:")
	for _, want := range []string{"◐", "slow", "a slow failure is ✗"} {
		if !strings.Contains(about, want) {
			t.Errorf("the help does not say %q of the breaker's window: %q", want, about)
		}
	}
}
