package pane_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/tiles"
	"github.com/charmbracelet/x/ansi"
)

// The note on hidden columns, longest first: the heads quoted and what
// brings them back, then the count alone; "column" and "it" for one.
func TestHiddenNotesSayWhichColumnsAndHowToSeeThem(t *testing.T) {
	cases := []struct {
		heads []string
		want  []string
	}{
		{nil, nil},
		{[]string{"failed", "now"}, []string{
			`hidden columns: "failed", "now" (a wider window shows them)`,
			`hidden columns: "failed", "now" (widen to see)`,
			`hidden columns: "failed", "now"`,
			`2 columns hidden (widen to see)`,
			`2 columns hidden (widen)`,
			`2 columns hidden`,
			`2 cols hidden`,
			`2 hidden`,
		}},
		{[]string{"next hop"}, []string{
			`hidden column: "next hop" (a wider window shows it)`,
			`hidden column: "next hop" (widen to see)`,
			`hidden column: "next hop"`,
			`1 column hidden (widen to see)`,
			`1 column hidden (widen)`,
			`1 column hidden`,
			`1 col hidden`,
			`1 hidden`,
		}},
		{[]string{"breaker", "window failed", "in flight", "refused"}, []string{
			`hidden columns: "breaker", "window failed", "in flight", "refused" (a wider window shows them)`,
			`hidden columns: "breaker", "window failed", "in flight", "refused" (widen to see)`,
			`hidden columns: "breaker", "window failed", "in flight", "refused"`,
			`4 columns hidden (widen to see)`,
			`4 columns hidden (widen)`,
			`4 columns hidden`,
			`4 cols hidden`,
			`4 hidden`,
		}},
	}
	for _, c := range cases {
		got := pane.HiddenNotes(c.heads)
		if !slices.Equal(got, c.want) {
			t.Errorf("HiddenNotes(%q):\n got %q\nwant %q", c.heads, got, c.want)
		}
		// Longest first, pane.Titled taking the first that fits: the
		// names each shorter than the one before, then the count each
		// shorter (the names, when they fit, rather than a count that
		// may be as long: `hidden columns: "failed", "now"` before
		// "2 columns hidden (widen to see)").
		for i := 1; i < len(got); i++ {
			if i != 3 && ansi.StringWidth(got[i]) >= ansi.StringWidth(got[i-1]) {
				t.Errorf("HiddenNotes(%q): %q is not shorter than %q before it", c.heads, got[i], got[i-1])
			}
		}
	}
}

// hiddenNote is a note on hidden columns, in HiddenNotes' words, and at
// most one lead before it ("3 of 3 pools full · ...").
var hiddenNote = regexp.MustCompile(`^(?:[^·]+ · )?(?:hidden (columns?): ("[^"]+"(?:, "[^"]+")*)(?: \((?:a wider window shows (them|it)|widen to see)\))?|(\d+) (?:(columns?|cols?) )?hidden(?: \(widen(?: to see)?\))?)$`)

// topEdge is a frame's top edge: its title and its note, if any.
var topEdge = regexp.MustCompile(`^╭─ (.+?) ─+(?: (.+) ─)?╮$`)

// viewer is a pane as its parent drives it.
type viewer interface {
	SetSize(w, h int)
	SetData(d pane.Data)
	View() string
}

