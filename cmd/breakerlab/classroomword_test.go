package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// A teacher who types a classroom's name as a command (breakerlab teach,
// class) is pointed to serve, where they read the whole list of commands
// on one line hundreds of columns long, with no word of where the
// classroom is. Every unknown command's message fits 80 columns.
func TestClassroomWordsPointToServe(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, name := range []string{"teach", "class", "Classroom", "room", "teacher", "present", "nosuch", "rnu"} {
		var out, errOut bytes.Buffer
		code := runMain([]string{name}, &out, &errOut)
		got := errOut.String()
		if code != exitUsage || out.Len() != 0 || !strings.Contains(got, "unknown command") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", name, code, out.String(), got)
		}
		for i, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
			if w := ansi.StringWidth(l); w > 80 {
				t.Errorf("%s: line %d is %d columns, over 80: %q", name, i+1, w, l)
			}
		}
		flatGot := strings.Join(strings.Fields(got), " ")
		classroom := map[string]bool{"teach": true, "teacher": true, "class": true, "classroom": true, "room": true}[strings.ToLower(name)]
		if has := strings.Contains(flatGot, "breakerlab serve,") && strings.Contains(flatGot, "serve --teacher"); has != classroom {
			t.Errorf("%s: pointed to serve %v, want %v: %q", name, has, classroom, flatGot)
		}
	}
}
