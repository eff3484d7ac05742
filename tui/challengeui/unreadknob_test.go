package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// Challenge 8's most workers shared is read by overlap-limited shards
// alone: beside plain or shuffle shards, turning it changed nothing the
// grader runs, yet the arrows moved it and enter took a typed value. The
// knob is greyed (in a plain theme, unseen here), its hint says why, and neither the arrows nor enter
// move it; picking overlap-limited shards frees it.
func TestAnUnreadKnobDoesNotTurn(t *testing.T) {
	racefree.Only(t) // Update's own work: the gradings it returns never run, nothing starts a goroutine
	m := sized(t, open(t, "shuffle-shards", Options{}), 100, 30)
	m = press(t, m, "right") // strategy: plain → shuffle
	if got := challenge.FormatValue(m.setting["strategy"]); got != "shuffle" {
		t.Fatalf("strategy %s, want shuffle", got)
	}
	m = press(t, m, "down", "down")
	if m.c.Knobs[m.focus].Path != "max_shared" {
		t.Fatalf("focus on %s, want max_shared", m.c.Knobs[m.focus].Path)
	}
	const why = "read only with overlap-limited shards"
	if l := strings.TrimSpace(lineWith(m, why)); l != why+", so the arrows leave it" {
		t.Errorf("the hint under most workers shared is %q, want it to say it is %s", l, why)
	}
	// Selected, it offers no arrows: ‹ 2 › said the arrows turn it.
	if l := lineWith(m, "most workers shared"); strings.Contains(l, "‹") || strings.Contains(l, "›") {
		t.Errorf("the unread knob's line offers arrows: %q", strings.TrimSpace(l))
	}
	want := "most workers shared turns nothing here: it is " + why
	for _, key := range []string{"right", "left", "enter"} {
		m = press(t, m, key)
		if got := challenge.FormatValue(m.setting["max_shared"]); got != "2" || m.typing {
			t.Errorf("%s moved most workers shared to %s (typing %v) beside shuffle shards", key, got, m.typing)
		}
		if m.note != want {
			t.Errorf("after %s the status says %q, want %q", key, m.note, want)
		}
	}
	// Overlap-limited shards read it: its range is back under it.
	m = press(t, m, "up", "up", "right", "down", "down")
	if got := challenge.FormatValue(m.setting["strategy"]); got != "overlap-limited" || m.c.Knobs[m.focus].Path != "max_shared" {
		t.Fatalf("strategy %s, focus on %s: want overlap-limited, max_shared", got, m.c.Knobs[m.focus].Path)
	}
	if l := lineWith(m, why); l != "" {
		t.Errorf("beside overlap-limited shards the form still says %q", strings.TrimSpace(l))
	}
	if l := lineWith(m, "most workers shared"); !strings.Contains(l, "‹") {
		t.Errorf("beside overlap-limited shards the knob's line offers no arrows: %q", strings.TrimSpace(l))
	}
}
