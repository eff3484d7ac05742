package drillui

import (
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// The example in gradeKeys' comment is what it draws for a new card: it
// read "2 hard 1d" after the scheduler's hard for a new card became 15m.
func TestGradeKeysCommentIsANewCardsKeys(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads view.go and draws one line
	src, err := os.ReadFile("view.go")
	if err != nil {
		t.Fatal(err)
	}
	c := regexp.MustCompile(`// "(1 again [^"]*)" for a new card`).FindSubmatch(src)
	if c == nil {
		t.Fatal(`view.go no longer gives gradeKeys' example as // "1 again …" for a new card; update this test`)
	}
	m := modelAt(t, 80, 24, newStore(t), func() time.Time { return now }, "ref-001-self-check-3")
	if got := ansi.Strip(m.gradeKeys()); string(c[1]) != got {
		t.Errorf("gradeKeys' comment shows %q; for a new card it draws %q", c[1], got)
	}
}
