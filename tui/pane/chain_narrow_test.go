package pane_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// multiHopAt is the multi-hop scenario's variant v at a moment: a chain
// whose hops have no breaker.
func multiHopAt(t *testing.T, v int, at time.Duration) *engine.Snapshot {
	t.Helper()
	r, err := engine.New(scenarios.MultiHop(), v, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(at)
	s := r.Snapshot()
	return &s
}

// The lesson player gives the chain a side-by-side column at 80×24, 39
// cells wide (lesson 11). There the title keeps a whole note, a chain
// with no breaker gives the breaker column's cells to the queue, and a
// wrapped footer keeps each count on its label's line.
func TestChainInTheLessonPlayersNarrowColumn(t *testing.T) {
	const w, h = 39, 11
	c := pane.NewChain(tuitest.Plain())
	c.SetData(pane.Data{Snap: multiHopAt(t, 1, 32*time.Second), Gen: 1})
	c.SetSize(w, h)
	v := c.View()
	tuitest.CheckBlock(t, v, w, h)
	tuitest.CheckNoCuts(t, "chain 39x11", v)
	lines := strings.Split(ansi.Strip(v), "\n")
	if !strings.Contains(lines[0], "cols hidden") {
		t.Errorf("the title should say columns are hidden, in whole words: %q", lines[0])
	}
	if !strings.Contains(lines[1], "queue") || strings.Contains(lines[1], "breaker") {
		t.Errorf("with no breaker on any hop the queue should show instead of the breaker column: %q", lines[1])
	}
	label := regexp.MustCompile(`(cancelled|abandoned|expired|deadline)\s*│?$`)
	for i, l := range lines {
		if label.MatchString(strings.TrimRight(l, " │")) {
			t.Errorf("line %d ends with a label whose count went to the next line: %q", i+1, l)
		}
	}
	if !strings.Contains(v, "abandoned") {
		t.Fatalf("the footer is missing:\n%s", v)
	}
}

// A chain with a breaker keeps its breaker column.
func TestChainKeepsTheBreakerColumnWhenThereIsOne(t *testing.T) {
	s := multiHopAt(t, 1, 32*time.Second)
	bs := &engine.BreakerSnapshot{}
	s.Dependencies[0].Breaker = bs
	c := pane.NewChain(tuitest.Plain())
	c.SetData(pane.Data{Snap: s, Gen: 1})
	c.SetSize(39, 11)
	if head := strings.Split(ansi.Strip(c.View()), "\n")[1]; !strings.Contains(head, "breaker") {
		t.Errorf("the breaker column is gone although the front has a breaker: %q", head)
	}
}
