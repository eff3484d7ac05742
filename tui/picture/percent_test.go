package picture

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
)

// A band's label writes its ok share as run's table does
// (report.Percent1): 3,011 ok of 3,012 (async-cascade, seed 8, breaker +
// bulkhead's profile) is ">99.9%", not "100.0%", beside the one failure's
// "<0.1%".
func TestBandLabelNeverRoundsToAll(t *testing.T) {
	e := engine.EndpointSnapshot{Name: "profile", WindowArrived: 3012}
	e.Window[engine.OK], e.Window[engine.Failed] = 3011, 1
	if got, want := bandLabel(&e), "profile\nok >99.9% · failed <0.1%"; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	e.Window[engine.OK], e.Window[engine.Failed] = 3012, 0
	if got, want := bandLabel(&e), "profile\nok 100.0%"; got != want {
		t.Errorf("all ok: label %q, want %q", got, want)
	}
}
