package lessonui

import "github.com/charmbracelet/bubbles/key"

// keyMap is the player's one key map; help shows it.
type keyMap struct {
	Next, Prev, Play, Restart, Variant, Steps, Up, Down, Submit, Erase, Toggle, Help, Quit, Back key.Binding
	Again, Review                                                                                key.Binding
	Answer                                                                                       key.Binding // digits, for display only
}

func newKeyMap() keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return keyMap{
		Next:    b([]string{"right", "l", "pgdown"}, "→/l", "next step"),
		Prev:    b([]string{"left", "h", "pgup"}, "←/h", "previous step"),
		Play:    b([]string{" "}, "space", "play/pause"),
		Restart: b([]string{"r"}, "r", "restart step"),
		Variant: b([]string{"v"}, "v", "next design"),
		Steps:   b([]string{"s"}, "s", "step list"),
		Up:      b([]string{"up", "k"}, "↑/k", "scroll up"),
		Down:    b([]string{"down", "j"}, "↓/j", "scroll down"),
		Submit:  b([]string{"enter"}, "enter", "answer"),
		Erase:   b([]string{"backspace"}, "⌫", "erase"),
		Toggle:  b([]string{"tab"}, "tab", "text/simulation"),
		Answer:  b([]string{"1", "2", "3", "4", "5", "6"}, "1-6", "pick an answer"),
		Again:   b([]string{"a"}, "a", "take the question again"),
		Review:  b([]string{"m"}, "m", "review the missed (last screen)"),
		Help:    b([]string{"?"}, "?", "all keys"),
		Quit:    b([]string{"q", "ctrl+c"}, "q", "quit"),
		Back:    b([]string{"esc"}, "esc", "back"),
	}
}

// helpKeys is the key map as the help model wants it, for one moment: the
// bindings that do something now.
type helpKeys struct {
	short []key.Binding
	full  [][]key.Binding
}

func (h helpKeys) ShortHelp() []key.Binding  { return h.short }
func (h helpKeys) FullHelp() [][]key.Binding { return h.full }
