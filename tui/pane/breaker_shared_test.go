package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// A breaker shared by a group of dependencies is one breaker, named after
// its group and said to be shared: not titled after one of its members,
// nor counted as one of five.
func TestSharedBreakerSaysItIsShared(t *testing.T) {
	d := tuitest.At(t, "api-gateway", 1, 25)
	for _, w := range []int{60, 120} {
		b := pane.NewBreaker(tuitest.Plain())
		b.SetData(d)
		b.SetSize(w, b.Needs(w))
		top := strings.Split(ansi.Strip(b.View()), "\n")[0]
		if !strings.Contains(top, "hared") || strings.Contains(top, "search-api") || strings.Contains(top, "of 5") || strings.Contains(top, "/5") {
			t.Errorf("at width %d the shared breaker is titled %q", w, top)
		}
	}
	if top := strings.Split(ansi.Strip(func() string {
		b := pane.NewBreaker(tuitest.Plain())
		b.SetData(d)
		b.SetSize(120, 20)
		return b.View()
	}()), "\n")[0]; !strings.Contains(top, "upstreams, shared by 5 dependencies") {
		t.Errorf("at 120 columns the title should name the group and its size: %q", top)
	}
}
