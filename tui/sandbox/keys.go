package sandbox

import (
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
)

// keyMap is the sandbox's one key map.
type keyMap struct {
	Play, Step, Back, Faster, Slower, Restart key.Binding
	NextVariant, PrevVariant, Variant         key.Binding
	Knobs, Help, Quit, Home                   key.Binding
	Breaker                                   pane.BreakerKeys
	// Compare mode's keys.
	Compare, ComparePresets, LeftPrev, LeftNext, Swap, Preset, PresetLeft key.Binding
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
		Play:           b([]string{" "}, "space", "play/pause"),
		Step:           b([]string{"right", "."}, "→/.", "step 100 ms"),
		Back:           b([]string{"left", ","}, "←/,", "step back"),
		Faster:         b([]string{"+", "="}, "+", "faster"),
		Slower:         b([]string{"-", "_"}, "-", "slower"),
		Restart:        b([]string{"r"}, "r", "restart"),
		NextVariant:    b([]string{"tab"}, "tab", "next variant"),
		PrevVariant:    b([]string{"shift+tab"}, "shift+tab", "previous variant"),
		Variant:        b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "variant"),
		Knobs:          b([]string{"e"}, "e", "edit knobs"),
		Help:           b([]string{"?"}, "?", "all keys"),
		Quit:           b([]string{"q", "ctrl+c"}, "q", "quit"),
		Home:           b([]string{"esc"}, "esc", "home"),
		Breaker:        pane.DefaultBreakerKeys(),
		Compare:        b([]string{"c"}, "c", "compare two variants"),
		ComparePresets: b([]string{"C"}, "C", "compare breaker presets"),
		LeftPrev:       b([]string{"["}, "[", "left: previous variant"),
		LeftNext:       b([]string{"]"}, "]", "left: next variant"),
		Swap:           b([]string{"x"}, "x", "swap sides"),
		Preset:         b([]string{"p"}, "p", "right: next breaker preset"),
		PresetLeft:     b([]string{"P"}, "P", "left: next breaker preset"),
		FormNext:       b([]string{"down", "tab"}, "↓/tab", "next field"),
		FormPrev:       b([]string{"up", "shift+tab"}, "↑/shift+tab", "previous field"),
		FormApply:      b([]string{"enter"}, "enter", "apply and re-run"),
		FormCancel:     b([]string{"esc"}, "esc", "cancel"),
		FormDefaults:   b([]string{"ctrl+r"}, "ctrl+r", "scenario's values"),
		HelpScroll:     helpview.DefaultKeys(),
		HelpClose:      b([]string{"?", "esc"}, "?/esc", "close the help"),
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
			{k.Play, k.Step, k.Back, k.Restart, k.Help, k.Quit},
			{k.Faster, k.Slower, k.NextVariant, k.PrevVariant, k.Variant},
			{k.Knobs, k.Compare, k.ComparePresets, k.Breaker.Next, k.Home},
		},
	}
}

// compare is the key help in compare mode: tab and 1-9 pick the right
// side's variant, [ and ] the left's.
func (k keyMap) compare() helpKeys {
	right := func(b key.Binding, desc string) key.Binding {
		h := b.Help()
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(h.Key, desc))
	}
	return helpKeys{
		short: []key.Binding{short("space", "play"), short("→/←", "step"), short("tab/1-9", "right"), short("[/]", "left"),
			short("p/P", "presets"), short("x", "swap"), short("c", "leave"), short("?", "keys")},
		full: [][]key.Binding{
			{k.Play, k.Step, k.Back, k.Restart, k.Faster, k.Slower, k.Knobs},
			{right(k.NextVariant, "right: next"), right(k.PrevVariant, "right: back"), right(k.Variant, "right: variant"),
				right(k.LeftNext, "left: next"), right(k.LeftPrev, "left: back"), k.Swap},
			{right(k.Preset, "right: preset"), right(k.PresetLeft, "left: preset"), right(k.ComparePresets, "Resilience4j vs Polly"),
				right(k.Compare, "leave compare"), k.Help, k.Quit},
		},
	}
}

// short is a binding for the one-line help only, where keys share an
// entry; the full help lists the real ones.
func short(keys, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
}

func (k keyMap) form() helpKeys {
	return helpKeys{short: []key.Binding{k.FormNext, k.FormPrev, k.FormApply, k.FormCancel, k.FormDefaults}}
}
