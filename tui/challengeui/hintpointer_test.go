package challengeui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// Level 12 with its deadline and its timeout both at the client's 1 s
// fell short and no why spoke of it: at 200×60, with the brief whole and
// no pointer to the hint, the learner had a bare "falls short". A line
// says where the hint is; a design with a why shows the why instead. The
// built-in level now tells that design why (its [[whys]]: a deadline no
// longer than the timeout), so the test plays a teacher's copy of it
// without that why, as a teacher's file may well be.
func TestAShortfallWithNoWhyPointsToTheHint(t *testing.T) {
	racefree.Only(t) // the gradings run in this goroutine (settle); nothing starts another
	c := deadlineWithoutJointWhys(t)
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		m, err := New(Options{Challenge: c, Theme: tuitest.Plain()})
		if err != nil {
			t.Fatal(err)
		}
		start := sized(t, m, sz[0], sz[1])
		m = press(t, start, "right", "right", "right", "right", "right", "right", "right", "right", "right", "right")
		m = press(t, m, "down", "down", "right", "right", "right", "right")
		r := m.Result()
		if r == nil || r.Pass || len(m.c.ExplainResult(m.setting, r)) > 0 {
			t.Fatalf("%dx%d: want a design that falls short with no why, got %v", sz[0], sz[1], m.setting)
		}
		if lineWith(m, hintPointer) == "" {
			t.Errorf("%dx%d: no word of the hint under \"falls short\":\n%s", sz[0], sz[1], strings.Join(plainLines(m), "\n"))
		}
		if lineWith(start, hintPointer) != "" {
			t.Errorf("%dx%d: the start has a why, and the hint's pointer too", sz[0], sz[1])
		}
	}
}

// deadlineWithoutJointWhys is level 12 as a teacher's file with no
// [[whys]], loaded as `breakerlab challenge FILE` does.
func deadlineWithoutJointWhys(t *testing.T) *challenge.Challenge {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"12-deadline.toml", "deadline.scenario.toml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "lessons", "challenge", "content", name))
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		for strings.Contains(text, "\n[[whys]]\n") {
			at := strings.Index(text, "\n[[whys]]\n")
			end := strings.Index(text[at+1:], "\n[[")
			if end < 0 {
				t.Fatal("a [[whys]] with no table after it")
			}
			text = text[:at] + text[at+1+end:]
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := challenge.LoadFile(filepath.Join(dir, "12-deadline.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Whys) != 0 {
		t.Fatalf("the teacher's copy still has %d [[whys]]", len(c.Whys))
	}
	return c
}
