package report

import "github.com/breakerlab/breakerlab/engine"

// Tally is how a group of requests ended, counted the way `breakerlab run`
// counts them: every request of the group that has arrived so far, how each
// decided one ended, and how many are still waiting for their answer. Every
// share in the table `run` prints, in the lesson player's outcome table and
// in the sandbox's compare line is a Tally's share, so that a number shown
// in two places is one computation.
//
// The shares are of the arrivals, undecided ones included, so a moment in
// the middle of a run reads truthfully ("67 % rejected" never hides that a
// third is still waiting). At the end of a run, which drains every open
// request, nothing waits and the shares are those of the decided outcomes.
type Tally struct {
	// Arrived is every request of the group so far, decided or not.
	Arrived uint64
	// Outcomes counts the decided ones by how they ended.
	Outcomes engine.Counts
}

// WindowTally is the requests of an endpoint that arrived in the
// measurement window: the group `run` reports.
func WindowTally(e *engine.EndpointSnapshot) Tally {
	return Tally{Arrived: e.WindowArrived, Outcomes: e.Window}
}

// RunTally is every request of an endpoint so far, whenever it arrived:
// what a view shows before the measurement window has begun.
func RunTally(e *engine.EndpointSnapshot) Tally {
	return Tally{Arrived: e.Arrived, Outcomes: e.Total}
}

// Add sums two tallies, for a group of several endpoints.
func (t Tally) Add(u Tally) Tally {
	t.Arrived += u.Arrived
	for i := range t.Outcomes {
		t.Outcomes[i] += u.Outcomes[i]
	}
	return t
}

// Decided is how many of the arrivals have their answer.
func (t Tally) Decided() uint64 { return t.Outcomes.Total() }

// Waiting is how many of the arrivals are still waiting for their answer.
// The engine decides a request at most once, so it is never negative; a
// tally built by hand with more outcomes than arrivals waits for nothing.
func (t Tally) Waiting() uint64 {
	if d := t.Decided(); d < t.Arrived {
		return t.Arrived - d
	}
	return 0
}

// total is the share's denominator: the arrivals, or the decided requests
// if a hand-built tally has more of those.
func (t Tally) total() uint64 { return max(t.Arrived, t.Decided()) }

// Share is the fraction of the arrivals that ended with outcome o; zero
// when nothing arrived.
func (t Tally) Share(o engine.Outcome) float64 { return t.ShareOf(o) }

// ShareOf is the fraction of the arrivals that ended with any of the
// outcomes ("ok or fallback"), counted once each.
func (t Tally) ShareOf(outcomes ...engine.Outcome) float64 {
	n := t.total()
	if n == 0 {
		return 0
	}
	var seen [len(engine.Outcomes)]bool
	var c uint64
	for _, o := range outcomes {
		if int(o) < len(seen) && !seen[o] {
			seen[o] = true
			c += t.Outcomes[o]
		}
	}
	return float64(c) / float64(n)
}

// WaitingShare is the fraction of the arrivals still waiting.
func (t Tally) WaitingShare() float64 {
	n := t.total()
	if n == 0 {
		return 0
	}
	return float64(t.Waiting()) / float64(n)
}
