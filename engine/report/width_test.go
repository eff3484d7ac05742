package report_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// At a width, every line of every built-in scenario's table fits, every
// number the wide table prints is still there whole, and the wide table
// (width 0) is unchanged by the narrow one's existence.
func TestTableFitsTheWidth(t *testing.T) {
	number := regexp.MustCompile(`[0-9][0-9,.]*%?`)
	for _, b := range scenarios.All() {
		sc := b.Build()
		snaps, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		var wide bytes.Buffer
		if err := report.WriteTable(&wide, sc, 5, snaps); err != nil {
			t.Fatal(err)
		}
		for _, width := range []int{40, 60, 80, 100} {
			var narrow bytes.Buffer
			if err := report.WriteTableWidth(&narrow, sc, 5, snaps, width); err != nil {
				t.Fatal(err)
			}
			for i, l := range strings.Split(narrow.String(), "\n") {
				if n := len([]rune(l)); n > width {
					t.Errorf("%s at %d columns: line %d is %d wide: %q", sc.Name, width, i+1, n, l)
				}
			}
			count := func(s string) map[string]int {
				m := map[string]int{}
				for _, n := range number.FindAllString(s, -1) {
					m[strings.TrimRight(n, ",.")]++
				}
				return m
			}
			want, got := count(wide.String()), count(narrow.String())
			for n, c := range want {
				// A split table repeats nothing but the design names, which
				// hold numbers too ("200 threads"), so a number may appear
				// more often, never less.
				if got[n] < c {
					t.Errorf("%s at %d columns: %q appears %d times, %d in the wide table (a number split or lost)", sc.Name, width, n, got[n], c)
				}
			}
		}
	}
}

func TestWrapKeepsANumberWithItsUnit(t *testing.T) {
	got := report.Wrap("Share of each endpoint's requests that arrived from 10 s to 30 s", 60, 0)
	if strings.Contains(got, "\n30 s") == false || strings.Contains(got, "30\ns") {
		t.Fatalf("the unit must stay with its number:\n%s", got)
	}
	if got := report.Wrap("a wait of 500 ms, then more words to make it wrap here", 20, 2); strings.Contains(got, "500\n") {
		t.Fatalf("500 ms split:\n%s", got)
	}
}
