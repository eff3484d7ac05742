package builder

import (
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/listnav"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/palette"
	"github.com/charmbracelet/bubbles/key"
)

// keyMap is the builder's one key map. The letters name what they add
// (s service, d dependency, f fleet, t tenant, a endpoint); e opens the
// knob form and u undoes, as elsewhere; the arrows move through the parts.
// Top and Bottom go to the ends of the list of starts, with the keys every
// list of the program takes for its ends (listnav).
type keyMap struct {
	Up, Down, Top, Bottom, Open, OpenFile        key.Binding
	Service, Dependency, Fleet, Tenant, Endpoint key.Binding
	Call, Breaker, Fault, Remove, Rename, Knobs  key.Binding
	Shares, Undo                                 key.Binding
	Play, Save                                   key.Binding
	Fresh, Help, Back, Quit, Palette             key.Binding
	// Leave is q inside the home screen: it does what esc does (asking
	// first about unsaved edits), as q does in the sandbox it plays in.
	// Disabled without a home screen, where q quits.
	Leave                                     key.Binding
	FormNext, FormPrev, FormApply, FormCancel key.Binding
	HelpScroll                                helpview.Keys
	HelpClose                                 key.Binding
}

func newKeyMap() keyMap {
	b := playback.Bind
	shared := playback.NewKeys(true)
	k := keyMap{
		Up:         b([]string{"up", "k"}, "↑/k", "previous part"),
		Down:       b([]string{"down", "j"}, "↓/j", "next part"),
		Open:       b([]string{"enter"}, "enter", "start from it"),
		OpenFile:   b([]string{"o"}, "o", "open a scenario file"),
		Top:        b(listnav.TopKey.Keys(), "g/home", "the first start"),
		Bottom:     b(listnav.BottomKey.Keys(), "G/end", "the last start"),
		Service:    b([]string{"s"}, "s", "add a service the selected part calls"),
		Dependency: b([]string{"d"}, "d", "add a dependency (a database, a provider) it calls"),
		Fleet:      b([]string{"f"}, "f", "add a fleet: a service of 3 instances"),
		Tenant:     b([]string{"t"}, "t", "add a tenant: the traffic is split among tenants"),
		Endpoint:   b([]string{"a"}, "a", "add an endpoint to the front"),
		Call:       b([]string{"c"}, "c", "choose what the selected endpoint or service calls"),
		Breaker:    b([]string{"b"}, "b", "a breaker on the call into the selected part, or off"),
		Fault:      b([]string{"i"}, "i", "inject a fault into the selected part (hang, slow, errors, down; a surge)"),
		Remove:     b([]string{"x", "delete"}, "x", "remove the selected part"),
		Rename:     b([]string{"r"}, "r", "rename the selected part (the front: the system)"),
		Knobs:      b([]string{"e"}, "e", "edit the selected part's knobs (the sandbox's form)"),
		Shares:     b([]string{"%"}, "%", "set each tenant's share of the traffic"),
		Undo:       b([]string{"u", "ctrl+z"}, "u", "undo the last edit"),
		Play:       b([]string{"p"}, "p", "play it in the sandbox"),
		Save:       b([]string{"w"}, "w", "save it as a scenario file"),
		Fresh:      b([]string{"n"}, "n", "start over from another system"),
		Help:       shared.Help,
		Back:       b([]string{"esc"}, "esc", "home"),
		Quit:       shared.Quit,
		Leave:      b([]string{"q"}, "q", "home"),
		Palette:    b([]string{":", palette.Key}, ":/"+palette.Key, "go anywhere"), // the parent opens it (ColonFree)
		FormNext:   shared.FormNext,
		FormPrev:   shared.FormPrev,
		FormApply:  b([]string{"enter"}, "enter", "apply"),
		FormCancel: shared.FormCancel,
		HelpScroll: shared.HelpScroll,
		HelpClose:  shared.HelpClose,
	}
	return k
}

