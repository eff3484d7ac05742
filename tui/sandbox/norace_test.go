//go:build !race

package sandbox

// raceSlowdown stretches the tests' waits under the race detector (see
// race_test.go); without it they are as written.
const raceSlowdown = 1
