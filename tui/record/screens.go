package record

import (
	"errors"
	"fmt"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/shardview"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// Screen says which screen a recording plays and how it is drawn: the
// sandbox on a scenario, the shard view on the shuffle scenario, or a
// lesson's step (Lesson). Each is built as `breakerlab sandbox` builds
// it, playing from its start, on a theme of its own: there is no terminal
// to ask what it can show.
type Screen struct {
	// Scenario is the sandbox's scenario; nil plays the shard view.
	Scenario *engine.Scenario
	Variant  int // the sandbox's variant, counting from 0
	Seed     uint64
	Speed    float64
	// Budget holds the designs the sandbox applies (sandbox.Limits.Budget).
	Budget func(sc *engine.Scenario, runs int) error
	// Faults are injected from the start (--fault).
	Faults  []chaos.Spec
	NoColor bool
	// Present draws the screen in presentation mode (tui/present), as
	// `breakerlab sandbox --present` does: for a projector.
	Present bool
}

// Play builds the screen s says, playing from its start.
func (s Screen) Play() (Player, error) {
	th := theme.New(theme.Fixed(s.NoColor))
	var m tea.Model
	if s.Scenario != nil {
		sb, err := sandbox.New(sandbox.Options{Theme: th, Scenario: s.Scenario, Variant: s.Variant, Seed: s.Seed, Speed: s.Speed, Play: true,
			Limits: sandbox.Limits{Budget: s.Budget}, Faults: s.Faults})
		if err != nil {
			return nil, err
		}
		m = sb
	} else {
		if len(s.Faults) > 0 || s.Variant != 0 {
			return nil, errors.New("record: the shard view takes no fault and no variant")
		}
		sv, err := shardview.New(shardview.Options{Theme: th, Seed: s.Seed, Speed: s.Speed, Play: true})
		if err != nil {
			return nil, err
		}
		m = sv
	}
	if s.Present {
		m = present.Wrap(m, th, true)
	}
	p, ok := m.(Player)
	if !ok {
		return nil, fmt.Errorf("record: %T does not play", m)
	}
	return p, nil
}
