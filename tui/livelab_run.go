package tui

import (
	"fmt"

	"github.com/breakerlab/breakerlab/internal/fullscreen"
	"github.com/breakerlab/breakerlab/tui/livelab"
)

// RunLiveLab runs the live lab's screen until the learner quits; the
// terminal is restored whatever happens. The caller owns the lab behind
// o.Real and stops it after this returns.
func RunLiveLab(t Terminal, o livelab.Options) error {
	o.Theme = t.theme()
	m, err := livelab.New(o)
	if err != nil {
		return err
	}
	if _, err := fullscreen.Run(m, t.options()...); err != nil {
		return fmt.Errorf("running the live lab: %w", err)
	}
	return nil
}
