package playback

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// tuitest keeps its own copy of the player's period, to play charts frame
// by frame as the player draws them (it cannot import this package, whose
// tests import it): a frame rate changed here and not there would test
// frames no player draws.
func TestTuitestPlaysThePlayersFrames(t *testing.T) {
	if tuitest.FrameEvery != Frame {
		t.Errorf("tuitest.FrameEvery is %v, the player's Frame %v", tuitest.FrameEvery, Frame)
	}
}
