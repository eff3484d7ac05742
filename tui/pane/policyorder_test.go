package pane_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// The breaker pane says the way a call goes through its layers in words a
// learner reads without a legend ("calls go: breaker → timeout 5 s →
// bulkhead 20"), where it wrote "policy: breaker › timeout 5 s › bulkhead
// 20" and left › to guess; and the order it says is the engine's (the
// snapshot's Order, which engine/pipeline.go's enter walks outermost
// first), as a reordered policy shows.
func TestBreakerSaysTheLayersInTheEnginesOrder(t *testing.T) {
	word := map[engine.Layer]string{engine.LayerBreaker: "breaker", engine.LayerTimeout: "timeout 5 s", engine.LayerBulkhead: "bulkhead 20"}
	for _, c := range []struct {
		name    string
		variant int
		order   []engine.Layer // nil: the scenario's own
		lead    string
	}{
		{"cascade's breaker variant", 2, nil, "calls go: "},
		{"reordered", 2, []engine.Layer{engine.LayerBulkhead, engine.LayerTimeout, engine.LayerBreaker}, "calls go: "},
		{"cascade's bulkhead variant, no breaker", 1, nil, "Calls to recommendations go: "},
	} {
		d := tuitest.At(t, "cascade", c.variant, 12)
		s := *d.Snap
		s.Dependencies = slices.Clone(s.Dependencies)
		i := slices.IndexFunc(s.Dependencies, func(d engine.DependencySnapshot) bool { return d.Name == "recommendations" })
		if c.order != nil {
			s.Dependencies[i].Order = c.order
		}
		d.Snap = &s
		var words []string
		for _, l := range s.Dependencies[i].Order {
			words = append(words, word[l])
		}
		want := c.lead + strings.Join(words, " → ")
		b := pane.NewBreaker(tuitest.Plain())
		b.SetSize(88, 16)
		b.SetData(d)
		v := b.View()
		if got := flatten(v); !strings.Contains(got, want) || strings.Contains(got, "›") {
			t.Errorf("%s: want %q, in the engine's order %v, and no ›, in\n%s", c.name, want, s.Dependencies[i].Order, v)
		}
	}
}
