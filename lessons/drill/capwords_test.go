package drill

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/facts"
)

// capWords are facts whose number is a cap on what is in flight at once,
// which a reader who memorises "Envoy: 3 retries" takes for a count per
// request. Every clause of the drill's texts that quotes one must say what
// it counts, in the words the fact's own description uses, so the sheet,
// the cards and the rubrics teach what lessons 03 and 06 teach.
var capWords = []struct {
	fact string
	// any: the clause says at least one of these; the first is the
	// fact description's own word.
	any []string
	// all: the clause says every one of these too.
	all []string
}{
	{fact: "envoy.max_retries", any: []string{"in flight", "at once"}},
	{fact: "envoy.retry_budget.share", any: []string{"in flight"}, all: []string{"active"}},
	{fact: "envoy.retry_budget.min", any: []string{"concurren", "in flight", "at once"}},
}

// clauseSep ends a clause: a semicolon, a bracket, or a sentence's full
// stop (placeholders are masked first, so their own dots do not count).
var clauseSep = regexp.MustCompile(`[;()]|\.(\s|"|$)`)

// clausesQuoting returns the clauses of text that quote the fact name.
func clausesQuoting(text, name string) []string {
	masked := placeholderExprRE.ReplaceAllStringFunc(text, func(p string) string {
		return strings.ReplaceAll(p, ".", "_")
	})
	want := strings.ReplaceAll(name, ".", "_")
	var out []string
	for _, c := range clauseSep.Split(masked, -1) {
		if regexp.MustCompile(`\{\{\s*fact\s+` + regexp.QuoteMeta(want) + `\s*(\||\}\})`).MatchString(c) {
			out = append(out, c)
		}
	}
	return out
}

func TestCapsSayWhatTheyCount(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	texts := map[string][]byte{"cheatsheet.toml": cheatSheetTOML, "cards.toml": cardsFile, "interview.toml": interviewTOML}
	for _, c := range capWords {
		f, err := facts.Lookup(c.fact)
		if err != nil {
			t.Fatal(err)
		}
		// The words are the fact's: if its meaning changes, so must they.
		says := strings.ToLower(f.Says)
		for _, w := range append(append([]string{}, c.all...), c.any[0]) {
			if !strings.Contains(says, w) {
				t.Errorf("%s says %q, not %q: the words this test asks for are out of date", c.fact, f.Says, w)
			}
		}
		quoted := 0
		for file, data := range texts {
			for i, line := range strings.Split(string(data), "\n") {
				for _, clause := range clausesQuoting(line, c.fact) {
					quoted++
					low := strings.ToLower(clause)
					ok := false
					for _, w := range c.any {
						ok = ok || strings.Contains(low, w)
					}
					for _, w := range c.all {
						ok = ok && strings.Contains(low, w)
					}
					if !ok {
						t.Errorf("%s:%d quotes %s without saying what it caps (%s; %s): %q",
							file, i+1, c.fact, strings.Join(c.any, " or "), strings.Join(c.all, ", "), strings.TrimSpace(clause))
					}
				}
			}
		}
		if c.fact == "envoy.max_retries" {
			// BulkheadDefaults states the same cap as typed words.
			for _, d := range BulkheadDefaults {
				if low := strings.ToLower(d.Value); d.Library == "Envoy" && strings.Contains(low, "retries") && !strings.Contains(low, "at once") && !strings.Contains(low, "in flight") {
					t.Errorf("BulkheadDefaults' %s %s says %q: retries without at once or in flight", d.Library, d.Setting, d.Value)
				}
			}
		}
		if quoted == 0 {
			t.Errorf("no text quotes %s: drop it from capWords", c.fact)
		}
	}
}

func TestClausesQuoting(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	got := clausesQuoting("caps ({{fact a.b}} by default), and retries ({{fact envoy.max_retries}} at once). Then {{fact envoy.max_retries}} more", "envoy.max_retries")
	want := []string{"{{fact envoy_max_retries}} at once", "Then {{fact envoy_max_retries}} more"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
}
