package main

import (
	"strings"
	"testing"
)

// `breakerlab help sandbox` and its man page said that with no scenario
// the sandbox "opens the list to pick one"; it has always opened cascade
// (defaultSandboxScenario), so a learner waited for a list that never came.
func TestSandboxAboutNamesTheScenarioItOpens(t *testing.T) {
	about := commandAbout["sandbox"]
	if want := "With no scenario it opens " + defaultSandboxScenario; !strings.Contains(about, want) {
		t.Errorf("sandbox's description should say %q, as runSandbox does; it says:\n%s", want, about)
	}
}
