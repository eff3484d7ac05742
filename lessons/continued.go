package lessons

import "time"

// Continuation is a later step that plays on the run an earlier step
// shows, from a later moment, and first asks the learner to predict what
// happens there: lesson 2's "The checkout API" stops at 0.5 s, and "No
// timeout at all" plays the same run on from 0.5 s after asking how many
// health probes will fail. Played on past that moment, the earlier step
// would show the answer before the question is asked.
type Continuation struct {
	Step int           // the later step, from 0
	From time.Duration // where the later step starts
	// Stop is where the earlier step's play stops: From, or the earlier
	// step's own pause where that comes later (lesson 12's second step
	// starts a second before the first one's pause, to show the run
	// leading up to it), so that every step still reaches its pause.
	Stop time.Duration
}

// ContinuedBy is the later step with a prediction that plays on step i's
// run (one scenario, variant, seed and overrides) from the earliest moment
// after step i's start, and where step i's play stops for it; ok is false
// when no later step does, or when step i plays to its end anyway. A later
// step that replays the run from step i's start or before continues
// nothing. The player stops step i's play, and its moves in time, at Stop
// while that prediction is still to be made.
func (p *Prepared) ContinuedBy(i int) (c Continuation, ok bool) {
	cur := &p.Steps[i]
	if cur.Sim == nil {
		return c, false
	}
	for j := i + 1; j < len(p.Steps); j++ {
		next := &p.Steps[j]
		if next.Sim == nil || next.Predict == nil || next.From <= cur.From || next.Sim.key() != cur.Sim.key() {
			continue
		}
		if !ok || next.From < c.From {
			c, ok = Continuation{Step: j, From: next.From}, true
		}
	}
	if !ok {
		return c, false
	}
	c.Stop = c.From
	if cur.PauseAt > c.Stop {
		c.Stop = cur.PauseAt
	}
	if cur.PauseAt < 0 || c.Stop >= cur.End {
		return Continuation{}, false // it plays to the end of its traffic
	}
	return c, true
}
