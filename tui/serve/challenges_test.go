package serve

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/challengeui"
	"github.com/breakerlab/breakerlab/tui/home"
)

// A student over SSH has the challenges, as locally, with w off: the
// design file would be written on the server. The home screen said "The
// challenges are not available here; `breakerlab challenges` lists them",
// a command a student on SSH has no way to run.
//
// It runs beside the other parallel tests (it counts no goroutines,
// settleGoroutines): most of its time is spent waiting for its session's
// screens. The built-in challenges are loaded first
// (challenge.All, once per process: the engine's runs of every goal), so
// that the waits below time the screens, not the loading.
func TestAStudentHasTheChallengesWithWOff(t *testing.T) {
	t.Parallel()
	if _, err := challenge.All(); err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, Config{Home: func() home.Options {
		o := testHome()
		o.Challenges = &challengeui.Options{}
		return o
	}})
	ada := ts.dial(t, "ada", PasswordAuth("x"), 120, 40)
	waitFor(t, ada, 0, "Challenges")
	// The list of levels took seconds to open under the race detector
	// (the whole test 6 s at a load of 11), which a make test loading both
	// cores stretched past waitFor's 30 s (at a load of 22).
	steps := []struct {
		keys, then string
		within     time.Duration
	}{
		{"jj\r", "Slow down one caller", patience(20 * time.Second)}, // the list of levels
		{"\r", "v watch", patience(5 * time.Second)},                 // the level chosen, its key line offering no w
		{"w", remoteWrite, patience(5 * time.Second)},
	}
	for _, st := range steps {
		mark := ada.Mark()
		if err := ada.Type(st.keys); err != nil {
			t.Fatal(err)
		}
		if err := ada.WaitFor(mark, st.within, st.then); err != nil {
			t.Fatalf("%v; the screen had:\n%s", err, tail(ada.Since(mark), 2000))
		}
	}
	// Nothing was written where the server runs, nor in the student's
	// folder but their progress.
	wd, _ := os.Getwd()
	if m, _ := filepath.Glob(filepath.Join(wd, "*.design.toml")); len(m) > 0 {
		t.Fatalf("w wrote %v on the server", m)
	}
}
