package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A value the form refuses is said once: the mark beside the field names
// the limit, the message line names the field and says why, and, where
// another field sets the limit, that field and its value. Workers 10 in
// cascade were marked `20 or more for variant "bulkhead: recommendations
// <= 20"`, and the line said so again at length, then the engine's words
// for a file after it.
func TestARefusalNamesTheLimitBesideAndWhyBelow(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, every enter is refused and its commands are dropped
	for _, c := range []struct {
		name    string
		variant int
		label   string
		typed   string
		at      string            // the field the cursor goes to
		marks   map[string]string // every field marked, by fieldName
		line    string
	}{
		{"workers below another variant's bulkhead", 0, "workers", "10", "workers",
			map[string]string{"workers": "at least 20"},
			"workers: at least 20, since recommendations' bulkhead in variant 2 (bulkhead: recommendations <= 20) lets 20 calls in at once; lower that bulkhead first"},
		{"workers below this variant's bulkhead", 1, "workers", "10", "recommendations bulkhead",
			map[string]string{"workers": "at least 20", "recommendations bulkhead": "at most 10"},
			"recommendations bulkhead: at most 10, since the server has 10 workers to make its calls; or raise the workers"},
		{"a bulkhead above the workers", 1, "bulkhead", "500", "recommendations bulkhead",
			map[string]string{"workers": "at least 500", "recommendations bulkhead": "at most 200"},
			"recommendations bulkhead: at most 200, since the server has 200 workers to make its calls; or raise the workers"},
		{"a fault that ends before it starts", 0, "  until", "5s", "recommendations hangs until",
			map[string]string{"recommendations hangs from": "before 5s", "recommendations hangs until": "after 10s"},
			"recommendations hangs until: after 10s, since the fault starts at 10s; or start it earlier"},
		{"a fault that starts after the run", 0, "recommendations hangs from", "40s", "recommendations hangs from",
			map[string]string{"recommendations hangs from": "before 30s"},
			"recommendations hangs from: before 30s, since the run ends at 30s"},
		{"a negative rate", 0, "search rate", "-5", "search rate",
			map[string]string{"search rate": "want 0 to 1,000,000"},
			"search rate refused: -5 is below 0, the least it takes; the run on screen is unchanged"},
		{"retry attempts of 0", 1, "retry attempts", "0", "recommendations retry attempts",
			map[string]string{"recommendations retry attempts": "want 1 to 100"},
			"recommendations retry attempts refused: 0 is below 1, the least it takes; the run on screen is unchanged"},
		{"text in a number field", 1, "workers", "x", "workers",
			map[string]string{"workers": "want 1 to 100,000"},
			`workers refused: "x" is not a whole number: type digits only, such as 200; the run on screen is unchanged`},
		{"a duration with no unit", 1, "timeout", "abc", "recommendations timeout",
			map[string]string{"recommendations timeout": "a duration with its unit"},
			`recommendations timeout refused: "abc" is not a number followed by its unit (ns, us, ms, s, m, h), such as 500ms, 2s or 1m30s; the run on screen is unchanged`},
		{"a unit typed twice", 1, "timeout", "5s1s", "recommendations timeout",
			map[string]string{"recommendations timeout": "each unit once"},
			"recommendations timeout refused: 5s1s repeats the unit s: did you mean 1s?; the run on screen is unchanged"},
		{"an empty duration", 1, "timeout", "", "recommendations timeout",
			map[string]string{"recommendations timeout": "a duration with its unit"},
			"recommendations timeout refused: it is empty; the run on screen is unchanged"},
	} {
		m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "cascade"), Variant: c.variant})
		m = press(m, "e")
		m = focusLabel(t, m, c.label, 1)
		m = typeRunes(press(m, "ctrl+u"), c.typed)
		m = press(m, "enter")
		if m.form == nil {
			t.Errorf("%s: %s %q was taken", c.name, c.label, c.typed)
			continue
		}
		marks := map[string]string{}
		for i, k := range m.form.knobs {
			if k.err != "" {
				marks[m.form.fieldName(i)] = k.err
			}
		}
		if len(marks) != len(c.marks) {
			t.Errorf("%s: marked %q, want %q", c.name, marks, c.marks)
		}
		for field, mark := range c.marks {
			if marks[field] != mark {
				t.Errorf("%s: %s is marked %q, want %q", c.name, field, marks[field], mark)
			}
			// Said once: the line says why, not the mark beside again.
			if strings.Contains(m.form.err, mark) && !strings.HasPrefix(m.form.err, field+": "+mark+", since") {
				t.Errorf("%s: the message line %q says %s's mark %q again", c.name, m.form.err, field, mark)
			}
		}
		if m.form.err != c.line {
			t.Errorf("%s: the message line says\n\t%q\nwant\n\t%q", c.name, m.form.err, c.line)
		}
		if at := m.form.fieldName(m.form.focus); at != c.at {
			t.Errorf("%s: the cursor is on %q, want %q", c.name, at, c.at)
		}
		// The line is the form's words, not the engine's for a file.
		if strings.Contains(m.form.err, "must be") || strings.Contains(m.form.err, `variant "`) {
			t.Errorf("%s: the message line keeps the engine's words: %q", c.name, m.form.err)
		}
		if v := ansi.Strip(m.View()); !strings.Contains(v, "✗ "+c.marks[c.at]) {
			t.Errorf("%s: the mark %q is not on screen:\n%s", c.name, c.marks[c.at], v)
		}
	}
}
