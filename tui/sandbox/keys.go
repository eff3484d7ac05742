package sandbox

import (
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
)

// keyMap is the sandbox's one key map.
type keyMap struct {
	Play, Step, Back, Faster, Slower, Restart key.Binding
	NextVariant, PrevVariant, Variant         key.Binding
	Knobs, Help, Quit, Home                   key.Binding
	Breaker                                   pane.BreakerKeys
	// The knob form's keys.
	FormNext, FormPrev, FormApply, FormCancel, FormDefaults key.Binding
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
		NextVariant:  b([]string{"tab"}, "tab", "next variant"),
		PrevVariant:  b([]string{"shift+tab"}, "shift+tab", "previous variant"),
		Variant:      b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "variant"),
		Knobs:        b([]string{"e"}, "e", "edit knobs"),
		Help:         b([]string{"?"}, "?", "all keys"),
		Quit:         b([]string{"q", "ctrl+c"}, "q", "quit"),
		Home:         b([]string{"esc"}, "esc", "home"),
		Breaker:      pane.DefaultBreakerKeys(),
		FormNext:     b([]string{"down", "tab"}, "↓/tab", "next field"),
		FormPrev:     b([]string{"up", "shift+tab"}, "↑/shift+tab", "previous field"),
		FormApply:    b([]string{"enter"}, "enter", "apply and re-run"),
		FormCancel:   b([]string{"esc"}, "esc", "cancel"),
		FormDefaults: b([]string{"ctrl+r"}, "ctrl+r", "scenario's values"),
	}
	k.Home.SetEnabled(canGoHome)
	return k
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
		short: []key.Binding{k.Play, k.Step, k.Back, k.Faster, k.Slower, k.NextVariant, k.Knobs, k.Help, k.Quit},
		full: [][]key.Binding{
			{k.Play, k.Step, k.Back, k.Restart},
			{k.Faster, k.Slower, k.NextVariant, k.PrevVariant, k.Variant},
			{k.Knobs, k.Breaker.Next, k.Help, k.Home, k.Quit},
		},
	}
}

func (k keyMap) form() helpKeys {
	return helpKeys{short: []key.Binding{k.FormNext, k.FormPrev, k.FormApply, k.FormCancel, k.FormDefaults}}
}
