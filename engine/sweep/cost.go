package sweep

import "github.com/breakerlab/breakerlab/engine"

// Cost is what running the plan costs by engine.EstimateSweepCost: every
// cell's scenario (summed by Prepare, which must have run) on every seed,
// the plan's variant only. Forks (engine's ForkInto) make a sweep cheaper
// than this, but never dearer.
func (p *Plan) Cost() engine.Cost { return p.cost }
