package pane

import "github.com/breakerlab/breakerlab/engine"

// The calls a dependency holds, those whose caller still waits on them,
// are drawn in three places: the in-flight chart's line (and a picture's),
// the map's "19/20 held", and the presenter's "20 held · 60 abandoned".
// Held is the one rule for all of them; the presenter kept its own and
// said "0 held" for go-server's payments while the map and the chart said
// all 60 permits held.

// Held is d's calls a caller still waits on at sample smp, as a chart or
// a picture draws them below the abandoned ones: under a bulkhead's one
// cap (OneCap), the permits held, what the cap bounds and the limits pane
// counts (a call holds its permit while it dials or waits for a
// connection, before it is in flight at the dependency: go-server's
// payments, every permit held by a call dialling the hung provider, drew
// a line at 0 under its cap of 60 while the bulkhead turned checkouts
// away); without one, the calls at the dependency less the abandoned.
// Without a bulkhead a call dialling its connection is left out: it is
// not in flight at the dependency, which the chart's title names; a
// sample counts it apart (DependencySample.Dialling), which the map says
// beside the node ("26 in flight · 2,693 dialling") and the in-flight
// chart draws as a band above the line (DiallingShown).
func Held(d *engine.DependencySnapshot, smp engine.DependencySample) int32 {
	if OneCap(d) > 0 {
		return smp.Bulkhead
	}
	return smp.InFlight - smp.Abandoned
}

// HeldNow is Held at the snapshot's own moment rather than at a sample,
// for the views that say now (the map, the presenter's dependency line):
// d's counts now read as a sample, so that the rule is Held's and, at a
// sample's end, the figure is the chart line's last point.
func HeldNow(d *engine.DependencySnapshot) int {
	now := engine.DependencySample{InFlight: int32(d.InFlight), Abandoned: int32(d.Abandoned), Bulkhead: int32(d.Bulkhead)}
	return int(Held(d, now))
}
