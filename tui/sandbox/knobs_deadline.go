package sandbox

import (
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
)

// A call's deadline margin and its minimum time left are read off a
// propagated deadline alone: the engine takes neither where the deadline
// is not passed on (the margin does nothing there, the time left is
// refused), a scenario file sets them only beside propagate_deadline =
// true, and the form hides both once the deadline stops travelling. An
// edit that turns propagation off therefore clears them in the scenario
// it builds, rather than the writer leaving them out of the file: the
// scenario the sandbox runs is then the one its file holds, so a file
// written and opened again runs as the sandbox did, and goes on running
// as it does after any later edit (propagation turned on again reads the
// margin the scenario holds, which would differ between the two if the
// sandbox kept a margin its file lost).

// settleDeadlines makes c's deadline settings agree with the form's
// propagate-deadline fields: a call that no longer passes its deadline on
// keeps no margin and no minimum time left; one that passes it on again,
// from a form that hid them, gets back the values the scenario was opened
// with (builtIn), as the form has no field for them to be typed into.
func (f *form) settleDeadlines(c *engine.Scenario) {
	for i := range f.knobs {
		k := &f.knobs[i]
		prefix, ok := strings.CutSuffix(k.path, "propagate_deadline")
		if !ok {
			continue
		}
		v, err := parse(k.kind, k.input.Value())
		if err != nil {
			continue // refused already (build)
		}
		for _, key := range []string{"deadline_margin", "min_time_left"} {
			path := prefix + key
			if v.n == 0 {
				// The variant has this call: its field was filled from it.
				_ = lessons.SetKnob(c, f.variant, path, "0s")
				continue
			}
			if f.showsPath(path) || f.builtIn == nil || f.variant >= len(f.builtIn.Variants) {
				continue
			}
			if was, ok := lessons.KnobValue(f.builtIn, f.variant, path); ok {
				_ = lessons.SetKnob(c, f.variant, path, was)
			}
		}
	}
}

// showsPath says whether one of f's fields writes the [set] path.
func (f *form) showsPath(path string) bool {
	for i := range f.knobs {
		if f.knobs[i].path == path {
			return true
		}
	}
	return false
}
