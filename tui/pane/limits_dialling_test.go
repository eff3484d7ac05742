package pane_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// limitsView draws the limits pane of d at w×h, plain.
func limitsView(d pane.Data, w, h int) string {
	l := pane.NewLimits(tuitest.Plain())
	l.SetData(d)
	l.SetSize(w, h)
	return ansi.Strip(l.View())
}

// lineWith is the first line of view that holds has.
func lineWith(view, has string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, has) {
			return l
		}
	}
	return ""
}

// go-server at 35 s, payments unreachable (tuitest.UnreachableGoServer):
// the transport's connections in use are nearly all dials to it, while its
// calls in flight are a few dozen. The limits pane and the pool's chart
// say which part of the count is dials, in words that fit each width; the
// database pool, whose connections carry queries, says nothing of dials,
// and nor does the transport before the fault, or in the built-in's hang,
// whose host accepts the dials.
func TestPoolPanesSayHowManyConnectionsAreDialling(t *testing.T) {
	d := tuitest.At(t, tuitest.UnreachableGoServer, 0, 35)
	p := &d.Snap.Pools[0]
	if p.Name != "transport" || !pane.DiallingShown(p.Dialling, p.InUse) {
		t.Fatalf("go-server at 35 s: pool %s has %d of %d in use dialling, want most of the transport's", p.Name, p.Dialling, p.InUse)
	}
	dial := fmt.Sprintf("(%s dialling)", pane.Count(p.Dialling))
	for _, c := range []struct {
		w    int
		want string
	}{
		{90, pane.PoolInUse(p) + " " + dial}, // 200x60: "2,895 in use (2,869 dialling) · 0 waiting · ..."
		{70, pane.PoolInUse(p) + " " + dial + " · " + pane.Count(p.Waiting) + " waiting"},
		{60, pane.Count(p.InUse) + " " + dial + " · " + pane.Count(p.Waiting) + " wait"},
		{45, pane.Count(p.InUse) + " " + dial},     // 100x30
		{36, pane.Count(p.Dialling) + " dialling"}, // 80x24: the dials alone
	} {
		v := limitsView(d, c.w, 8)
		row := lineWith(v, "transport")
		if !strings.Contains(row, c.want) {
			t.Errorf("limits pane %d wide: transport row %q, want %q in it:\n%s", c.w, row, c.want, v)
		}
		if db := lineWith(v, "database"); strings.Contains(db, "dialling") {
			t.Errorf("limits pane %d wide: the database's row %q speaks of dials", c.w, db)
		}
	}
	for _, c := range []struct {
		w    int
		want string
	}{
		{90, pane.PoolInUse(p) + " " + dial + " · " + pane.Count(p.Waiting) + " waiting"},
		{45, pane.Count(p.InUse) + " " + dial},
	} {
		g := chart.NewPoolGauge(tuitest.Plain(), 0)
		g.SetData(d)
		g.SetSize(c.w, 8)
		top := strings.SplitN(ansi.Strip(g.View()), "\n", 2)[0]
		if !strings.Contains(top, c.want) {
			t.Errorf("pool chart %d wide: title %q, want %q in it", c.w, top, c.want)
		}
	}
	before := tuitest.At(t, tuitest.UnreachableGoServer, 0, 15)
	if v := limitsView(before, 90, 8); strings.Contains(v, "dialling") {
		t.Errorf("before the fault the pool's few dials are news to no one:\n%s", v)
	}
	if v := limitsView(tuitest.At(t, "go-server", 0, 35), 90, 8); strings.Contains(v, "dialling") {
		t.Errorf("in the hang the host accepts, and its few dials are news to no one:\n%s", v)
	}
}

// The limits pane's title gives way word by word: a short title with its
// note in words ("Limits ── 6 tasks live") before the long title with a
// bare number ("Limits of the tasks server ── 6"), which says nothing of
// what it counts (compare mode at 80x24 drew it).
func TestLimitsTitleKeepsItsNoteWorded(t *testing.T) {
	d := tuitest.At(t, "go-inventory", 0, 10)
	live := pane.Count(d.Snap.Tasks.Live)
	worded := live + " tasks live"
	for w := 20; w <= 80; w++ {
		top := strings.SplitN(limitsView(d, w, 8), "\n", 2)[0]
		fits := w-9 >= len("Limits")+len(worded)
		if fits && !strings.Contains(top, worded) {
			t.Errorf("%d wide: title %q, want %q beside the short title", w, top, worded)
		}
	}
}
