package playback

import (
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/palette"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Keys are the bindings the sandbox and the shard view share; each screen's
// key map embeds them and adds its own.
type Keys struct {
	Play, Step, Back, Faster, Slower, Restart key.Binding
	// Seeking: the next and previous event, the start, the end, a time.
	NextEvent, PrevEvent, Start, End, GoTo key.Binding
	Knobs, Help, Quit, Home                key.Binding
	// Leave is q inside another screen (Home enabled), where q goes back
	// as esc does; disabled on a screen of its own, where q quits.
	Leave key.Binding
	// Palette is the home screen's command palette (tui/palette), which
	// the home screen opens before the key reaches the screen: here for
	// the help, enabled with Home.
	Palette key.Binding
	// The knob form's keys (each screen adds its own FormDefaults).
	FormNext, FormPrev, FormApply, FormCancel key.Binding
	// The help screen's keys: scrolling, and closing.
	HelpScroll helpview.Keys
	HelpClose  key.Binding
}

// Bind makes a binding with its help: the keys, how help shows them, and
// what they do.
func Bind(keys []string, k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
}

// NewKeys makes the shared bindings; canGoHome enables esc (Home), which
// only a screen inside the home screen has.
func NewKeys(canGoHome bool) Keys {
	k := Keys{
		Play:       Bind([]string{" "}, "space", "play/pause (replay at the end)"),
		Step:       Bind([]string{"right", "."}, "→/.", "100 ms on"),
		Back:       Bind([]string{"left", ","}, "←/,", "100 ms back"),
		NextEvent:  Bind([]string{"]"}, "]", "next event"),
		PrevEvent:  Bind([]string{"["}, "[", "previous event"),
		Start:      Bind([]string{"g", "home"}, "g", "the start"),
		End:        Bind([]string{"G", "end"}, "G", "the end"),
		GoTo:       Bind([]string{":", "t"}, ":/t", "go to a time"),
		Faster:     Bind([]string{"+", "="}, "+", "faster"),
		Slower:     Bind([]string{"-", "_"}, "-", "slower"),
		Restart:    Bind([]string{"r"}, "r", "restart"),
		Knobs:      Bind([]string{"e"}, "e", "edit knobs"),
		Help:       Bind([]string{"?"}, "?", "all keys"),
		Quit:       Bind([]string{"q", "ctrl+c"}, "q", "quit"),
		Home:       Bind([]string{"esc"}, "esc", "home"),
		Leave:      Bind([]string{"q"}, "q", "back"),
		Palette:    Bind([]string{palette.Key}, palette.Key, "go anywhere (lesson 4, sandbox NAME, drill)"),
		FormNext:   Bind([]string{"down", "tab"}, "↓/tab", "next field"),
		FormPrev:   Bind([]string{"up", "shift+tab"}, "↑/shift+tab", "previous field"),
		FormApply:  Bind([]string{"enter"}, "enter", "apply and re-run"),
		FormCancel: Bind([]string{"esc"}, "esc", "cancel"),
		HelpScroll: helpview.DefaultKeys(),
		HelpClose:  Bind([]string{"?", "esc"}, "?/esc", "close the help"),
	}
	k.Home.SetEnabled(canGoHome)
	k.Palette.SetEnabled(canGoHome)
	k.Leave.SetEnabled(canGoHome)
	return k
}

// QuitOrBack is the way out the help lists beside esc: q back inside
// another screen, else q quit.
func (k Keys) QuitOrBack() key.Binding {
	if k.Leave.Enabled() {
		return k.Leave
	}
	return k.Quit
}

// CtrlC is the full help's entry for quitting inside another screen,
// where q goes back (disabled, and so not listed, otherwise).
func (k Keys) CtrlC() key.Binding {
	b := Bind([]string{"ctrl+c"}, "ctrl+c", "quit")
	b.SetEnabled(k.Leave.Enabled())
	return b
}

// SetBackTo says in the help where esc leads ("scenarios", "challenge");
// "" leaves "home".
func (k *Keys) SetBackTo(where string) {
	if where != "" {
		k.Home.SetHelp("esc", where)
	}
}

// HelpKey handles a key while the help screen is open: ? and esc close
// the help (open turns false), q does what it does on the screen under the
// help, ctrl+c quits, and the rest scroll it. On a screen of its own q
// quits; on one inside another (Home enabled), where q goes back, the help
// closes and hands q to the screen under it (a sandbox opened from the
// home screen quit the program on a q pressed in its help).
func (k Keys) HelpKey(msg tea.KeyMsg, h *helpview.Model) (open bool, cmd tea.Cmd) {
	switch {
	case msg.String() == "q" && k.Home.Enabled():
		return false, func() tea.Msg { return msg }
	case key.Matches(msg, k.Quit):
		return true, tea.Quit
	case key.Matches(msg, k.HelpClose):
		return false, nil
	}
	h.Update(msg)
	return true, nil
}

// FormHelp is the one-line help while the knob form is open, with the
// screen's own key for its defaults.
func (k Keys) FormHelp(defaults key.Binding) HelpKeys {
	// "previous" alone, so that esc cancel, the way out, fits at 80 with
	// what enter does.
	return HelpKeys{Short: []key.Binding{k.FormNext, Brief(k.FormPrev, "previous"), k.FormApply, k.FormCancel, defaults}}
}

// HelpKeys adapts a set of bindings to help.KeyMap.
type HelpKeys struct {
	Short []key.Binding
	Full  [][]key.Binding
}

// ShortHelp is the one-line help.
func (h HelpKeys) ShortHelp() []key.Binding { return h.Short }

// FullHelp is the help screen's table.
func (h HelpKeys) FullHelp() [][]key.Binding { return h.Full }

// Brief is b with a shorter description, for the one-line help; it keeps
// b's keys and whether it is enabled.
func Brief(b key.Binding, desc string) key.Binding {
	nb := key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
	nb.SetEnabled(b.Enabled())
	return nb
}

// Short is a binding for the one-line help only, where keys share an entry
// or a description must be brief; the full help lists the real ones.
func Short(keys, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
}

// KeyLine is the one-line help in w cells: as many of the bindings as fit
// whole, in order, with none cut short (bubbles' help would end the line
// in an ellipsis glued to a word); the full help lists the rest. The way
// out (esc, q) is the last to go: the bindings after it go first, then its
// words shorten to one ("esc back to the scenarios" to "esc back"), then
// the other bindings go from the end (? for the full help the last of
// them), and only then the way out itself.
// At 80 columns the sandbox's line dropped esc and q while "e knobs" and
// "? keys" stayed.
func KeyLine(h help.Model, keys []key.Binding, w int) string {
	h.Width = 0
	line := func(ks []key.Binding) (string, bool) {
		l := " " + h.ShortHelpView(ks)
		return l, ansi.StringWidth(l) <= w
	}
	// The bindings up to the last way out, as before, when that fits.
	last := -1
	for i, k := range keys {
		if isWayOut(k) && k.Enabled() {
			last = i
		}
	}
	for n := len(keys); n > last && n > 0; n-- {
		if l, ok := line(keys[:n]); ok {
			return pane.Fit(l, w)
		}
	}
	if last >= 0 {
		ks := slices.Clone(keys[:last+1])
		for i, k := range ks {
			if isWayOut(k) {
				if word, _, _ := strings.Cut(k.Help().Desc, " "); word != k.Help().Desc {
					ks[i] = Brief(k, word)
				}
			}
		}
		// Drop the others from the end, keeping the ways out, and the key
		// to the full help (which lists what is dropped) to the last of them.
		for {
			if l, ok := line(ks); ok {
				return pane.Fit(l, w)
			}
			drop := -1
			for _, keepHelp := range []bool{true, false} {
				for i := len(ks) - 1; i >= 0 && drop < 0; i-- {
					if !isWayOut(ks[i]) && ks[i].Enabled() && !(keepHelp && ks[i].Help().Key == "?") {
						drop = i
					}
				}
			}
			if drop < 0 {
				break
			}
			ks = slices.Delete(ks, drop, drop+1)
		}
		keys = ks
	}
	for n := len(keys); n > 0; n-- {
		if l, ok := line(keys[:n]); ok {
			return pane.Fit(l, w)
		}
	}
	return pane.Fit("", w)
}

// isWayOut says whether b leaves the screen: esc back, or q quit.
func isWayOut(b key.Binding) bool {
	switch b.Help().Key {
	case "esc", "q", "esc/q", "q/esc":
		return true
	}
	return false
}

// PlayWord is what space does now on a screen that plays, for its key
// line: it replays at the run's end, pauses while the run plays, and plays
// otherwise (the sandbox, the shard view and the lesson player say it
// alike).
func PlayWord(atEnd, playing bool) string {
	switch {
	case atEnd:
		return "replay"
	case playing:
		return "pause"
	}
	return "play"
}
