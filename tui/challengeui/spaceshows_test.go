package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// Space, which the keys page gives as play/pause, plays the run where the
// learner sees it: at 80×24 and 120×40 the panel hides the sandbox, and a
// run played behind it changed nothing on screen, so space shows the
// sandbox playing. Beside the panel, at 200×60, it plays in place. Its
// ticks are left unrun: the run would play out to its end.
func TestSpaceShowsTheRunItPlays(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		m := sized(t, open(t, "timeout-pool", Options{}), size[0], size[1])
		next, _ := m.Update(tuitest.Key(" "))
		got := next.(Model)
		if !got.sb.Playing() {
			t.Errorf("%dx%d: space left the run paused", size[0], size[1])
		}
		beside := got.wide()
		if !beside && got.page != onSandbox {
			t.Errorf("%dx%d: space played the run behind the panel, where nothing on screen shows it", size[0], size[1])
		}
		if beside && got.page != onPanel {
			t.Errorf("%dx%d: space left the panel, though the run plays beside it", size[0], size[1])
		}
		if beside {
			continue
		}
		// esc goes back to the panel; space there shows the run still
		// playing, rather than pause one the learner cannot see.
		back, _ := got.Update(tuitest.Key("esc"))
		again, _ := back.(Model).Update(tuitest.Key(" "))
		if a := again.(Model); a.page != onSandbox || !a.sb.Playing() {
			t.Errorf("%dx%d: space on the panel over a playing run: page %v, playing %v; want the run shown, still playing", size[0], size[1], a.page, a.sb.Playing())
		}
	}
}

// The shuffle lab has no sandbox: its run plays in the shard view, which v
// opens. Space, on the keys page as play/pause, did nothing there; it now
// opens the shard view playing, at every size.
func TestSpacePlaysTheShardView(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		m := sized(t, open(t, "shuffle-shards", Options{}), size[0], size[1])
		next, _ := m.Update(tuitest.Key(" "))
		got := next.(Model)
		if got.page != onFleet || got.sv == nil {
			t.Errorf("%dx%d: space left the shard view shut", size[0], size[1])
			continue
		}
		if !got.sv.Playing() {
			t.Errorf("%dx%d: space opened the shard view paused", size[0], size[1])
		}
	}
}

// The keys page of the shuffle lab told of the sandbox and its closed knob
// form; the level plays in the shard view, whose knobs (e) stay open.
func TestShuffleKeysPageTellsOfTheShardView(t *testing.T) {
	fleet := open(t, "shuffle-shards", Options{})
	text := strings.Join(fleet.helpText(78), " ")
	if strings.Contains(text, "sandbox") || strings.Contains(text, "closed") || !strings.Contains(text, "shard view") {
		t.Errorf("the shuffle lab's keys page: %q; want the shard view told of, not the sandbox", text)
	}
	other := open(t, "timeout-pool", Options{})
	if text := strings.Join(other.helpText(78), " "); !strings.Contains(text, "sandbox") {
		t.Errorf("a level on a scenario lost the sandbox's words: %q", text)
	}
}
