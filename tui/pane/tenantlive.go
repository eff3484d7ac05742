package pane

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// LiveWindow is how far back a live rate looks, at the moment shown: the
// map's calls a second and failed shares, and a tenant's rate now in the
// tenants pane.
const LiveWindow = 5 * time.Second

// TenantLive is tenant t's traffic now, from the engine's series of it:
// its arrivals a second over the last LiveWindow (or the time so far, when
// shorter), and the share of the answers given in that window that were
// failed or rejected. ok is false before the first bucket closes. The map
// and the tenants pane both show these, from this one computation.
func TenantLive(t *engine.TenantSnapshot, every time.Duration) (rate, failed float64, ok bool) {
	if every <= 0 || len(t.Series) == 0 {
		return 0, 0, false
	}
	k := max(int(LiveWindow/every), 1)
	from := max(len(t.Series)-k, 0)
	var arrived, all, bad uint64
	for _, b := range t.Series[from:] {
		arrived += uint64(b.Arrived)
		for o, n := range b.Answered {
			all += uint64(n)
			if o := engine.Outcome(o); o == engine.Failed || o == engine.Rejected {
				bad += uint64(n)
			}
		}
	}
	rate = float64(arrived) / (time.Duration(len(t.Series)-from) * every).Seconds()
	if all > 0 {
		failed = float64(bad) / float64(all)
	}
	return rate, failed, true
}
