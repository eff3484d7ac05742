//go:build race

package sandbox

// raceSlowdown stretches the tests' waits on a running program: the race
// detector makes it several times slower, and a wait is a bound, not a
// target.
const raceSlowdown = 6
