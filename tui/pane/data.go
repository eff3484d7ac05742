package pane

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// Data is what the panes draw from: one snapshot, and the scenario facts a
// snapshot does not carry.
type Data struct {
	Snap *engine.Snapshot
	// Gen must change whenever the snapshot comes from a different run
	// (another variant, seed or knob setting), so that panes which cache by
	// the length of a time series know to redraw.
	Gen uint64
	// Faults are the faults of the variant being shown, for the time axis.
	Faults []FaultSpan
	// Final is the same run played out to its end, once Snap has reached
	// the end of the traffic: the requests still open then have had their
	// answers (or failed at the drain limit), exactly as `breakerlab run`
	// counts them. Panes that quote outcome shares use it at the end;
	// panes that show the moment (the pool, the breaker) keep to Snap.
	// It is nil before the end.
	Final *engine.Snapshot
	// Moment writes a moment of a long run, where the panes and charts
	// draw one (a breaker's transition, a fault's start and end, when a
	// part is back); nil on a run its time axes read in seconds. A 24-hour
	// run's breaker log read "43206.604 s" and its legends "hangs
	// 43200s–43510.5s" beside a clock reading "12h 00m": the caller sets it
	// to the rule the run's notes write a time by (playback.NoteTime, bound
	// to the run's end), which this package and tui/chart sit below.
	Moment MomentFunc
}

// MomentFunc writes moment t of a run, with at least decimals decimals
// where it writes seconds (playback.NoteTime's).
type MomentFunc func(t time.Duration, decimals int) string

// Or is moment t as m writes it, or seconds, the pane's own words for it,
// where m is nil: on a run read in seconds each pane keeps the seconds it
// has always drawn.
func (m MomentFunc) Or(t time.Duration, decimals int, seconds string) string {
	if m == nil {
		return seconds
	}
	return m(t, decimals)
}

// Settled is the snapshot whose outcome counts a table quotes: the final
// one at the end of the traffic, else the moment's.
func (d *Data) Settled() *engine.Snapshot {
	if d.Final != nil {
		return d.Final
	}
	return d.Snap
}

// DataMsg carries new data to a pane through Update.
type DataMsg Data

// FaultSpan is one fault of one part of the system on the time axis: a
// dependency's (Kind), or a service's, an instance's or a burst of
// traffic's (What, faultspans.go).
type FaultSpan struct {
	// Dependency names the part: a dependency, "inventory/database" (a
	// service's), a service, "api#3", a tenant or an endpoint.
	Dependency string
	Kind       engine.FaultKind
	// What says what the part does when it is not a dependency's fault:
	// "down", "restarts", "hangs", "surge x3".
	What     string
	From, To time.Duration // To is the scenario's end when the fault never ends
	// Instance is a fault of a service's instances (down, restarts...),
	// whose words (What) say what the instances do.
	Instance bool
}

// FaultSpans lists the faults of variant v of the scenario.
func FaultSpans(sc *engine.Scenario, v int) []FaultSpan {
	if sc == nil || v < 0 || v >= len(sc.Variants) {
		return nil
	}
	var out []FaultSpan
	for _, d := range sc.Variants[v].System.Dependencies {
		for _, f := range d.Faults {
			to := f.To
			if to == 0 {
				to = sc.Duration
			}
			out = append(out, FaultSpan{Dependency: d.Name, Kind: f.Kind, From: f.From, To: to})
		}
	}
	return append(out, innerSpans(sc, v)...)
}

// Letters gives each name a one-letter tag for cells and chart lines: its
// first letter when no earlier name took it, else its next free letter,
// else a digit.
func Letters(names []string) []rune {
	used := map[rune]bool{}
	out := make([]rune, len(names))
	for i, n := range names {
		out[i] = '?'
		found := false
		for _, r := range n {
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
			if (r >= 'a' && r <= 'z') && !used[r] {
				out[i], used[r], found = r, true, true
				break
			}
		}
		for d := '1'; !found && d <= '9'; d++ {
			if !used[d] {
				out[i], used[d], found = d, true, true
			}
		}
	}
	return out
}

// EndpointNames lists a snapshot's endpoints.
func EndpointNames(s *engine.Snapshot) []string {
	out := make([]string, len(s.Endpoints))
	for i := range s.Endpoints {
		out[i] = s.Endpoints[i].Name
	}
	return out
}

// DependencyColors maps each dependency to the series colour of the first
// endpoint that calls it, so an endpoint and its dependency share a colour;
// dependencies nobody calls get colours after the endpoints'.
func DependencyColors(s *engine.Snapshot) []int {
	out := make([]int, len(s.Dependencies))
	for i := range s.Dependencies {
		out[i] = len(s.Endpoints) + i
		for j := range s.Endpoints {
			if s.Endpoints[j].Calls == s.Dependencies[i].Name {
				out[i] = j
				break
			}
		}
	}
	return out
}

// WindowBegun says whether, at virtual time at, a view's counts of s's
// run are its measurement window's (the arrivals `breakerlab run` counts)
// rather than the run's so far: once at is past the window's first
// instant. At that instant the window holds that instant's arrivals at
// most, and a table counting from it read 0 or "-" everywhere (lesson 11's
// outcomes at 20.0 s, noisy-tenant's tenants at 10 s), as if nothing had
// happened. The
// tenants pane, the lesson player's outcome table and its loop's busy
// share all switch at this rule, so that they read the same span.
func WindowBegun(s *engine.Snapshot, at time.Duration) bool {
	return s.MeasureTo > 0 && at > s.MeasureFrom
}
