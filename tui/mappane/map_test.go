package mappane

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// snapAt runs variant v of the built-in scenario to at.
func snapAt(t testing.TB, name string, v int, at time.Duration) *engine.Snapshot {
	t.Helper()
	return tuitest.At(t, name, v, at.Seconds()).Snap
}

func newMap(s *engine.Snapshot, w, h int) *Model {
	m := New(theme.New(theme.Plain()))
	m.SetData(pane.Data{Snap: s})
	m.SetSize(w, h)
	return m
}

// nodeNames are every part of a snapshot's system, as the scenario names
// them: its tenants, every front dependency (a service's name where it
// calls one), every service and every service's dependencies.
func nodeNames(s *engine.Snapshot) []string {
	names := []string{FrontName}
	for _, t := range s.Tenants {
		names = append(names, t.Name)
	}
	add := func(d *engine.DependencySnapshot) {
		if d.Service != "" {
			names = append(names, d.Service)
		} else {
			names = append(names, d.Name)
		}
	}
	for i := range s.Dependencies {
		add(&s.Dependencies[i])
	}
	for i := range s.Services {
		names = append(names, s.Services[i].Name)
		for j := range s.Services[i].Dependencies {
			add(&s.Services[i].Dependencies[j])
		}
	}
	return names
}

// The map drawn at 120×40 shows every node of every built-in scenario,
// each as a node of its own (its glyph before its name), in its first and
// its last variant (the least and the most protected; the sandbox's test
// opens every variant).
func TestEveryNodeAt120x40(t *testing.T) {
	for _, b := range scenarios.All() {
		sc := b.Build()
		for _, v := range []int{0, len(sc.Variants) - 1} {
			s := snapAt(t, b.Name, v, sc.Duration/2)
			m := newMap(s, 120, 40)
			view := ansi.Strip(m.View())
			tuitest.CheckBlock(t, m.View(), 120, 40)
			if !strings.HasPrefix(view, "╭─ Map ") {
				t.Errorf("%s variant %d: the pane is not titled Map:\n%s", b.Name, v+1, view)
			}
			// A tasks server has no workers: it holds tasks, not "n/0 busy".
			if strings.Contains(view, "/0 busy") {
				t.Errorf("%s variant %d: a server of no workers drawn as busy workers:\n%s", b.Name, v+1, view)
			}
			if s.Tasks != nil && !strings.Contains(view, pane.Count(s.Busy)+" task") {
				t.Errorf("%s variant %d: the front's %d live tasks are not shown:\n%s", b.Name, v+1, s.Busy, view)
			}
			for _, n := range nodeNames(s) {
				found := false
				for _, g := range []string{glyphService, glyphLeaf, glyphTenant} {
					found = found || strings.Contains(view, g+" "+n+" ") || strings.Contains(view, g+" "+n+"\n")
				}
				if !found {
					t.Errorf("%s variant %d: no node %q on the map:\n%s", b.Name, v+1, n, view)
				}
			}
		}
	}
}

// The numbers on a node are the snapshot's: the front's busy workers,
// a fleet's instance count, a leaf's calls held against its bulkhead and
// its abandoned calls apart, and a fault in force.
func TestNodesCarryTheSnapshotsState(t *testing.T) {
	s := snapAt(t, "cascade", 1, 20*time.Second)
	view := ansi.Strip(newMap(s, 150, 20).View())
	rec, _ := s.Dependency("recommendations")
	for _, want := range []string{
		fmt.Sprintf("%d/%d busy", s.Busy, s.Workers),
		fmt.Sprintf("%d/%d held · %d abandoned", rec.InFlight-rec.Abandoned, rec.BulkheadCap, rec.Abandoned),
		"⚠ hang",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("the map does not say %q:\n%s", want, view)
		}
	}
	f := snapAt(t, "fleet-probes", 0, 40*time.Second)
	view = ansi.Strip(newMap(f, 150, 20).View())
	if !strings.Contains(view, fmt.Sprintf("api ×%d", len(f.Services[0].Instances))) {
		t.Errorf("the fleet is not drawn as %d instances:\n%s", len(f.Services[0].Instances), view)
	}
}

