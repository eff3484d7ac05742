//go:build race

package serve

// raceSlowdown stretches the tests' waits: the race detector makes the
// server several times slower, and a wait is a bound, not a target.
const raceSlowdown = 6
