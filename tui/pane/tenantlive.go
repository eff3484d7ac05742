package pane

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// LiveWindow is how far back a live rate looks, at the moment shown: the
// map's calls a second and failed shares, and a tenant's rate now in the
// tenants pane.
const LiveWindow = 5 * time.Second

// TenantLive is tenant t's traffic now, from the engine's series of it,
// over the last LiveWindow (or the time so far, when shorter): counted as
// an edge's calls are (EdgeCalls), its arrivals the calls made and the
// answers given in that window the answered, the failed and rejected ones
// failed. So a tenant's figures read by the edges' rules: its rate is
// c.Rate, and with arrivals and no answer yet (c.NoneAnswered) it has no
// failed share, not a 0% that reads as its requests doing well. ok is
// false before the first bucket closes. The map and the tenants pane both
// show these, from this one computation.
func TenantLive(t *engine.TenantSnapshot, every time.Duration) (c EdgeCalls, ok bool) {
	if every <= 0 || len(t.Series) == 0 {
		return EdgeCalls{}, false
	}
	k := max(int(LiveWindow/every), 1)
	from := max(len(t.Series)-k, 0)
	for _, b := range t.Series[from:] {
		c.Made += uint64(b.Arrived)
		for o, n := range b.Answered {
			c.Answered += uint64(n)
			if o := engine.Outcome(o); o == engine.Failed || o == engine.Rejected {
				c.Failed += uint64(n)
			}
		}
	}
	c.Span = len(t.Series) - from
	return c, true
}
