package challenge

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// A par or a goal on a metric whose numbers have a unit shows it, from the
// metric's own definition: budget-permits' par is 165 MiB of memory, not
// a bare 165, in its brief, its bound and its measured values; a bound
// written with a unit of its own reads as it was written.
func TestParsShowTheirUnits(t *testing.T) {
	c, err := Lookup("budget-permits")
	if err != nil {
		t.Fatal(err)
	}
	p := c.Par.Goal
	if p == nil || p.Metric != "memory-peak" {
		t.Fatalf("budget-permits' par should be on memory-peak, is %+v", p)
	}
	if got, want := p.Written(), "memory-peak <= 165 MiB"; got != want {
		t.Errorf("par written %q, want %q", got, want)
	}
	if got, want := p.WantText(), "≤ 165 MiB"; got != want {
		t.Errorf("par's bound %q, want %q", got, want)
	}
	if got := p.FormatValue(lessons.Value{Kind: lessons.KindNumber, F: 170.25}); !strings.HasSuffix(got, " MiB") {
		t.Errorf("a measured peak reads %q, without its unit", got)
	}
	if got, want := c.Par.Text(), "peak memory ≤ 165 MiB"; got != want {
		t.Errorf("the par reads %q, want %q (in words, with its unit)", got, want)
	}
	if h := c.StartHeader(""); !strings.Contains(h, "# Par: peak memory ≤ 165 MiB\n") {
		t.Errorf("the start file's header should give the par with its unit:\n%s", h)
	}
	for _, g := range c.Goals {
		if strings.HasPrefix(g.Text, "share ") && g.Written() != g.Text {
			t.Errorf("%q, a bound with its own unit, is written %q", g.Text, g.Written())
		}
	}
}

// Every built-in goal and par whose bound is a bare number on a metric
// measured in some unit says the unit: no number is shown without one
// where the metric has one (counts are counts; shares and durations carry
// theirs in their own form).
func TestEveryBareNumberBoundHasAUnit(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		goals := append([]Goal(nil), c.Goals...)
		if c.Par.Goal != nil {
			goals = append(goals, *c.Par.Goal)
		}
		for _, g := range goals {
			m := metrics[g.Metric]
			if m.kind == lessons.KindNumber && g.Want.Kind == lessons.KindNumber && g.Unit() == "" {
				t.Errorf("%s: %q is a number with no unit: give metric %s one", c.ID, g.Text, g.Metric)
			}
		}
	}
}

// Every built-in par reads in words with its bound set apart, as a goal
// does, in the goals panel, the list and the brief alike: timeout-pool's
// list and brief gave "param recommendations.timeout <= 500ms", and three
// levels' pars ("p99 checkout <= 450ms") had no words at all.
func TestBuiltinParsReadInWords(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		g := c.Par.Goal
		if g == nil {
			continue
		}
		name, bound := c.Par.Parts()
		if bound == "" || strings.ContainsAny(name, "<>=") {
			t.Errorf("%s: par reads %q, %q: not in words (its expect is %q)", c.ID, name, bound, g.Text)
		}
		if want := name + " " + g.WantText(); c.Par.Text() != want {
			t.Errorf("%s: par's text %q, the panel's label and bound %q", c.ID, c.Par.Text(), want)
		}
	}
}
