package main

import (
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// peakLine is a front dependency's line in run's table: its name, its
// peak in flight and when it was first reached.
var peakLine = regexp.MustCompile(`^  (\S+)\s+[\d,]+ calls reached it, at most ([\d,]+) in flight \(first at ([\d.]+) s\)`)

// One truth: the peak in flight run's table gives, and when, are the
// JSON's in_flight_max and in_flight_max_at_ms, for every built-in
// scenario's front dependencies.
func TestRunPeakInFlightTimeIsTheJSONs(t *testing.T) {
	racefree.Only(t) // runs main in-process: no goroutine
	compared := 0
	for _, b := range scenarios.All() {
		// --wide: a row a line, as a script reading the table asks.
		text, errOut, code := runOnce(t, "run", b.Name, "--seed", "5", "--wide")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", b.Name, code, errOut)
		}
		js, errOut, code := runOnce(t, "run", b.Name, "--seed", "5", "--format", "json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", b.Name, code, errOut)
		}
		var rep struct {
			Variants []struct {
				Name         string
				Dependencies map[string]struct {
					InFlightMax     int     `json:"in_flight_max"`
					InFlightMaxAtMS float64 `json:"in_flight_max_at_ms"`
				}
			}
		}
		if err := json.Unmarshal([]byte(js), &rep); err != nil {
			continue // a scenario of its own report (shuffle)
		}
		v := -1
		for _, l := range strings.Split(text, "\n") {
			if v+1 < len(rep.Variants) && l == rep.Variants[v+1].Name+":" {
				v++
			}
			m := peakLine.FindStringSubmatch(l)
			if m == nil || v < 0 {
				continue
			}
			d, ok := rep.Variants[v].Dependencies[m[1]]
			if !ok {
				t.Errorf("%s / %s: the table's %s is not in the JSON", b.Name, rep.Variants[v].Name, m[1])
				continue
			}
			at, _ := strconv.ParseFloat(m[3], 64)
			if strings.ReplaceAll(m[2], ",", "") != strconv.Itoa(d.InFlightMax) || math.Abs(1000*at-d.InFlightMaxAtMS) > 0.5 {
				t.Errorf("%s / %s / %s: the table says at most %s in flight first at %s s, the JSON %d at %v ms", b.Name, rep.Variants[v].Name, m[1], m[2], m[3], d.InFlightMax, d.InFlightMaxAtMS)
			}
			compared++
		}
	}
	if compared < 10 {
		t.Errorf("only %d peaks compared", compared)
	}
}
