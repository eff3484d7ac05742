package shardview

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// On the "window too small" screen no key but q reaches the view it hides.
func TestTooSmallTakesNoKey(t *testing.T) {
	m := newModel(t, 79, 24, Options{CanGoHome: true})
	for _, k := range []string{"space", "e", "right", "G", ":", "esc", "s"} {
		next, cmd := m.Update(tuitest.Key(k))
		after := next.(Model)
		if cmd != nil || after.Playing() || after.form != nil || after.prompt != nil || after.Now() != m.Now() {
			t.Errorf("%s on the too-small screen reached the shard view", k)
		}
	}
	if _, cmd := m.Update(tuitest.Key("q")); cmd == nil {
		t.Error("q should quit on the too-small screen")
	}
}