// The rates are the engine's: over the last 5 s, the attempts that
// reached the dependency along an edge a second and the failed share of
// the answered, from its running counts.
func TestEdgeRatesComeFromTheSeries(t *testing.T) {
	s := snapAt(t, "breaker-timeline", 0, 30*time.Second)
	d := &s.Dependencies[0]
	k := int(rateWindow / s.SampleEvery)
	last, first := d.Series[len(d.Series)-1], d.Series[len(d.Series)-1-k]
	c, ok := edgeCounts(d, nil, s.SampleEvery)
	rate, failed := c.ReachedRate(s.SampleEvery), c.FailedShare()
	all := float64(last.Answered - first.Answered)
	if !ok || all == 0 {
		t.Fatal("no calls in the window")
	}
	if want := float64(last.Reached-first.Reached) / rateWindow.Seconds(); rate != want {
		t.Errorf("rate %v, want %v", rate, want)
	}
	if want := float64(last.FailedCalls-first.FailedCalls) / all; failed != want {
		t.Errorf("failed %v, want %v", failed, want)
	}
	// From 20 s the dependency fails every call: the window is all failed.
	if failed != 1 {
		t.Errorf("failed share %v at 30 s, want 1", failed)
	}
}

// n and N move through the nodes in the order drawn, < and > through a
// fleet's instances (the whole fleet is one stop), and Selected names the
// target as the engine does.
func TestKeysMoveTheSelection(t *testing.T) {
	m := newMap(snapAt(t, "fleet-probes", 0, 10*time.Second), 120, 30)
	if got := m.SelectedName(); got != FrontName {
		t.Fatalf("starts on %q, want %q", got, FrontName)
	}
	key := func(s string) { m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}) }
	key("n")
	if got := m.SelectedName(); got != "api" {
		t.Errorf("n: %q, want api", got)
	}
	key(">")
	key(">")
	key(">")
	if got := m.SelectedName(); got != "api#2" {
		t.Errorf("> three times: %q, want api#2", got)
	}
	key("<")
	if got := m.SelectedName(); got != "api#1" {
		t.Errorf("<: %q, want api#1", got)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "selected: api#1") || !strings.Contains(v, "[") {
		t.Errorf("the view does not show api#1 selected:\n%s", v)
	}
	key("n")
	key("n")
	if got := m.SelectedName(); got != "store" {
		t.Errorf("n n: %q, want store", got)
	}
	key("n")
	if got := m.SelectedName(); got != FrontName {
		t.Errorf("n wraps to %q, want front", got)
	}
	key("N")
	if got := m.Selected(); got.Name != "store" || got.Kind != Leaf {
		t.Errorf("N: %+v, want the leaf store", got)
	}
	// The selection stays on its node through new snapshots.
	m.SetData(pane.Data{Snap: snapAt(t, "fleet-probes", 0, 20*time.Second)})
	if got := m.SelectedName(); got != "store" {
		t.Errorf("after new data: %q", got)
	}
}

// A click selects the node on its row, or the instance under it in a
// fleet's strip.
func TestClickSelects(t *testing.T) {
	m := newMap(snapAt(t, "fleet-probes", 0, 10*time.Second), 120, 30)
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	row := func(sub string) int {
		for y, l := range lines {
			if strings.Contains(l, sub) {
				return y
			}
		}
		t.Fatalf("no line with %q", sub)
		return -1
	}
	if !m.Click(10, row("◆ store")) || m.SelectedName() != "store" {
		t.Errorf("a click on store's row selected %q", m.SelectedName())
	}
	y := row("api ×20") + 1 // the strip
	x := strings.IndexFunc(string([]rune(lines[y])[1:]), func(r rune) bool { return r != ' ' && r != '│' })
	x = len([]rune(string([]rune(lines[y])[1:])[:x])) + 1
	if !m.Click(x+4, y) || m.SelectedName() != "api#4" {
		t.Errorf("a click on the fifth cell selected %q\n%s", m.SelectedName(), strings.Join(lines, "\n"))
	}
	if m.Click(0, 0) {
		t.Error("a click on the border selected something")
	}
}

