package exercisesui

import (
	"slices"

	"github.com/breakerlab/breakerlab/tui/palette"
	"github.com/charmbracelet/bubbles/key"
)

// keyMap is the runner's one key map. Which bindings are shown (and
// active) depends on the screen; see helpFor.
type keyMap struct {
	Hint, Next, List, Reset, Solution, CheckAll, Rerun, Task, Quit, More key.Binding
	Edit                                                                 key.Binding
	Up, Down, PageUp, PageDown, Top, Bottom                              key.Binding
	Select, Filter, Search, Back, Yes, No                                key.Binding
	// ListBack and ListQuit are the list's ways out: there q goes back
	// with esc, as on the home screen's inner screens, and ctrl+c quits.
	ListBack, ListQuit key.Binding
	// Palette is the home screen's command palette: ctrl+k, which the
	// home screen takes before the runner sees it, and `:`, which means
	// nothing else here (the runner hands it up, paletteCmd). Enabled
	// only inside the home screen (Options.Leave).
	Palette key.Binding
	// HelpClose is ? and esc while the keys are shown in full, for the
	// help: either closes them.
	HelpClose key.Binding
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
		Reset:    b([]string{"x"}, "x", resetToStubWords), // or what x does instead: Model.resetWords
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
		// For the help only: listKey matches q and esc with Quit and Back,
		// and key() ctrl+c on every screen.
		ListBack:  b([]string{"esc", "q"}, "esc/q", "back"),
		ListQuit:  b([]string{"ctrl+c"}, "ctrl+c", "quit"),
		Yes:       b([]string{"y", "Y"}, "y", "yes"),
		No:        b([]string{"n", "N", "esc"}, "n", "no"),
		Palette:   b([]string{":"}, ":/"+palette.Key, "go anywhere"),
		HelpClose: b([]string{"?", "esc"}, "?/esc", "close the help"),
	}
}

// helpKeys implements help.KeyMap for one screen.
type helpKeys struct {
	short []key.Binding
	full  [][]key.Binding
	// drop names (by their help's key) the keys of short that give way,
	// a group at a time in this order, when the line is too wide for the
	// terminal (Model.shortHelp). The way out and ? keys are never in it.
	drop [][]string
}

// The orders in which keys give way on a narrow terminal, least needed
// first; package variables, so that a frame builds none.
var (
	// On the main screen e goes first, as a learner works in an editor of
	// their own, then l, as n goes on without the list; then reset, its
	// words the widest ("reset to stub"). x is the way back for a learner
	// whose file no longer builds, a state the verdict does not name x in
	// (only missing or changed tests are, when x stays: mainDrops), so at
	// 80 columns it stays while the exercise is unsolved: dropped first,
	// it was behind ? exactly when needed. Once the exercise passed, n
	// joins the line and x gives way before the keys a learner reaches
	// for, stuck or done: check all, the solution, the hint and n. r is
	// the only way to test in manual mode.
	mainDrop = [][]string{{"e"}, {"l"}, {"x"}, {"c"}, {"s"}, {"h"}, {"n"}, {"r"}}
	// When the verdict tells the learner to press x or r (wayLine) or s
	// (failsSolved), that key stays with the way out: a key the screen
	// names must be in the line. mainDrops[keep] is mainDrop less the keys
	// keep names.
	mainDrops = dropsKeeping(mainDrop)
	// In the list the arrows go first, together: every list takes them.
	listDrop = [][]string{{"↑/k", "↓/j"}, {"/"}, {"tab"}, {"enter"}, {"esc/q"}}
)

// namedKeys is the set of the main screen's keys that its verdict names,
// which stay in the key line however narrow the terminal.
type namedKeys uint8

const (
	namesX namedKeys = 1 << iota
	namesS
	namesR
	namesAll = namesX | namesS | namesR
)

// namedKey is the key, as its help shows it, of each of namedKeys.
var namedKey = map[namedKeys]string{namesX: "x", namesS: "s", namesR: "r"}

// dropsKeeping returns, for each set of named keys, drop without them.
func dropsKeeping(drop [][]string) (out [namesAll + 1][][]string) {
	for keep := range out {
		for _, g := range drop {
			if !slices.ContainsFunc(g, func(k string) bool { return keeps(namedKeys(keep), k) }) {
				out[keep] = append(out[keep], g)
			}
		}
	}
	return out
}

func (h helpKeys) ShortHelp() []key.Binding  { return h.short }
func (h helpKeys) FullHelp() [][]key.Binding { return h.full }

// keeps says whether k, a key as its help shows it, is one of keep.
func keeps(keep namedKeys, k string) bool {
	for bit, name := range namedKey {
		if keep&bit != 0 && name == k {
			return true
		}
	}
	return false
}
