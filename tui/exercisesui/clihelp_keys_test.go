package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/cli"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/bubbles/key"
)

// `breakerlab exercises help` names every key of the runner's exercise
// screen: it named h, n, l, s, c, q and x, and left out e (the exercise in
// $VISUAL or $EDITOR, which the README tells a learner to press), r and t.
func TestExercisesHelpNamesEveryRunnerKey(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads a key map and a constant
	flat := strings.Join(strings.Fields(cli.Help), " ")
	_, keys, ok := strings.Cut(flat, "Keys: ")
	if !ok {
		t.Fatalf("`breakerlab exercises help` has no \"Keys: \" sentence:\n%s", cli.Help)
	}
	keys, _, ok = strings.Cut(keys, ", and x,")
	if !ok {
		t.Fatalf("`breakerlab exercises help`'s keys no longer end \", and x,\"; update this test:\n%s", cli.Help)
	}
	named := map[string]bool{"x": true}
	for _, item := range strings.Split(keys, ", ") {
		k, _, _ := strings.Cut(item, " ")
		named[k] = true
	}
	km := newKeyMap()
	for _, b := range []key.Binding{km.Edit, km.Hint, km.Next, km.List, km.Rerun, km.Task, km.Solution, km.CheckAll, km.Quit, km.Reset} {
		if k := b.Help().Key; !named[k] {
			t.Errorf("`breakerlab exercises help` does not name %s (%s) among the runner's keys: %q", k, b.Help().Desc, keys)
		}
	}
}
