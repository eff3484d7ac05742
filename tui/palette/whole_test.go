package palette

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The rows preview long descriptions with " …"; the chosen candidate's is
// said whole under them, at every size and on every row.
func TestChosenDescriptionIsWhole(t *testing.T) {
	long := []Command{
		{Name: "sandbox", ArgName: "NAME", Desc: "play a scenario live: pool, breaker, charts, and every knob of it",
			Args: []Arg{
				{"rate-limit-vs-bulkhead", "a partner's burst and a slow catalog, each against a rate limit, a bulkhead and load shedding"},
				{"noisy-tenant", "three tenants share 60 workers; acme bursts to ten times its rate while the others carry on"},
				{"cascade", "one hang"},
			}},
	}
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		m := New(tuitest.Plain(), long)
		m.SetSize(sz[0], sz[1])
		m.Open()
		m, _ = m.Update(tuitest.Key("sandbox "))
		for i, c := range m.Candidates() {
			behind := strings.TrimSuffix(strings.Repeat(strings.Repeat("x", sz[0])+"\n", sz[1]), "\n")
			v := m.Overlay(behind)
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			tuitest.CheckWhole(t, fmt.Sprintf("row %d at %dx%d", i, sz[0], sz[1]), v, c.Desc)
			m, _ = m.Update(tuitest.Key("down"))
		}
	}
}
