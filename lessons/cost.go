package lessons

import "github.com/breakerlab/breakerlab/engine"

// Cost is about what preparing the lesson costs (engine.EstimateCost):
// each step's simulation, one variant to its end, and each step's [sweep]
// (its cells on its seeds). A caller checks it against a budget before
// Prepare, so a teacher's lesson over a big scenario file is refused at
// once instead of running for hours. Placeholders that ask about other
// runs than the steps' own are not counted.
func (l *Lesson) Cost() engine.Cost {
	var c engine.Cost
	for i := range l.Steps {
		st := &l.Steps[i]
		if st.Sim != nil && !st.Sim.IsShuffle() {
			if sc, err := buildScenario(st.Sim); err == nil {
				c = c.Plus(engine.EstimateSweepCost([]*engine.Scenario{sc}, st.Sim.Variant, 1))
			}
		}
		if st.Sweep != nil {
			c = c.Plus(st.Sweep.plan.Cost())
		}
	}
	return c
}
