package playback

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The too-small message keeps what a learner needs in a tiny window: the
// size to make it and how to leave. At 20×5 the whole sentence was cut
// after "Make the / window larger, or", losing "press q to quit".
func TestSmallViewKeepsTheSizeAndTheWayOut(t *testing.T) {
	for _, sz := range [][2]int{{20, 5}, {16, 4}, {12, 6}, {10, 3}, {30, 8}, {79, 24}} {
		for _, c := range []struct {
			k Keys
			q string
		}{{NewKeys(false), "quit"}, {NewKeys(true), "back"}} {
			v := c.k.SmallView(sz[0], sz[1])
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			said := strings.ToLower(strings.Join(strings.Fields(v), " "))
			if !wayOut.MatchString(said) || !strings.Contains(said, c.q) || !strings.Contains(said, "80×24") {
				t.Errorf("at %dx%d the message should say 80×24 and q %s:\n%s", sz[0], sz[1], c.q, v)
			}
		}
	}
}

// wayOut is q and what it does, in any of the message's wordings.
var wayOut = regexp.MustCompile(`q (to )?(go )?(quit|back)`)

// A screen's own lines of context go first where they fit, and give way
// before the message itself does.
func TestSmallMessageContextGivesWay(t *testing.T) {
	for _, sz := range [][2]int{{20, 5}, {10, 4}, {40, 12}} {
		v := strings.Join(SmallMessage(sz[0], sz[1], 24, 8, "quit", "breakerlab lesson", "step 3/10"), "\n")
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		said := strings.ToLower(strings.Join(strings.Fields(v), " "))
		if !wayOut.MatchString(said) || !strings.Contains(said, "24×8") {
			t.Errorf("at %dx%d the message should say the size and q:\n%s", sz[0], sz[1], v)
		}
		if roomy := sz[0] >= 20; roomy != strings.HasPrefix(v, "breakerlab lesson") {
			t.Errorf("at %dx%d the context should show only where it fits (%v):\n%s", sz[0], sz[1], roomy, v)
		}
	}
}
