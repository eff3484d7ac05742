package challengeui

import (
	"strings"
	"testing"
)

// The brief's page named the scenario file a level starts from
// ("hops.scenario.toml"), which for a built-in level is inside the
// program: the learner has no such file to open. It names the scenario by
// its own summary and the command that prints the start as a file.
func TestAboutPageNamesWhatTheLearnerCanOpen(t *testing.T) {
	for _, id := range []string{"hop-deadlines", "partner-limit"} {
		m := open(t, id, Options{Dir: t.TempDir()})
		about := strings.Join(m.aboutText(), "\n")
		if strings.Contains(about, ".scenario.toml") {
			t.Errorf("%s: the brief's page names an embedded file:\n%s", id, about)
		}
		for _, want := range []string{m.c.Scenario.Summary, "breakerlab challenge " + m.c.CommandArg(m.dir) + " --start"} {
			if !strings.Contains(about, want) {
				t.Errorf("%s: the brief's page does not say %q:\n%s", id, want, about)
			}
		}
	}
}
