package shardview

import (
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/charmbracelet/bubbles/key"
)

// keyMap is the shard view's one key map; the time controls are the
// sandbox's.
type keyMap struct {
	Play, Step, Back, Faster, Slower, Restart key.Binding
	Strategy, Knobs, Help, Quit, Home         key.Binding
	// The knob form's keys.
	FormNext, FormPrev, FormApply, FormCancel, FormDefaults key.Binding
	// The help screen's keys: scrolling, and closing.
	HelpScroll helpview.Keys
	HelpClose  key.Binding
}

func newKeyMap(canGoHome bool) keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	k := keyMap{
		Play:         b([]string{" "}, "space", "play/pause"),
		Step:         b([]string{"right", "."}, "→/.", "step 100 ms"),
		Back:         b([]string{"left", ","}, "←/,", "step back"),
		Faster:       b([]string{"+", "="}, "+", "faster"),
		Slower:       b([]string{"-", "_"}, "-", "slower"),
		Restart:      b([]string{"r"}, "r", "restart"),
		Strategy:     b([]string{"s"}, "s", "next strategy on the right"),
		Knobs:        b([]string{"e"}, "e", "edit knobs"),
		Help:         b([]string{"?"}, "?", "all keys"),
		Quit:         b([]string{"q", "ctrl+c"}, "q", "quit"),
		Home:         b([]string{"esc"}, "esc", "home"),
		FormNext:     b([]string{"down", "tab"}, "↓/tab", "next field"),
		FormPrev:     b([]string{"up", "shift+tab"}, "↑/shift+tab", "previous field"),
		FormApply:    b([]string{"enter"}, "enter", "apply and re-run"),
		FormCancel:   b([]string{"esc"}, "esc", "cancel"),
		FormDefaults: b([]string{"ctrl+r"}, "ctrl+r", "the reference's values"),
		HelpScroll:   helpview.DefaultKeys(),
		HelpClose:    b([]string{"?", "esc"}, "?/esc", "close the help"),
	}
	k.Home.SetEnabled(canGoHome)
	return k
}

// short is a binding for the one-line help only, where two keys share an
// entry or a description must be brief; the full help lists the real ones.
func short(keys, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
}

// helpKeys adapts a set of bindings to help.KeyMap.
type helpKeys struct {
	short []key.Binding
	full  [][]key.Binding
}

func (h helpKeys) ShortHelp() []key.Binding  { return h.short }
func (h helpKeys) FullHelp() [][]key.Binding { return h.full }

func (k keyMap) main() helpKeys {
	return helpKeys{
		short: []key.Binding{short("space", "play"), short("→/←", "step"), short("+/-", "speed"),
			short("s", "strategy"), short("e", "knobs"), short("?", "keys"), short("q", "quit")},
		full: [][]key.Binding{
			{k.Play, k.Step, k.Back, k.Restart},
			{k.Faster, k.Slower, k.Strategy, k.Knobs},
			{k.Help, k.Home, k.Quit},
		},
	}
}

func (k keyMap) form() helpKeys {
	return helpKeys{short: []key.Binding{k.FormNext, k.FormPrev, k.FormApply, k.FormCancel, k.FormDefaults}}
}
