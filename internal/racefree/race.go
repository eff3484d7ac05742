//go:build race

package racefree

// Enabled reports whether the race detector is built in.
const Enabled = true
