package main

import (
	"os"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// With no folder to save in, the home screen says so once, naming all
// that is lost, where each progress store said it in a notice of its own:
// four notices of one cause.
func TestHomeSaysOnceThatNothingIsSaved(t *testing.T) {
	racefree.Only(t) // no goroutine: the options are built, no screen runs
	t.Setenv("HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	if _, err := os.UserConfigDir(); err == nil {
		t.Skip("this system finds a config folder without HOME")
	}
	o, err := homeOptions()
	if err != nil {
		t.Fatal(err)
	}
	var notices []string
	for _, n := range append([]string{o.LessonNotice, o.Drill.Notice, o.Interview.Notice, o.Challenges.Notice}, o.Notices...) {
		if n != "" {
			notices = append(notices, n)
		}
	}
	if len(notices) != 1 {
		t.Fatalf("%d notices, want one:\n%s", len(notices), strings.Join(notices, "\n"))
	}
	for _, want := range []string{"no folder to save in", "lesson progress", "drill's schedule", "interviews", "challenge stars"} {
		if !strings.Contains(notices[0], want) {
			t.Errorf("the notice should name %q: %s", want, notices[0])
		}
	}
}
