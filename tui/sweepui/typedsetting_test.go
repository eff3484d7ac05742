package sweepui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A typed setting (a goal's boundary, "not met from …", a cell read on
// the command line) is one --vary takes back to run that very cell: the
// short label a person reads on the map (4.14 s) runs another design than
// the cell's 4136.364 ms, with other figures.
func TestTypedSettingsRunAsTheCell(t *testing.T) {
	racefree.Only(t)
	for _, spec := range []string{"recommendations.timeout=250ms..5s:12", "recommendations.timeout=1s..20s:7", "payment.fault.probability=0..1:7", "workers=100..400:7", "duration=2h..24h:4"} {
		ax, err := sweep.ParseVary(spec)
		if err != nil {
			t.Fatal(err)
		}
		texts := textsOf(ax)
		for i := range ax.Values {
			set := knobSetting(ax, i, texts.setting[i], Typed)
			back, err := sweep.ParseVary(set + ".." + strings.TrimPrefix(set, ax.Path+"=") + ":1")
			if err != nil {
				t.Errorf("%s: value %d typed as %q does not parse back: %v", spec, i, set, err)
				continue
			}
			// The setter's own terms: a duration as Go writes it, a
			// number with every digit (X's unit follows the range's).
			got, want := back.Setting(0), ax.Setting(i)
			if gd, err := time.ParseDuration(got); err == nil {
				wd, _ := time.ParseDuration(want)
				got, want = gd.String(), wd.String()
			}
			if got != want {
				t.Errorf("%s: value %d ran at %s, typed as %q, which runs at %s", spec, i, want, set, got)
			}
		}
	}
}
