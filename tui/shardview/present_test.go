package shardview

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// The shard view on a projector (`sandbox shuffle --present`, `record
// shuffle --present`) is a projector's view: both strategies side by
// side, each with its other customers lost big, from its own snapshot,
// and its losses in words; not the dense two-pane table with its key line
// dropped. The help takes the keys, and is drawn as it is.
func TestPresentedShardViewShowsBothStrategies(t *testing.T) {
	th := theme.New(theme.Plain(), theme.HighContrast())
	m := press(newModel(t, 100, 30, Options{}), "G")
	mo, ok := m.Moment()
	if !ok || len(mo.Sides) != 2 {
		t.Fatalf("the shard view's moment has %d sides (ok %v), want 2", len(mo.Sides), ok)
	}
	snaps := m.Snapshots()
	for i, s := range mo.Sides {
		c := snaps[i].Now
		if s.Value != c.Lost || s.Of != c.Healthy+c.Degraded+c.Lost || s.Label != lostLabel {
			t.Errorf("side %d (%s) shows %d/%d %s, its snapshot %+v", i, s.Name, s.Value, s.Of, s.Label, c)
		}
		if want := fmt.Sprintf("lost %d · ever lost %d", c.Lost, snaps[i].EverLost); !strings.Contains(strings.Join(s.Details, " "), want) {
			t.Errorf("side %d says %q, want %q", i, s.Details, want)
		}
	}
	if snaps[0].Now.Lost <= snaps[1].Now.Lost {
		t.Fatalf("plain sharding loses %d customers, shuffle sharding %d: the test shows nothing", snaps[0].Now.Lost, snaps[1].Now.Lost)
	}
	for _, sz := range [][2]int{{200, 60}, {100, 30}, {80, 24}} {
		v := present.View(th, mo, "G", sz[0], sz[1])
		lines := strings.Split(v, "\n")
		if len(lines) != sz[1] {
			t.Fatalf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
		flat := strings.Join(strings.Fields(ansi.Strip(v)), " ")
		for i, s := range mo.Sides {
			big := present.Big(fmt.Sprintf("%d/%d", s.Value, s.Of))[0]
			if !tuitest.ContainsBig(v, big) && !strings.Contains(flat, fmt.Sprintf("%d / %d %s", s.Value, s.Of, lostLabel)) {
				t.Errorf("%dx%d: side %d's number is not shown:\n%s", sz[0], sz[1], i, v)
			}
		}
		if !strings.Contains(flat, "plain sharding") || !strings.Contains(flat, "shuffle sharding") {
			t.Errorf("%dx%d: the strategies are not named:\n%s", sz[0], sz[1], v)
		}
	}
	if _, ok := press(m, "?").Moment(); ok {
		t.Error("the help is open, yet the shard view gives a moment")
	}
}
