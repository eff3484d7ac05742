package serve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/breakerlab/breakerlab/tui/challengeui"
	"github.com/breakerlab/breakerlab/tui/home"
)

// A student over SSH has the challenges, as locally, with w off: the
// design file would be written on the server. The home screen said "The
// challenges are not available here; `breakerlab challenges` lists them",
// a command a student on SSH has no way to run.
func TestAStudentHasTheChallengesWithWOff(t *testing.T) {
	ts := startServer(t, Config{Home: func() home.Options {
		o := testHome()
		o.Challenges = &challengeui.Options{}
		return o
	}})
	ada := ts.dial(t, "ada", PasswordAuth("x"), 120, 40)
	waitFor(t, ada, 0, "Challenges")
	steps := []struct{ keys, then string }{
		{"jj\r", "Slow down one caller"}, // the list of levels
		{"\r", "w write"},                // the level chosen
		{"w", remoteWrite},
	}
	for _, st := range steps {
		mark := ada.Mark()
		if err := ada.Type(st.keys); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ada, mark, st.then)
	}
	// Nothing was written where the server runs, nor in the student's
	// folder but their progress.
	wd, _ := os.Getwd()
	if m, _ := filepath.Glob(filepath.Join(wd, "*.design.toml")); len(m) > 0 {
		t.Fatalf("w wrote %v on the server", m)
	}
}
