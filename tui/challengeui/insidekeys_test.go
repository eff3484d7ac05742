package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The shuffle lab's shard view is a screen inside the challenge: its
// breadcrumb said "sandbox › shuffle", and at 80 columns its key line
// read "esc back • q back", two keys for one way back, with "e knobs"
// pushed off. The title names the challenge, and esc and q are one entry.
func TestShardViewInsideAChallengeSaysWhereItIs(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		m := sized(t, open(t, "shuffle-shards", Options{}), size[0], size[1])
		next, _ := m.Update(tuitest.Key("v"))
		got := next.(Model)
		if got.page != onFleet {
			t.Fatalf("%dx%d: v left the shard view shut", size[0], size[1])
		}
		lines := plainLines(got)
		title, keys := lines[0], lines[len(lines)-1]
		if !strings.Contains(title, "challenge 8 › shuffle") || strings.Contains(title, "sandbox") {
			t.Errorf("%dx%d: title %q; want the challenge in the breadcrumb, not the sandbox", size[0], size[1], title)
		}
		if strings.Contains(keys, "q back") && strings.Contains(keys, "esc back") {
			t.Errorf("%dx%d: key line %q gives esc and q apart for one way back", size[0], size[1], keys)
		}
		for _, want := range []string{"esc/q back", "e knobs"} {
			if !strings.Contains(keys, want) {
				t.Errorf("%dx%d: key line %q lacks %q", size[0], size[1], keys, want)
			}
		}
	}
}

// The sandbox a challenge shows (v) takes no e: the challenge's panel
// holds the knobs and turns e back to it. Its key line offered
// "e knobs/sweep", and its keys page "e edit knobs" and the form's keys.
func TestChallengeSandboxOffersNoKnobForm(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		m := sized(t, open(t, "timeout-pool", Options{}), size[0], size[1])
		next, _ := m.Update(tuitest.Key("v"))
		got := next.(Model)
		if got.page != onSandbox {
			t.Fatalf("%dx%d: v left the sandbox shut", size[0], size[1])
		}
		lines := plainLines(got)
		if keys := lines[len(lines)-1]; strings.Contains(keys, "e knobs") || !strings.Contains(keys, "esc/q back") {
			t.Errorf("%dx%d: key line %q; want the way back and no knob form", size[0], size[1], keys)
		}
		help, _ := got.Update(tuitest.Key("?"))
		text := strings.Join(plainLines(help.(Model)), "\n")
		if !strings.Contains(text, "Keys") {
			t.Fatalf("%dx%d: ? opened no keys page:\n%s", size[0], size[1], text)
		}
		if strings.Contains(text, "edit knobs") || strings.Contains(text, "Knob form") {
			t.Errorf("%dx%d: the sandbox's keys page offers the knob form the challenge keeps closed:\n%s", size[0], size[1], text)
		}
	}
}
