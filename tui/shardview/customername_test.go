package shardview

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// customerRE finds a customer named by its number, "#9,999", and the
// header's "customer 9999 poisoned"; a name cut short by the pane's edge
// ends in "…".
var customerRE = regexp.MustCompile(`(?:#(\d[\d,]*)|customer (\d[\d,]*))(…?)`)

// The view names one customer one way: the header wrote the poisoned
// customer "#9,999" and the list, the legend and "odds, #9999 down"
// wrote "#9999". Every name of a customer on screen, at every size and in
// the moment's caption, is customer's for its number.
func TestTheViewNamesACustomerOneWay(t *testing.T) {
	racefree.Only(t) // draws frames of a seeded run; no goroutine
	s := DefaultSetup()
	s.Workers, s.PerCustomer, s.Customers, s.Poisoned = 2048, 4, 10_000, 9_999
	names := map[int]map[string]bool{}
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
		m := newModel(t, sz[0], sz[1], Options{Setup: s})
		m = seekTo(t, m, 2500*time.Millisecond)
		texts := []string{m.View()}
		if mo, ok := m.Moment(); ok {
			texts = append(texts, mo.Caption)
		}
		for _, text := range texts {
			for _, g := range customerRE.FindAllStringSubmatch(text, -1) {
				if g[3] != "" {
					continue // cut short: not a name, part of one
				}
				digits := g[1] + g[2]
				c, err := strconv.Atoi(strings.ReplaceAll(digits, ",", ""))
				if err != nil {
					t.Fatal(err)
				}
				if names[c] == nil {
					names[c] = map[string]bool{}
				}
				names[c][strings.TrimPrefix(g[0], "customer ")] = true
			}
		}
	}
	if len(names[s.Poisoned]) == 0 {
		t.Fatalf("the view never names the poisoned customer %d", s.Poisoned)
	}
	for c, ways := range names {
		for w := range ways {
			if w != customer(c) {
				t.Errorf("the view names customer %d %q, want %q (all ways seen: %v)", c, w, customer(c), ways)
			}
		}
	}
}
