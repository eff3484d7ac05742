package exercisesui

import "github.com/charmbracelet/bubbles/key"

// keyMap is the runner's one key map. Which bindings are shown (and
// active) depends on the screen; see helpFor.
type keyMap struct {
	Hint, Next, List, Reset, Solution, CheckAll, Rerun, Task, Quit, More key.Binding
	Edit                                                                 key.Binding
	Up, Down, PageUp, PageDown, Top, Bottom                              key.Binding
	Select, Filter, Search, Back, Yes, No                                key.Binding
}

func newKeyMap() keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return keyMap{
		Hint:     b([]string{"h"}, "h", "hint"),
		Edit:     b([]string{"e"}, "e", "edit"),
		Next:     b([]string{"n"}, "n", "next exercise"),
		List:     b([]string{"l"}, "l", "list"),
		Reset:    b([]string{"x"}, "x", "reset"),
		Solution: b([]string{"s"}, "s", "solution"),
		CheckAll: b([]string{"c"}, "c", "check all"),
		Rerun:    b([]string{"r"}, "r", "re-run"),
		Task:     b([]string{"t"}, "t", "task/tests first"),
		Quit:     b([]string{"q", "ctrl+c"}, "q", "quit"),
		More:     b([]string{"?"}, "?", "keys"),
		Up:       b([]string{"up", "k"}, "↑/k", "up"),
		Down:     b([]string{"down", "j"}, "↓/j", "down"),
		PageUp:   b([]string{"pgup", "b"}, "pgup", "page up"),
		PageDown: b([]string{"pgdown", "f", " "}, "pgdn", "page down"),
		Top:      b([]string{"home", "g"}, "g", "top"),
		Bottom:   b([]string{"end", "G"}, "G", "bottom"),
		Select:   b([]string{"enter"}, "enter", "open"),
		// tab changes what the list shows (all, pending, done); / narrows
		// it to the typed words, as / filters every other list.
		Filter: b([]string{"tab"}, "tab", "show"),
		Search: b([]string{"/"}, "/", "filter"),
		Back:   b([]string{"esc"}, "esc", "back"),
		Yes:    b([]string{"y", "Y"}, "y", "yes"),
		No:     b([]string{"n", "N", "esc"}, "n", "no"),
	}
}

// helpKeys implements help.KeyMap for one screen.
type helpKeys struct {
	short []key.Binding
	full  [][]key.Binding
}

func (h helpKeys) ShortHelp() []key.Binding  { return h.short }
func (h helpKeys) FullHelp() [][]key.Binding { return h.full }
