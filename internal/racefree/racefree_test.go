package racefree

import (
	"runtime/debug"
	"testing"
)

// Enabled agrees with the build's own record of -race, and Only skips a
// test exactly when it is set.
func TestOnlySkipsExactlyUnderRace(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("the test binary carries no build information")
	}
	race := false
	for _, s := range info.Settings {
		if s.Key == "-race" {
			race = s.Value == "true"
		}
	}
	if race != Enabled {
		t.Errorf("built with -race: %v, but Enabled is %v", race, Enabled)
	}
	ran := false
	t.Run("marked", func(t *testing.T) {
		Only(t)
		ran = true
	})
	if ran == Enabled {
		t.Errorf("under -race %v the marked test ran: %v", Enabled, ran)
	}
}