// Every pane with a table, the Map, the Chain, the Dependencies, the
// Tenants and a Fleet, words its note on the columns too narrow for it as
// HiddenNotes does, whole, at widths from 20 to 200 columns in every
// built-in scenario: never the old "wider shows next hop" nor a note cut
// off with "…", "column" for one and "columns" for more. No other pane
// (the pool, the breaker, the limits, the charts, the circuit tiles) says
// "wider shows" either. Each table pane is seen naming hidden columns and
// counting them.
func TestEveryPaneWordsItsHiddenColumnsAlike(t *testing.T) {
	racefree.Only(t) // some 5,000 views of each table pane
	th := tuitest.Plain()
	type kind struct {
		name   string
		table  bool // has a table that drops columns
		make   func() viewer
		h      int
		widths []int
	}
	// Every width to well past the widest at which a table here leaves a
	// column out (the Map, at 88), then every fifth; the charts, slow to
	// draw, at widths the layouts give them.
	var tableWidths []int
	for w := 20; w <= 200; w++ {
		if w <= 120 || w%5 == 0 {
			tableWidths = append(tableWidths, w)
		}
	}
	widths := []int{20, 30, 39, 44, 55, 66, 80, 110, 160, 200}
	kinds := []kind{
		{"Map", true, func() viewer { return mappane.New(th) }, 60, tableWidths},
		{"Chain", true, func() viewer { return pane.NewChain(th) }, 20, tableWidths},
		{"Dependencies", true, func() viewer { return pane.NewOverview(th) }, 12, tableWidths},
		{"Tenants", true, func() viewer { return pane.NewTenants(th) }, 12, tableWidths},
		{"Fleet", true, func() viewer { return pane.NewFleet(th) }, 30, tableWidths},
		{"Worker pool", false, func() viewer { return pane.NewPool(th) }, 14, widths},
		{"Breaker", false, func() viewer { return pane.NewBreaker(th) }, 14, widths},
		{"Limits", false, func() viewer { return pane.NewLimits(th) }, 14, widths},
		{"Outcomes", false, func() viewer { return chart.NewOutcomes(th) }, 14, widths},
		{"Latency", false, func() viewer { return chart.NewLatency(th) }, 14, widths},
		{"History", false, func() viewer { return chart.NewHistory(th) }, 14, widths},
		{"In flight", false, func() viewer { return chart.NewInFlight(th) }, 14, widths},
		{"Pool gauge", false, func() viewer { return chart.NewPoolGauge(th, 0) }, 14, widths},
		{"Circuits", false, func() viewer { return tiles.New(th) }, 14, widths},
	}
	named, counted := map[string]bool{}, map[string]bool{}
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			// Late in the run, when the pools are full and the counts
			// widest.
			d := tuitest.At(t, b.Name, v, (sc.Duration * 3 / 4).Seconds())
			for _, k := range kinds {
				if k.name == "Chain" && len(d.Snap.Services) == 0 {
					continue // no chain to show: no pane shows it
				}
				p := k.make()
				p.SetData(d)
				for _, w := range k.widths {
					p.SetSize(w, k.h)
					view := ansi.Strip(p.View())
					where := fmt.Sprintf("%s in %s variant %d at %d columns", k.name, b.Name, v+1, w)
					if strings.Contains(view, "wider shows") {
						t.Errorf("%s: the old wording \"wider shows\":\n%s", where, view)
					}
					if !k.table {
						continue
					}
					top, _, _ := strings.Cut(view, "\n")
					edge := topEdge.FindStringSubmatch(top)
					if edge == nil {
						t.Errorf("%s: the top edge %q is not a frame's", where, top)
						continue
					}
					note := edge[2]
					if strings.Contains(top, "…") {
						t.Errorf("%s: the top edge %q is cut short", where, top)
					}
					if !strings.Contains(note, "hidden") {
						continue
					}
					m := hiddenNote.FindStringSubmatch(note)
					if m == nil {
						t.Errorf("%s: the note %q is not in HiddenNotes' words", where, note)
						continue
					}
					if m[2] != "" {
						named[k.name] = true
						one := !strings.Contains(m[2], ", ")
						if one != (m[1] == "column") || m[3] != "" && one != (m[3] == "it") {
							t.Errorf("%s: the note %q mixes one column and more", where, note)
						}
					} else {
						counted[k.name] = true
						one := m[4] == "1"
						if m[5] != "" && one != (m[5] == "column" || m[5] == "col") {
							t.Errorf("%s: the note %q mixes one column and more", where, note)
						}
					}
				}
			}
		}
	}
	for _, k := range kinds {
		if k.table && (!named[k.name] || !counted[k.name]) {
			t.Errorf("%s: never seen naming hidden columns (%v) and counting them (%v): the test misses it", k.name, named[k.name], counted[k.name])
		}
	}
}
