package shardview

import (
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/charmbracelet/bubbles/key"
)

// keyMap is the shard view's one key map: the time controls, knobs and
// help it shares with the sandbox (playback.Keys), and its own.
type keyMap struct {
	playback.Keys
	Strategy, FormDefaults key.Binding
	// atEnd: the run is at its end, where space replays from the start.
	atEnd bool
	// playing: the clock is running, where space pauses (set from the
	// clock where the key line is drawn).
	playing bool
}

func newKeyMap(canGoHome bool) keyMap {
	k := keyMap{
		Keys:         playback.NewKeys(canGoHome),
		Strategy:     playback.Bind([]string{"s"}, "s", "next strategy on the right"),
		FormDefaults: playback.Bind([]string{"ctrl+r"}, "ctrl+r", "the reference's values"),
	}
	return k
}

func (k keyMap) main() playback.HelpKeys {
	short := playback.Short
	return playback.HelpKeys{
		// The one line fits 80 columns up to the way out: esc and q are
		// one entry where both go back (WayOut), which inside a challenge
		// read "esc back • q back" and cost the line its "e knobs".
		Short: []key.Binding{short("space", k.playWord()), short("←/→", "time"), short("[/]", "events"), short("s", "strategy"),
			short("e", "knobs"), short("?", "keys"), k.WayOut(), short("+/-", "speed")},
		Full: [][]key.Binding{
			{k.Play, k.Step, k.Back, k.NextEvent, k.PrevEvent, k.Start, k.End, k.GoTo},
			{k.Faster, k.Slower, k.Restart, k.Strategy, k.Knobs},
			{k.Help, k.Home, k.Palette, k.QuitOrBack(), k.CtrlC()},
		},
	}
}

func (k keyMap) form() playback.HelpKeys { return k.FormHelp(k.FormDefaults) }

// playWord is what space does now (playback.PlayWord).
func (k keyMap) playWord() string { return playback.PlayWord(k.atEnd, k.playing) }
