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

// WayOut is the key line's way out. Inside another screen q goes back as
// esc does, and the two are one entry, "esc/q back to the builder", as the
// other screens write it: "esc back • q back" said one thing twice, and
// cost the line a key at 80 columns (the sandbox's line, then the shard
// view's inside a challenge). On a screen of its own esc does nothing
// (Home is disabled) and q quits.
func (k Keys) WayOut() key.Binding {
	if !k.Leave.Enabled() || !k.Home.Enabled() {
		return k.QuitOrBack()
	}
	return Bind(append(slices.Clone(k.Home.Keys()), k.Leave.Keys()...),
		k.Home.Help().Key+"/"+k.Leave.Help().Key, k.Home.Help().Desc)
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
// in an ellipsis glued to a word); the full help lists the rest. The keys
// a user needs to go on are the last to go: a way out (esc, q, ?/esc out
// of a help) and enter. First the bindings after the last of them go,
// then the ways out's words shorten (briefWords: "esc back to the
// scenarios" to "esc back"), then the others go from the end, least
// needed first (needed ranks them: ? after the rest, a second way out
// before enter, the first way out last); enter's words shorten alike
// where that keeps ?, else ? goes first.
// At 80 columns the sandbox's line dropped esc and q while "e knobs" and
// "? keys" stayed; at 40 the list of starts, the home menu and the
// challenge picker dropped enter, and the help screens "?/esc close",
// while ↑/k and ? stayed.
//
// extras names bindings (by their help's key) that go before any other,
// in that order: a screen's keys the learner can do without, such as
// scrolling that the body names itself. One ranking serves every screen:
// the drill's and the interview's lines, ranked apart, kept ? and lost
// the key that shows the answer (now "space/enter show the answer"): at
// 30 columns the drill's line was "? keys" alone.
func KeyLine(h help.Model, keys []key.Binding, w int, extras ...string) string {
	h.Width = 0
	line := func(ks []key.Binding) (string, bool) {
		l := " " + h.ShortHelpView(ks)
		return l, ansi.StringWidth(l) <= w
	}
	// help shows no disabled binding: one must not count as the way out.
	keys = slices.DeleteFunc(slices.Clone(keys), func(k key.Binding) bool { return !k.Enabled() })
	ranks := needed(keys, extras)
	// The bindings up to the last needed one, as before, when that fits.
	last := -1
	for i, r := range ranks {
		if r >= needLaterWayOut {
			last = i
		}
	}
	for n := len(keys); n > last && n > 0; n-- {
		if l, ok := line(keys[:n]); ok {
			return pane.Fit(l, w)
		}
	}
	if last < 0 {
		return pane.Fit("", w)
	}
	ks, ranks := keys[:last+1], ranks[:last+1]
	// shortened is ks with the words of the bindings of rank cut to one.
	shortened := func(rank ...int) []key.Binding {
		out := slices.Clone(ks)
		for i, k := range out {
			if short := briefWords(k.Help().Desc); slices.Contains(rank, ranks[i]) && short != k.Help().Desc {
				out[i] = Brief(k, short)
			}
		}
		return out
	}
	ks = shortened(needWayOut, needLaterWayOut)
	for len(ks) > 0 {
		if l, ok := line(ks); ok {
			return pane.Fit(l, w)
		}
		least := slices.Min(ranks)
		if least >= needHelp {
			// enter's words go before ? does, when that is enough; if not,
			// ? goes and enter keeps them while they fit.
			if l, ok := line(shortened(needEnter)); ok {
				return pane.Fit(l, w)
			}
		}
		drop := len(ranks) - 1 // the last of the least needed
		for ranks[drop] != least {
			drop--
		}
		ks, ranks = slices.Delete(ks, drop, drop+1), slices.Delete(ranks, drop, drop+1)
	}
	return pane.Fit("", w)
}

// briefWords is a description shortened for a narrow key line: the words
// before an aside in brackets ("hand in (asks first)" to "hand in"), else
// the first word. The first word alone of the interview's "esc hand in
// (asks first)" read "esc hand".
func briefWords(desc string) string {
	if before, _, ok := strings.Cut(desc, " ("); ok && before != "" {
		return before
	}
	word, _, _ := strings.Cut(desc, " ")
	return word
}

// How much a key line needs a binding, least first: its ranks in KeyLine.
const (
	// needOther is any other binding, the first to go.
	needOther = iota
	// needHelp is ?, which lists the bindings left out.
	needHelp
	// needLaterWayOut is a way out after the first: another way back
	// (q beside esc), which gives way to enter.
	needLaterWayOut
	// needEnter is enter, what goes on from here: opens, starts, applies.
	needEnter
	// needWayOut is the first way out: esc, q, or ?/esc out of a help.
	needWayOut
)

// needed ranks each of keys for KeyLine: an extra below needOther, the
// first of extras lowest, so that it goes first.
func needed(keys []key.Binding, extras []string) []int {
	ranks := make([]int, len(keys))
	wayOut := false
	for i, k := range keys {
		switch extra := slices.Index(extras, k.Help().Key); {
		case extra >= 0:
			ranks[i] = needOther - len(extras) + extra
		case isWayOut(k) && !wayOut:
			ranks[i], wayOut = needWayOut, true
		case isWayOut(k):
			ranks[i] = needLaterWayOut
		case hasKey(k, "enter") || slices.Contains(k.Keys(), "enter"):
			// enter under another name: the drill's "space show the
			// answer" is enter too.
			ranks[i] = needEnter
		case k.Help().Key == "?":
			ranks[i] = needHelp
		default:
			ranks[i] = needOther
		}
	}
	return ranks
}

// isWayOut says whether b leaves the screen, or the help over it: esc
// back, q quit, ?/esc close the help.
func isWayOut(b key.Binding) bool {
	return hasKey(b, "esc") || hasKey(b, "q")
}

// hasKey says whether b's help names k among its keys ("esc" in "?/esc").
func hasKey(b key.Binding, k string) bool {
	return slices.Contains(strings.Split(b.Help().Key, "/"), k)
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