// Select takes the names Selected gives.
func TestSelectByName(t *testing.T) {
	m := newMap(snapAt(t, "noisy-tenant", 0, 10*time.Second), 120, 30)
	for _, name := range []string{"acme", "database", FrontName} {
		if !m.Select(name) || m.SelectedName() != name {
			t.Errorf("Select(%q): %q", name, m.SelectedName())
		}
	}
	if m.Select("nothing") || m.Select("database#x") {
		t.Error("Select took a name that is no node")
	}
}

// Without colour the states read in symbols and words: the breaker's
// glyph on the branch, ⚠ for a fault, the cursor on the selection.
func TestNoColorReadable(t *testing.T) {
	view := newMap(snapAt(t, "api-gateway", 0, 25*time.Second), 150, 20).View()
	if ansi.Strip(view) != view {
		t.Fatal("the plain theme drew escape codes")
	}
	for _, want := range []string{"█▶ ◆ search-api", "▁▶ ◆ users-api", "⚠ hang", "▸▣ front", "█ open", "▁ closed"} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q without colour:\n%s", want, view)
		}
	}
}

// goldenCases are a moment of each built-in scenario that tells its story.
var goldenCases = []struct {
	name string
	v    int
	at   time.Duration
}{
	{"cascade", 2, 26 * time.Second}, {"breaker-timeline", 0, 50 * time.Second}, {"checkout", 3, 20 * time.Second},
	{"multi-hop", 2, 30 * time.Second}, {"fleet-probes", 0, 40 * time.Second}, {"api-gateway", 1, 25 * time.Second},
	{"rate-limit-vs-bulkhead", 1, 20 * time.Second}, {"noisy-tenant", 1, 20 * time.Second},
}

// The map at 80×24, 120×40 and 200×60: each scenario's map as wide as the
// window and as tall as it is or the map can use.
func TestMapGolden(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		var b strings.Builder
		for _, c := range goldenCases {
			// The run's fault spans too, as the sandbox hands them over.
			m := New(theme.New(theme.Plain()))
			m.SetData(tuitest.At(t, c.name, c.v, c.at.Seconds()))
			m.SetSize(sz[0], sz[1])
			m.SetSize(sz[0], min(sz[1], m.Max()))
			v := m.View()
			tuitest.CheckNoCuts(t, c.name, v)
			fmt.Fprintf(&b, "──── %s variant %d at %s ────\n%s\n", c.name, c.v+1, pane.Seconds(c.at), ansi.Strip(v))
		}
		golden.Check(t, fmt.Sprintf("map-%dx%d", sz[0], sz[1]), b.String())
	}
}

func BenchmarkView(b *testing.B) {
	s := snapAt(b, "fleet-probes", 0, 40*time.Second)
	m := newMap(s, 120, 30)
	d := pane.Data{Snap: s}
	for b.Loop() {
		m.SetData(d)
		_ = m.View()
	}
}

// A static map (the lesson player's, which takes no map keys) shows no
// cursor and no selection line.
func TestStaticMapShowsNoSelection(t *testing.T) {
	m := newMap(snapAt(t, "multi-hop", 0, 10*time.Second), 100, 12)
	m.SetStatic(true)
	if v := ansi.Strip(m.View()); strings.Contains(v, "selected:") || strings.Contains(v, glyphCursor) {
		t.Errorf("a static map shows a selection:\n%s", v)
	}
}

// topNote is the note set in a frame's top edge, after the title: "" when
// there is none.
var topNote = regexp.MustCompile(`^╭─ Map ─+(?: (.*) ─)?╮$`)

