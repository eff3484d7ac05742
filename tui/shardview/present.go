package shardview

import (
	"fmt"

	"github.com/breakerlab/breakerlab/tui/present"
)

// lostLabel is what a side's big number counts: the other customers with
// no worker left now, the side pane's "lost (none left)". The customers
// unharmed would mislead here: shuffle sharding leaves many customers one
// worker short, so fewer are unharmed than under plain sharding, while
// far fewer lose service, which is what the view compares.
const lostLabel = "customers lost: no worker left"

// Moment is what presentation mode (tui/present) shows of the shard view:
// the two strategies side by side, each with its other customers lost now,
// big, of all the others, and in words those degraded and lost now and
// lost so far (present.CustomerDetails, as the lesson player's shuffle
// steps say them) and what the exact odds expect it to lose; under them,
// the fleet and its poison. Without it the projector drew the dense
// two-pane table with its key line dropped.
//
// While the knob form, the help or a time prompt is open it takes the
// keys: there is no moment, and presentation mode draws the screen itself,
// so the room sees what the presenter's keys now act on. A window too
// small for the view has none either: it asks for a larger one.
func (m Model) Moment() (present.Moment, bool) {
	if m.form != nil || m.showHelp || m.prompt != nil || m.tooSmall() {
		return present.Moment{}, false
	}
	r := m.run
	mo := present.Moment{
		Title: fmt.Sprintf("shuffle · %s vs %s", Title(r.setup.Left), Title(r.setup.Right)),
		Clock: present.Clock(r.Now(), r.End(), m.clock.Playing()),
		Caption: fmt.Sprintf("%s workers, %d a customer: customer %s's requests crash every worker they reach",
			count(r.setup.Workers), r.setup.PerCustomer, customer(r.setup.Poisoned)),
	}
	for i, sd := range r.sides {
		c := sd.snap.Now
		mo.Sides = append(mo.Sides, present.Side{
			Name:  fmt.Sprintf("%c: %s", 'A'+i, Title(sd.strategy)),
			Value: c.Lost, Of: c.Healthy + c.Degraded + c.Lost, Label: lostLabel,
			Details: []string{present.CustomerDetails(&sd.snap), "the odds expect " + tenths(sd.expect.Lost) + " lost"},
		})
	}
	return mo, true
}

// KeyLineAsks reports whether the key line is a time being typed (: or t)
// instead of the keys: presentation mode then keeps it.
func (m Model) KeyLineAsks() bool { return m.prompt != nil }