// short is the one-line help while building: what fits 80 columns first.
func (k keyMap) short() []key.Binding {
	s := playback.Short
	return []key.Binding{s("s/d/f/t", "add"), playback.Brief(k.Call, "call"), playback.Brief(k.Knobs, "knobs"),
		playback.Brief(k.Undo, "undo"), playback.Brief(k.Play, "play"), playback.Brief(k.Save, "save"),
		playback.Brief(k.Help, "keys"), k.Back, playback.Brief(k.Breaker, "breaker"), playback.Brief(k.Fault, "fault"),
		playback.Brief(k.Remove, "remove"), playback.Brief(k.Endpoint, "endpoint"), playback.Brief(k.Rename, "rename")}
}

// full is the help screen's table while building.
func (k keyMap) full() [][]key.Binding {
	return [][]key.Binding{
		{k.Service, k.Dependency, k.Fleet, k.Tenant, k.Shares, k.Endpoint, k.Call, k.Breaker, k.Fault, k.Remove, k.Rename},
		append(append([]key.Binding{k.Up, k.Down, k.Knobs, k.Undo, k.Play, k.Save, k.Fresh, k.Help}, k.out()...), k.Palette, k.ctrlC()),
	}
}

// out is the way out listed beside the other keys: inside the home screen
// esc and q both go home, so one entry names the two ("esc/q home"), not
// "esc home" beside "q back" as if they went to different places;
// without it, esc (disabled) and q quit.
func (k keyMap) out() []key.Binding {
	if k.Leave.Enabled() {
		return []key.Binding{playback.Bind([]string{"esc", "q"}, "esc/q", "home")}
	}
	return []key.Binding{k.Back, k.quit()}
}

// quit is the way out the help lists beside esc: q home inside the home
// screen, else q quit.
func (k keyMap) quit() key.Binding {
	if k.Leave.Enabled() {
		return k.Leave
	}
	return playback.Brief(k.Quit, "quit")
}

// ctrlC is the full help's entry for quitting inside the home screen,
// where q goes back (disabled, and so not listed, otherwise).
func (k keyMap) ctrlC() key.Binding {
	b := playback.Bind([]string{"ctrl+c"}, "ctrl+c", "quit")
	b.SetEnabled(k.Leave.Enabled())
	return b
}

// choose is the one-line help on the list of starts. draft, when not
// "", is the system n left for the list: esc (and q, where q goes back)
// return to it, not home. g/G come after the way out, the first to go
// when the line is short (the help lists them).
func (k keyMap) choose(draft string) []key.Binding {
	head := []key.Binding{playback.Brief(k.Down, "move"), k.Open, playback.Brief(k.Help, "keys")}
	ends := playback.Short(k.Top.Keys()[0]+"/"+k.Bottom.Keys()[0], "first/last")
	// o comes last: at 80 columns it gives way, and the list's own text
	// under the summary says it (startsPane).
	file := playback.Brief(k.OpenFile, "open a file")
	switch {
	case draft == "":
		return append(append(head, k.out()...), ends, file)
	case k.Leave.Enabled():
		return append(head, playback.Short("esc/q", "back to "+draft), ends, file)
	}
	return append(head, playback.Short("esc", "back to "+draft), k.quit(), ends, file)
}

// chooseFull is the help screen's table on the list of starts: the keys
// chooseKey takes there, not the building keys, which do nothing yet.
func (k keyMap) chooseFull(draft string) [][]key.Binding {
	up, down := playback.Brief(k.Up, "previous start"), playback.Brief(k.Down, "next start")
	out := k.out()
	if draft != "" {
		// esc works without a home screen too: it goes back to the draft.
		out = []key.Binding{playback.Bind([]string{"esc"}, "esc", "back to "+draft), k.quit()}
		if k.Leave.Enabled() {
			out[1] = playback.Brief(k.Leave, "back to "+draft)
		}
	}
	return [][]key.Binding{
		{up, down, k.Top, k.Bottom, k.Open, k.OpenFile},
		append(append([]key.Binding{k.Help}, out...), k.Palette, k.ctrlC()),
	}
}

// form is the one-line help while the knob form is open.
func (k keyMap) form() []key.Binding {
	return []key.Binding{k.FormNext, k.FormPrev, k.FormApply, k.FormCancel}
}
