package lessons

import (
	"strings"
	"testing"
)

// A lesson file's knob written in a scenario file's words (as `scenarios
// --dump` writes it) is refused with the knob's name, in a [set] table and
// in a [sweep]'s vary alike; a knob simply misspelt is offered the nearest.
// [set] said only that the dependency knows no key
// "policy.breaker.window_size", and a sweep with the policy table in the
// path listed every knob with no word of the one meant.
func TestLessonFileKeysAreNamedAsKnobs(t *testing.T) {
	lesson := func(tables string) string {
		return "+++\ntitle = \"T\"\nsummary = \"s\"\n+++\n\n+++ step\ntitle = \"a\"\nscenario = \"cascade\"\nvariant = 2\n" +
			tables + "\n+++\nText.\n"
	}
	for _, c := range []struct {
		name, tables string
		want, not    []string
	}{
		{"[set] with the policy table", "[set]\nrecommendations.policy.breaker.window_size = 20",
			[]string{"recommendations.policy.breaker.window_size is written as in a scenario file; a [set] table calls that knob recommendations.breaker.window"}, []string{"unknown"}},
		{"[set] with a breaker's file key", "[set]\nrecommendations.breaker.open_for = \"3s\"",
			[]string{"a [set] table calls that knob recommendations.breaker.open"}, []string{"unknown"}},
		{"[set] misspelt", "[set]\nrecommendations.breaker.windw = 20",
			[]string{`unknown breaker key "windw"; did you mean recommendations.breaker.window? (allowed:`}, []string{"scenario file"}},
		{"[set] of no part, misspelt", "[set]\nworkrs = 20",
			[]string{`unknown key "workrs"; did you mean workers?`}, []string{"scenario file"}},
		{"[sweep] with the policy table", "panes = [\"sweep\"]\n[sweep]\nvary = [\"recommendations.policy.breaker.half_open_trials=1..3\"]\nmeasure = \"search.ok\"",
			[]string{"recommendations.policy.breaker.half_open_trials is written as in a scenario file; a sweep calls that knob recommendations.breaker.trials; cascade's knobs are:"}, []string{"has no numeric knob"}},
		{"[sweep] with a breaker's file key", "panes = [\"sweep\"]\n[sweep]\nvary = [\"recommendations.breaker.open_for=1s..4s:4\"]\nmeasure = \"search.ok\"",
			[]string{"a sweep calls that knob recommendations.breaker.open;"}, []string{"has no numeric knob"}},
		{"[sweep] misspelt", "panes = [\"sweep\"]\n[sweep]\nvary = [\"recommendations.breaker.windw=5..40:8\"]\nmeasure = \"search.ok\"",
			[]string{`cascade has no numeric knob "recommendations.breaker.windw"; did you mean recommendations.breaker.window?`}, []string{"scenario file"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("f.md", []byte(lesson(c.tables)))
			if err == nil {
				t.Fatalf("%s was taken", c.tables)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the refusal lacks %q:\n%v", w, err)
				}
			}
			for _, n := range c.not {
				if strings.Contains(err.Error(), n) {
					t.Errorf("the refusal says %q:\n%v", n, err)
				}
			}
		})
	}
}

// FileKeyRefusal names the knob for a whole path or a part of one (the
// sandbox's picker filters on parts), and nothing for a knob's own name
// or a file key of no knob there.
func TestFileKeyRefusal(t *testing.T) {
	knobs := []string{"workers", "a.timeout", "a.breaker.window", "a.breaker.open", "b.breaker.window"}
	for _, c := range []struct{ typed, want string }{
		{"a.breaker.window_size", "a.breaker.window"},
		{"a.policy.breaker.window_size", "a.breaker.window"},
		{"a.policy.timeout", "a.timeout"},
		{"breaker.open_for", "a.breaker.open"},
		{"window_size", "breaker.window"}, // part of two knobs: the part
		{"b.policy.breaker.window_size", "b.breaker.window"},
		{"a.breaker.window", ""},
		{"c.breaker.window_size", ""},
		{"a.breaker.minimum_calls", ""}, // no such knob among these
		{"reopen_for", ""},
	} {
		got := ""
		if r := FileKeyRefusal(c.typed, knobs, "x"); r != nil {
			got = r.Knob
		}
		if got != c.want {
			t.Errorf("FileKeyRefusal(%q) names %q, want %q", c.typed, got, c.want)
		}
	}
}