// A map too narrow for its columns says so in its top edge in plain words
// that fit whole, at every width from the narrowest a note fits in to one
// that shows every column: the hidden columns by name ("hidden columns:
// "failed", "now""), or at the last their count ("2 columns hidden"), never
// the old "wider shows failed, now" nor a note cut off with "…". Each column
// missing from the head row is named, or counted.
func TestHiddenColumnsNoteIsPlainAndWhole(t *testing.T) {
	plain := regexp.MustCompile(`^(hidden columns?: ("[^"]+")(, "[^"]+")*( \((a wider window shows (them|it)|widen to see)\))?|(\d+) ((columns?|cols?) )?hidden( \(widen( to see)?\))?)$`)
	for _, c := range goldenCases {
		s := tuitest.At(t, c.name, c.v, c.at.Seconds())
		hiddenSeen := false
		for w := 24; w <= 200; w++ {
			m := New(theme.New(theme.Plain()))
			m.SetData(s)
			m.SetSize(w, 60) // tall enough for the head row
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			top := lines[0]
			if got := ansi.StringWidth(top); got != w {
				t.Fatalf("%s at %d columns: the top edge is %d cells wide: %q", c.name, w, got, top)
			}
			if strings.Contains(top, "wider shows") || strings.Contains(top, "…") {
				t.Errorf("%s at %d columns: the top edge %q is the old wording or cut short", c.name, w, top)
			}
			head := lineOf(strings.Join(lines, "\n"), " node ")
			if head == "" {
				t.Fatalf("%s at %d columns: no head row:\n%s", c.name, w, strings.Join(lines, "\n"))
			}
			var missing []string
			for i, col := range columns {
				if breakerColumn(i) && !m.anyBreaker() {
					continue
				}
				if !strings.Contains(head, " "+col.head) {
					missing = append(missing, col.head)
				}
			}
			note := topNote.FindStringSubmatch(top)
			if len(missing) == 0 {
				if note != nil && strings.Contains(note[1], "hidden") {
					t.Errorf("%s at %d columns: every column shown, yet the note says %q", c.name, w, note[1])
				}
				continue
			}
			hiddenSeen = true
			if w < 12+len("1 hidden") {
				continue // no room for any note: the frame's edge is bare
			}
			if note == nil || !plain.MatchString(note[1]) {
				t.Errorf("%s at %d columns: %v hidden, yet the top edge is %q", c.name, w, missing, top)
				continue
			}
			if m := plain.FindStringSubmatch(note[1]); m[7] != "" {
				if m[7] != fmt.Sprint(len(missing)) {
					t.Errorf("%s at %d columns: %d columns hidden, yet the note says %q", c.name, w, len(missing), note[1])
				}
			} else {
				for _, h := range missing {
					if !strings.Contains(note[1], `"`+h+`"`) {
						t.Errorf("%s at %d columns: %q hidden, yet the note %q does not name it", c.name, w, h, note[1])
					}
				}
			}
		}
		if !hiddenSeen {
			t.Errorf("%s: no width hid a column: the test tests nothing", c.name)
		}
	}
}

// usedAgainstCap is "N/C held" or "N/C in flight" in a map's cell.
var usedAgainstCap = regexp.MustCompile(`(\d+)/(\d+) (held|in flight)`)

// Lesson 3: the hang never takes more than its bulkhead's 20. The map
// shows what the bulkhead caps, the calls a caller still waits on (held),
// against the cap, and the abandoned ones (the caller timed out, the
// dependency still works on them) apart: "20/20 held · 60 abandoned",
// never "80/20 in flight", which reads as a bulkhead letting 80 through.
// At 80 columns the cell stands whole in its column.
func TestHeldAgainstTheCapAbandonedApart(t *testing.T) {
	for _, at := range []time.Duration{17 * time.Second, 23 * time.Second, 29 * time.Second} {
		s := snapAt(t, "cascade", 1, at)
		rec, _ := s.Dependency("recommendations")
		if rec.Abandoned == 0 {
			t.Fatalf("at %v no call is abandoned: the test tests nothing", at)
		}
		held := rec.InFlight - rec.Abandoned
		want := fmt.Sprintf("%d/%d held · %d abandoned", held, rec.BulkheadCap, rec.Abandoned)
		for _, w := range []int{80, 200} {
			view := ansi.Strip(newMap(s, w, 24).View())
			if !strings.Contains(view, want) {
				t.Errorf("at %v, %d columns: the map does not say %q:\n%s", at, w, want, view)
			}
			for _, m := range usedAgainstCap.FindAllStringSubmatch(view, -1) {
				if n, c := atoi(m[1]), atoi(m[2]); n > c {
					t.Errorf("at %v, %d columns: %q: calls against a cap they pass", at, w, m[0])
				}
			}
		}
	}
}

func atoi(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	return n
}
