package sweepui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// dayCascade is the cascade run for a day, as a scenario file may run it,
// at a tenth of its rates: a day at its own is past a variant's cap.
func dayCascade() *engine.Scenario {
	sc := shortCascade()
	sc.Duration, sc.MeasureTo = 24*time.Hour, 24*time.Hour
	for v := range sc.Variants {
		for i := range sc.Variants[v].System.Endpoints {
			sc.Variants[v].System.Endpoints[i].Rate /= 10
		}
	}
	return sc
}

// durationPlan is a plan of build's scenario sweeping vary (and the
// recommendations' timeout, when twoKnobs), measuring search.ok; nothing
// runs it.
func durationPlan(t *testing.T, build func() *engine.Scenario, vary string, twoKnobs bool) *sweep.Plan {
	t.Helper()
	axes := []string{vary}
	if twoKnobs {
		axes = append(axes, "recommendations.timeout=200ms..5s:2")
	}
	p := sweeptest.Plan(t, build, "search.ok", axes...)
	p.Set = lessons.SetKnob
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	return p
}

// A day's sweep of the duration reads its window as `breakerlab run`
// writes that run's times (report.TimeIn), and its axis in the hours its
// longest value reads in (report.SpanUnit), in the table and on the map;
// a sweep of seconds reads each value with its unit ("11 s"), the head
// none; the CSV's header
// (AxisLabel) keeps the seconds its values are in.
func TestADaysSweepReadsInHours(t *testing.T) {
	// Nothing runs: the table and the map are drawn from empty results.
	racefree.Only(t)
	plain := theme.New(theme.Plain())
	draw := func(p *sweep.Plan) (table, heatmap string) {
		r := sweep.NewResult(p)
		fix := func(s string) string { return strings.ReplaceAll(s, "\u00a0", " ") }
		if len(p.Axes) == 1 {
			return fix(Table(r, plain, 200)), ""
		}
		return "", fix(Heatmap(r, plain, 200))
	}
	day := dayCascade()
	from, end := report.TimeIn(day.MeasureFrom, day.Duration, 0), report.TimeIn(day.Duration, day.Duration, 0)
	if from != "0h 00m 10s" || end != "24h 00m" {
		t.Fatalf("run writes the day's window from %q to %q, not the times this test reads", from, end)
	}
	for _, tc := range []struct {
		name     string
		build    func() *engine.Scenario
		vary     string
		twoKnobs bool
		want     []string
		csvHead  string
	}{
		{"a day, a table", dayCascade, "duration=2h..24h:3", false,
			[]string{"arriving from 0h 00m 10s to 2h 00m…24h 00m,", "\nduration (h)  ", "\n           2  ", "\n          13  ", "\n          24  "}, "duration (s)"},
		{"a day, a map", dayCascade, "duration=2h..24h:3", true,
			[]string{"arriving from 0h 00m 10s to 2h 00m…24h 00m,", "duration (h) →", "2  13 24"}, "duration (s)"},
		{"a day's window, swept otherwise", dayCascade, "recommendations.fault.from=1h..10h:2", false,
			[]string{"arriving from 0h 00m 10s to 24h 00m,", "\nrecommendations.fault.from (h)  ", "\n                             1  ", "\n                            10  "}, "recommendations.fault.from (s)"},
		{"seconds, a table", shortCascade, "duration=11s..30s:2", false,
			[]string{"arriving from 10 s to 11 s…30 s,", "\nduration  ", "\n    11 s  ", "\n    30 s  "}, "duration (s)"},
		{"seconds, a map", shortCascade, "duration=11s..30s:2", true,
			[]string{"arriving from 10 s to 11 s…30 s,", "duration →", " 30 s\n"}, "duration (s)"},
	} {
		p := durationPlan(t, tc.build, tc.vary, tc.twoKnobs)
		table, heatmap := draw(p)
		out := table + heatmap
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: want %q in\n%s", tc.name, w, out)
			}
		}
		if got := AxisLabel(p.Axes[0]); got != tc.csvHead {
			t.Errorf("%s: the CSV's header reads %q, want %q, the unit its values are in", tc.name, got, tc.csvHead)
		}
	}
}

// A boundary's setting on an axis read in hours: in words, the hundredths
// of an hour the head's figures give ("9.33h", Axis.Labels' rule for every
// place a person reads a value); typed, the cell's own 9h20m to the
// millisecond, which --vary takes back to run that very cell.
func TestAnHourAxisSettingIsShortInWordsAndExactTyped(t *testing.T) {
	// Nothing runs: settings are written from an axis.
	racefree.Only(t)
	ax, err := sweep.ParseVary("duration=2h..24h:4")
	if err != nil {
		t.Fatal(err)
	}
	texts := textsOf(ax)
	var typed, words []string
	for i, s := range texts.setting {
		typed = append(typed, knobSetting(ax, i, s, Typed))
		words = append(words, knobSetting(ax, i, s, Prose))
	}
	if got, want := strings.Join(texts.figure, " "), "2 9.33 16.67 24"; got != want {
		t.Errorf("the axis's figures read %q, want %q", got, want)
	}
	if got, want := strings.Join(typed, " "), "duration=2h duration=9h20m duration=16h40m duration=24h"; got != want {
		t.Errorf("the typed settings read %q, want %q", got, want)
	}
	if got := strings.ReplaceAll(words[1], "\u00a0", " "); !strings.HasSuffix(got, " 9.33h") {
		t.Errorf("a setting in words should read as the head's figure, 9.33h; got %q", got)
	}
	// A range too narrow for hundredths of an hour keeps its seconds.
	narrow, err := sweep.ParseVary("duration=23h..24h:200")
	if err != nil {
		t.Fatal(err)
	}
	if got := axisLabel(narrow, Typed); got != "duration" {
		t.Errorf("an axis whose values hundredths of an hour cannot tell apart should keep seconds, each value saying its unit, got %q", got)
	}
	if got := narrow.Labels(); got[0] != "82800 s" || got[1] != "82818 s" {
		t.Errorf("an axis whose values hundredths of an hour cannot tell apart should keep seconds, got %q", got[:2])
	}
}
