package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/pane"
)

// TestWrapBreaksAPathAtItsSlashes: a path wider than the line broke
// mid-name ("…/casca" then "de/…"). Every break falls at a space, or
// inside a word right after a slash or a hyphen.
func TestWrapBreaksAPathAtItsSlashes(t *testing.T) {
	s := "wrote /tmp/breakerlab-variants/cascade/bulkhead-and-breaker-seed5.toml: breakerlab run it --seed 5 gives these numbers, at 50% ok"
	for w := 20; w <= 60; w++ {
		lines := pane.Wrap(s, w)
		rest := s
		for i, l := range lines {
			if n := len([]rune(l)); n > w {
				t.Errorf("width %d: line %d is %d wide: %q", w, i, n, l)
			}
			if !strings.HasPrefix(rest, l) {
				t.Fatalf("width %d: line %d %q does not follow the text %q", w, i, l, rest)
			}
			rest = rest[len(l):]
			if i == len(lines)-1 {
				break
			}
			switch {
			case strings.HasPrefix(rest, " "):
				rest = rest[1:] // a break at a space drops the space
			case strings.HasSuffix(l, "/") || strings.HasSuffix(l, "-"):
			default:
				t.Errorf("width %d: a word is cut after %q, before %q", w, l, lines[i+1])
			}
		}
	}
	// A short "req/s" or "1/28" stays whole.
	for _, l := range pane.Wrap("at 20 req/s and 1/28 of them", 12) {
		if strings.HasSuffix(l, "/") {
			t.Errorf("a short word broke at its slash: %q", l)
		}
	}
}
