package sandbox

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// tabShown says whether title shows variant i's tab with a name (one of
// forms, the tabs' own words) and whether with its number alone.
func tabShown(title string, i int, forms []string) (named, bare bool) {
	for _, f := range forms {
		l := fmt.Sprintf("%d %s", i+1, f)
		named = named || strings.Contains(title, " "+l+" ") || strings.Contains(title, "["+l+"]")
	}
	// A bare number stands between two spaces and the next tab's (or the
	// line's end); a name follows its number after one space.
	bare = regexp.MustCompile(`(^|\s)` + fmt.Sprint(i+1) + `(\s\s|\s*$)`).MatchString(title)
	return named, bare
}

// At 80 columns checkout's tabs read "[1 no timeout]  2 timeout 500 ms
// 3   4   5", while its interview rubric says "tab 4 is the protected
// design". Every tab keeps a name where the current one's leaves room, a
// short one if need be ("4 protected", "5 bulkhead 4"): on the variant a
// scenario opens on, every tab of every built-in with a few variants.
func TestTabsKeepTheirNamesAt80(t *testing.T) {
	racefree.Only(t)
	for _, b := range scenarios.All() {
		sc := b.Build()
		if len(sc.Variants) > 5 {
			continue // eight designs: the tabs nearest the current one are named
		}
		m := newModel(t, 80, 24, Options{Scenario: sc})
		title := ansi.Strip(m.titleLine())
		forms := m.tabForms()
		for i := range sc.Variants {
			if named, _ := tabShown(title, i, forms[i]); !named && !strings.Contains(title, currentTab(sc.Variants, i)) {
				t.Errorf("%s at 80: tab %d has no name: %q", b.Name, i+1, title)
			}
		}
	}
	checkout := tuitest.Scenario(t, "checkout")
	for _, w := range []int{80, 100} {
		m := newModel(t, w, 24, Options{Scenario: checkout})
		title := ansi.Strip(m.titleLine())
		if !strings.Contains(title, " 4 protected ") {
			t.Errorf("checkout at %d columns: tab 4 is not named protected: %q", w, title)
		}
	}
}

// A short name is the words that tell a variant from the others, whole
// or cut between words, never a word cut in two: a clause every name of a
// group starts with is left out ("partner burst:"), a long rest keeps its
// first words, and an edited name's short forms, whose built words the
// edit may undo, are its name before the edit's, marked "(edited)".
func TestTabFormsShortenBetweenWords(t *testing.T) {
	got := tabForms([]string{"no timeout", "timeout 500 ms", "timeout 500 ms, 40 req/s", "protected", "timeout 500 ms, bulkhead 4"})
	for i, want := range []string{"no timeout", "timeout …", "40 req/s", "protected", "bulkhead 4"} {
		if short := got[i][len(got[i])-1]; short != want {
			t.Errorf("checkout's variant %d: short name %q, want %q (forms %q)", i+1, short, want, got[i])
		}
	}
	whole := "no timeout: goroutines pile up (edited: payments' timeout 1 s)"
	edited := tabForms([]string{whole, "context deadline"})
	if f := edited[0]; f[0] != whole || f[len(f)-1] != "no timeout: … (edited)" {
		t.Errorf("an edited name has forms %q, want it whole first and its short name, marked edited, last", f)
	}
	for _, f := range edited[0][1:] {
		if !strings.HasSuffix(f, " (edited)") {
			t.Errorf("an edited name's short form %q drops the mark", f)
		}
	}
	for _, b := range scenarios.All() {
		sc := b.Build()
		var names []string
		for _, v := range sc.Variants {
			names = append(names, v.Name)
		}
		for i, forms := range tabForms(names) {
			if forms[0] != names[i] {
				t.Errorf("%s variant %d: the first form %q is not the name %q", b.Name, i+1, forms[0], names[i])
			}
			for j, f := range forms {
				if j > 0 && ansi.StringWidth(f) >= ansi.StringWidth(forms[j-1]) {
					t.Errorf("%s variant %d: forms %q do not shorten", b.Name, i+1, forms)
				}
				words := strings.Fields(strings.TrimSuffix(f, " …"))
				all := strings.Fields(names[i])
				if tuitest.CutWord.MatchString(f) || !slices.ContainsFunc(suffixes(all), func(s []string) bool {
					return len(s) >= len(words) && strings.Join(s[:len(words)-1], " ") == strings.Join(words[:len(words)-1], " ") && strings.HasPrefix(s[len(words)-1], words[len(words)-1])
				}) {
					t.Errorf("%s variant %d: %q is not the name's words %q", b.Name, i+1, f, names[i])
				}
			}
		}
	}
}

// suffixes are the word runs a name's forms may start from.
func suffixes(words []string) [][]string {
	var out [][]string
	for i := range words {
		out = append(out, words[i:])
	}
	return out
}

// A click anywhere on a tab holding a short name picks its variant: the
// mouse read the title's tabs by their whole names or numbers, and took
// "3 40 req/s" for a tab " 3 " followed by text.
func TestClickOnAShortNamedTab(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "checkout")})
	title := ansi.Strip(m.titleLine())
	for i, label := range map[int]string{2: "40 req/s", 3: "protected", 4: "bulkhead 4"} {
		x := strings.Index(title, label)
		if x < 0 {
			t.Fatalf("the title lacks %q: %q", label, title)
		}
		at := ansi.StringWidth(title[:x]) + len(label) - 1 // the name's last cell
		if got, ok := m.tabAt(at); !ok || got != i {
			t.Errorf("a click on %q picks variant %d (%v), want %d", label, got+1, ok, i+1)
		}
	}
}
