package sandbox

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// faultComment is a --fault line of a written file's head.
var faultComment = regexp.MustCompile(`(?m)^#   --fault '(.*)'$`)

// A fault is shown in one form in the sandbox, the form its confirmation
// tells it in: the chaos list reads "profile-db slow 2s from 12s to the
// end" of a fault that outlasts the run, where it said "12s profile-db
// slow 2s for 25s" of a 30 s run beside a note saying "to the end". A
// written file's --fault comment is the command that gives the same run,
// so it keeps the exact span (the fault still acts in the drain, past the
// traffic's end), and --fault reads it back as the same fault.
func TestAFaultIsShownInOneForm(t *testing.T) {
	racefree.Only(t)
	sc := tuitest.Scenario(t, "cascade") // 30 s long
	for _, tc := range []struct{ fault, want string }{
		{"12s profile-db slow 2s for 25s", "profile-db slow 2s from 12s to the end"},
		{"12s profile-db slow 2s for 10s", "12s profile-db slow 2s for 10s"},
	} {
		m := newModel(t, 100, 30, Options{Scenario: sc, Faults: []chaos.Spec{mustSpec(t, tc.fault)}})
		m = press(m, "f")
		if v := ansi.Strip(m.View()); !strings.Contains(v, tc.want) {
			t.Errorf("%q: the chaos list does not read %q:\n%s", tc.fault, tc.want, v)
		}
		data, err := m.dump()
		if err != nil {
			t.Fatal(err)
		}
		said := faultComment.FindAllStringSubmatch(string(data), -1)
		if len(said) != 1 || said[0][1] != tc.fault {
			t.Errorf("%q: the file's comment says %q, want --fault '%s':\n%s", tc.fault, said, tc.fault, data[:min(len(data), 600)])
			continue
		}
		back, err := chaos.Parse(said[0][1])
		if err != nil {
			t.Errorf("%q: --fault does not take the comment's %q: %v", tc.fault, said[0][1], err)
			continue
		}
		if want := mustSpec(t, tc.fault); back != want {
			t.Errorf("%q: the comment's %q reads back as %q", tc.fault, said[0][1], back)
		}
	}
}
