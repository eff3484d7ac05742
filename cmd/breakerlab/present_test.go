package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A flag before any command belongs to the home screen: `breakerlab
// --present` is the home screen in presentation mode (here, without a
// terminal, told it needs one), not an unknown command; a flag the home
// screen does not have is a usage error that lists its flags.
func TestHomeTakesPresent(t *testing.T) {
	racefree.Only(t)
	var out, errOut bytes.Buffer
	code := runMain([]string{"--present"}, &out, &errOut)
	if code != exitUsage || strings.Contains(errOut.String(), "unknown command") || !strings.Contains(errOut.String(), "needs a terminal") {
		t.Fatalf("--present: exit %d, %q", code, errOut.String())
	}
	errOut.Reset()
	code = runMain([]string{"--bogus"}, &out, &errOut)
	if code != exitUsage || !strings.Contains(errOut.String(), "--present") {
		t.Fatalf("--bogus: exit %d, %q", code, errOut.String())
	}
	for _, args := range [][]string{{"sandbox", "--present"}, {"lesson", "1", "--present"}} {
		errOut.Reset()
		runMain(args, &out, &errOut)
		if strings.Contains(errOut.String(), "not defined") || !strings.Contains(errOut.String(), "needs a terminal") {
			t.Errorf("%v: %q", args, errOut.String())
		}
	}
}

// A teacher who types presentation mode's name as a command is told it is
// a flag, and where it goes, where they read "did you mean presets?": a
// command that lists library defaults.
func TestPresentAsACommandNamesTheFlag(t *testing.T) {
	racefree.Only(t)
	for _, name := range []string{"present", "Presentation", "projector"} {
		var out, errOut bytes.Buffer
		code := runMain([]string{name}, &out, &errOut)
		got := strings.Join(strings.Fields(errOut.String()), " ")
		if code != exitUsage || strings.Contains(got, "did you mean presets") {
			t.Errorf("%s: exit %d, %q", name, code, got)
		}
		for _, want := range []string{"unknown command", "breakerlab --present", "breakerlab lesson N --present", "serve --teacher --present", "ctrl+p"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: %q lacks %q", name, got, want)
			}
		}
	}
}
