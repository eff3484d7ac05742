package lessonui

import (
	"slices"

	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
)

// keyMap is the player's one key map; help shows it. Keys mean what they
// mean in the sandbox and the shard view: ← and → move time (100 ms), ] and
// [ jump between events, g and G go to the step's start and end, : or t to
// a typed time (playback.Keys holds those); a lesson's steps are n and p
// (or pgdn and pgup).
type keyMap struct {
	Next, Prev, Play, Restart, Variant, Steps, Up, Down, Submit, Erase, Toggle, Help, Quit, Back key.Binding
	Again, Review                                                                                key.Binding
	Answer                                                                                       key.Binding // digits, for display only
	// Move moves in a number's box (playback.NumberEditKeys); for
	// display only, as Erase is: the box matches its own keys.
	Move key.Binding
	// Time, shared with the sandbox: steps of 100 ms, events, start, end, a time.
	Step, BackStep, NextEvent, PrevEvent, Start, End, GoTo key.Binding
	// Faster and Slower scale the step's own speed (paces), as + and -
	// step the sandbox's.
	Faster, Slower key.Binding
	// InstancesUp and InstancesDown scroll the instances pane (the
	// sandbox's fleet pane), whose ↑ and ↓ here scroll the text.
	InstancesUp, InstancesDown key.Binding
	// Palette is the home screen's command palette, which the home
	// screen opens before the key reaches the player: here for the help,
	// enabled only inside the home screen (embedded), as in the sandbox.
	Palette key.Binding
	// HelpScroll scrolls the full help where the window is too short for
	// it, as the sandbox's does; HelpClose names the keys that close it.
	HelpScroll helpview.Keys
	HelpClose  key.Binding
}

// newKeyMap is the player's keys; embedded (inside the home screen)
// enables the palette's key.
func newKeyMap(embedded bool) keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	t := playback.NewKeys(embedded)
	inst := instancesKeys()
	return keyMap{
		InstancesUp: inst.Up, InstancesDown: inst.Down,
		Palette: t.Palette, HelpScroll: t.HelpScroll, HelpClose: t.HelpClose,
		Step: t.Step, BackStep: t.Back, NextEvent: t.NextEvent, PrevEvent: t.PrevEvent,
		Start: t.Start, End: t.End, GoTo: t.GoTo, Faster: t.Faster, Slower: t.Slower,
		Next:    b([]string{"n", "pgdown"}, "n/pgdn", "next step"),
		Prev:    b([]string{"p", "pgup"}, "p/pgup", "previous step"),
		Play:    b([]string{" "}, "space", "play/pause (replay at the end)"),
		Restart: b([]string{"r"}, "r", "restart step"),
		Variant: b([]string{"v"}, "v", "next design"),
		Steps:   b([]string{"s"}, "s", "step list"),
		Up:      b([]string{"up", "k"}, "↑/k", "scroll up"),
		Down:    b([]string{"down", "j"}, "↓/j", "scroll down"),
		Submit:  b([]string{"enter"}, "enter", "answer"),
		Erase:   b([]string{"backspace", "ctrl+w", "ctrl+u"}, "⌫/ctrl+w/ctrl+u", "erase a character, a word, all before the cursor"), // for display only
		Move:    b([]string{"ctrl+a", "ctrl+e", "ctrl+b", "ctrl+f"}, "ctrl+a/e/b/f", "a number's start, end, back, on"),
		Toggle:  b([]string{"tab"}, "tab", "text/simulation"),
		Answer:  b([]string{"1", "2", "3", "4", "5", "6"}, "1-6", "pick an answer"),
		Again:   b([]string{"a"}, "a", "take the question again"),
		Review:  b([]string{"m"}, "m", "review the missed (last screen)"),
		Help:    b([]string{"?"}, "?", "all keys"),
		Quit:    b([]string{"q", "ctrl+c"}, "q", "quit"),
		Back:    b([]string{"esc"}, "esc", "back"),
	}
}

// instancesKeys scroll the instances pane: K and J, the capitals of the
// text's k and j (and shift with the arrows), since ↑ and ↓ scroll the
// text. The pane names them in its line under the instances.
func instancesKeys() pane.FleetKeys {
	return pane.FleetKeys{
		Up:   key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K", "earlier instances")),
		Down: key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J", "more instances")),
	}
}

// helpKeys is the key map as the help model wants it, for one moment: the
// bindings that do something now.
type helpKeys struct {
	short []key.Binding
	full  [][]key.Binding
}

func (h helpKeys) ShortHelp() []key.Binding { return h.short }

// FullHelp is the keys in full, each thing they do said once: inside the
// home screen esc and q both go back, and the help said "esc back" and
// "q back" on two rows. Keys of a group that say the same words share one
// row ("esc/q back").
func (h helpKeys) FullHelp() [][]key.Binding {
	out := make([][]key.Binding, len(h.full))
	for i, group := range h.full {
		out[i] = sayOnce(group)
	}
	return out
}

// sayOnce is group with the enabled bindings whose help says the same
// words joined into the first of them, their keys named together
// ("esc/q").
func sayOnce(group []key.Binding) []key.Binding {
	out := make([]key.Binding, 0, len(group))
	for _, b := range group {
		same := slices.IndexFunc(out, func(o key.Binding) bool {
			return b.Enabled() && o.Enabled() && o.Help().Desc == b.Help().Desc
		})
		if same < 0 {
			out = append(out, b)
			continue
		}
		was := out[same]
		out[same] = key.NewBinding(key.WithKeys(append(slices.Clone(was.Keys()), b.Keys()...)...),
			key.WithHelp(was.Help().Key+"/"+b.Help().Key, b.Help().Desc))
	}
	return out
}
