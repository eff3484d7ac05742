package challengeui

import (
	"github.com/breakerlab/breakerlab/tui/palette"
	"github.com/charmbracelet/bubbles/key"
)

type keyMap struct {
	Up, Down, Less, More, MuchLess, MuchMore key.Binding
	Type, Reset, Watch, Play, Write, About   key.Binding
	Help, Quit, Back, SandboxKnobs           key.Binding
	Undo, Solution                           key.Binding
	// PageUp and PageDown scroll the brief's and the keys' pages a
	// window at a time (Up and Down a line).
	PageUp, PageDown key.Binding
	// Palette is the home screen's command palette: ctrl+k, which the
	// home screen takes before the level sees it, and `:`, which means
	// nothing else here (the level hands it up, paletteCmd). Enabled only
	// inside the home screen.
	Palette key.Binding
}

func newKeyMap(embedded bool) keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	k := keyMap{
		Up:       b([]string{"up", "k"}, "↑/k", "previous knob"),
		Down:     b([]string{"down", "j"}, "↓/j", "next knob"),
		Less:     b([]string{"left"}, "←", "turn down"),
		More:     b([]string{"right"}, "→", "turn up"),
		MuchLess: b([]string{"pgdown", "shift+left"}, "pgdn", "ten steps down"),
		MuchMore: b([]string{"pgup", "shift+right"}, "pgup", "ten steps up"),
		Type:     b([]string{"enter"}, "enter", "type a value"),
		Reset:    b([]string{"ctrl+r"}, "ctrl+r", "challenge's values"),
		Undo:     b([]string{"u"}, "u", "undo a knob edit"),
		Solution: b([]string{"s"}, "s", "show the solution (after 3 tries)"),
		Watch:    b([]string{"v"}, "v", "watch the run"),
		Play:     b([]string{" "}, "space", "play/pause"),
		Write:    b([]string{"w"}, "w", "write the design"),
		About:    b([]string{"i"}, "i", "brief and hint"),
		Help:     b([]string{"?"}, "?", "all keys"),
		Quit:     b([]string{"q", "ctrl+c"}, "q", "quit"),
		Back:     b([]string{"esc"}, "esc", "back"),
		// The sandbox's own knob form: a challenge offers only its knobs.
		SandboxKnobs: b([]string{"e"}, "e", "edit knobs"),
		PageUp:       b([]string{"pgup"}, "pgup", "page up"),
		PageDown:     b([]string{"pgdown"}, "pgdn", "page down"),
		Palette:      b([]string{":"}, ":/"+palette.Key, "go anywhere"),
	}
	k.Back.SetEnabled(embedded)
	k.Palette.SetEnabled(embedded)
	if embedded {
		// Inside another screen q goes back with esc, as in a lesson;
		// only ctrl+c quits.
		k.Back = b([]string{"esc", "q"}, "esc/q", "back")
		k.Quit = b([]string{"ctrl+c"}, "ctrl+c", "quit")
	}
	return k
}

func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Less, k.Type, k.Watch, k.Write, k.About, k.Help, k.Quit, k.Back}
}

func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Less, k.More, k.MuchLess, k.MuchMore},
		{k.Type, k.Reset, k.Undo, k.Solution, k.Watch, k.Play, k.Write},
		{k.About, k.Help, k.Palette, k.Quit, k.Back},
	}
}
