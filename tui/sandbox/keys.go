package sandbox

import (
	"reflect"
	"slices"
	"strings"

	kform "github.com/breakerlab/breakerlab/tui/internal/form"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// keyMap is the sandbox's one key map: the time controls, knobs and help
// it shares with the shard view (playback.Keys), and its own.
type keyMap struct {
	playback.Keys
	NextVariant, PrevVariant, Variant key.Binding
	Breaker                           pane.BreakerKeys
	// Compare mode's keys.
	Compare, ComparePresets, LeftPrev, LeftNext, Swap, Preset, PresetLeft key.Binding
	FormDefaults                                                          key.Binding
	// Seed changes the run's seed; Write saves the edited scenario.
	Seed, Write key.Binding
	// Fleet shows a fleet's instances over the whole body, and back;
	// FleetScroll are the fleet pane's scroll keys.
	Fleet       key.Binding
	FleetScroll pane.FleetKeys
	// Chaos opens the chaos menu: inject a fault now (chaos.go).
	Chaos key.Binding
	// ReadFile reads the scenario file again (reload.go); off for a
	// built-in scenario.
	ReadFile key.Binding
	// Sweep, in the knob form, sweeps the knob under the cursor against
	// another (sweepkey.go).
	Sweep key.Binding
	// Map moves the map's selection (tui/mappane): n/N nodes, </> a
	// fleet's instances.
	Map mappane.Keys
	// atEnd: the run is at its end, where space replays from the start
	// (the one-line help says so).
	atEnd bool
	// playing: the clock is running, where space pauses (set where the key
	// line is drawn, from the clock: Model.liveKeys)
	playing bool
}

func newKeyMap(canGoHome bool) keyMap {
	b := playback.Bind
	k := keyMap{
		Keys:           playback.NewKeys(canGoHome),
		NextVariant:    b([]string{"tab"}, "tab", "next variant"),
		PrevVariant:    b([]string{"shift+tab"}, "shift+tab", "previous variant"),
		Variant:        b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "variant"),
		Breaker:        pane.DefaultBreakerKeys(),
		Compare:        b([]string{"c"}, "c", "compare two variants"),
		ComparePresets: b([]string{"C"}, "C", "compare breaker presets"),
		LeftPrev:       b([]string{"{"}, "{", "left: previous variant"),
		LeftNext:       b([]string{"}"}, "}", "left: next variant"),
		Swap:           b([]string{"x"}, "x", "swap sides"),
		Preset:         b([]string{"p"}, "p", "right: next breaker preset"),
		PresetLeft:     b([]string{"P"}, "P", "left: next breaker preset"),
		FormDefaults:   b([]string{"ctrl+r"}, "ctrl+r", "scenario's values"),
		Seed:           b([]string{"S"}, "S", "another seed"),
		Write:          b([]string{"w"}, "w", "write the scenario to a file"),
		Fleet:          b([]string{"I"}, "I", "a fleet's instances"),
		FleetScroll:    pane.DefaultFleetKeys(),
		Chaos:          b([]string{"f"}, "f", "chaos: inject a fault now"),
		ReadFile:       b([]string{"R"}, "R", "read the scenario file again"),
		Sweep:          b([]string{"ctrl+s"}, "ctrl+s", "sweep this knob"),
		Map:            mappane.DefaultKeys(),
	}
	return k
}

func (k keyMap) main() playback.HelpKeys {
	short := playback.Short
	return playback.HelpKeys{
		// The one line fits 80 columns up to q, with esc too: what it
		// leaves out is in the full help. "knobs/sweep": the sweep opens
		// from the knob form (ctrl+s), which the line said nowhere.
		Short: []key.Binding{short("space", k.playWord()), short("←/→", "time"), short("[/]", "events"),
			playback.Brief(k.NextVariant, "variant"), playback.Brief(k.Knobs, "knobs/sweep"), playback.Brief(k.Help, "keys"),
			k.WayOut(), short("+/-", "speed"), playback.Brief(k.Compare, "compare")},
		Full: k.fullHelp(),
	}
}

// The help screen lists every key of the screen once, read off the key
// map (fullHelp), so that a key added to the map is listed without a
// second list to keep: the hand-kept one listed "? all keys" inside the
// help it opens, and left out ctrl+s (the sweep), the fleet's scrolling
// and the knob form's keys. Each field goes in a column by its name
// (helpColumn; the rest in the column of tools), in the map's order,
// except the ones helpSkip names, which another key line shows.

// helpColumns are the help table's columns: time, the run, tools, the
// map and the fleet, the knob form.
const (
	colTime = iota
	colRun
	colTools
	colPanes
	colForm
	helpColumnCount
)

// helpColumn places the key map's fields (by their path in keyMap) that
// are not tools.
var helpColumn = map[string]int{
	"Play": colTime, "Step": colTime, "Back": colTime, "NextEvent": colTime, "PrevEvent": colTime,
	"Start": colTime, "End": colTime, "GoTo": colTime,
	"Faster": colRun, "Slower": colRun, "Restart": colRun, "NextVariant": colRun, "PrevVariant": colRun,
	"Variant": colRun, "Seed": colRun,
	"Map.Next": colPanes, "Map.Prev": colPanes, "Map.NextInstance": colPanes, "Map.PrevInstance": colPanes,
	"FleetScroll.Down": colPanes, "FleetScroll.Up": colPanes,
	"FormNext": colForm, "FormPrev": colForm, "FormApply": colForm, "FormCancel": colForm,
	"FormDefaults": colForm, "Sweep": colForm,
}

// helpSkip are the key map's fields the help screen does not list, each
// shown by a key line of its own.
var helpSkip = map[string]string{
	"Help":       "the help is open: its key line says ?/esc close it",
	"HelpClose":  "the help's key line",
	"HelpScroll": "the help's key line",
	"LeftPrev":   "compare mode's, in its help",
	"LeftNext":   "compare mode's, in its help",
	"Swap":       "compare mode's, in its help",
	"Preset":     "compare mode's, in its help",
	"PresetLeft": "compare mode's, in its help",
}

// wayOutFields are the ways out, listed at the end of the tools.
var wayOutFields = []string{"Home", "Leave", "Quit", "Palette"}

// fullHelp is the help screen's table: every enabled binding of the key
// map once (helpBindings), in its column, but the knob form's, which
// formHelp says in a line of their own under the table. A key that acts
// on the fleet's pane says so ("fleet: more instances"): listed with the
// screen's keys, ↓ read as the screen's.
func (k keyMap) fullHelp() [][]key.Binding {
	cols := make([][]key.Binding, helpColumnCount)
	var out []key.Binding
	for _, f := range k.helpBindings() {
		c, ok := helpColumn[f.path]
		if !ok {
			c = colTools
		}
		b := f.b
		switch {
		case c == colForm:
			continue // formHelp
		case strings.HasPrefix(f.path, "FleetScroll."):
			b = playback.Brief(b, "fleet: "+b.Help().Desc)
		case slices.Contains(wayOutFields, f.path):
			out = append(out, b)
			continue
		}
		cols[c] = append(cols[c], b)
	}
	cols[colTools] = append(cols[colTools], out...)
	return slices.DeleteFunc(cols, func(c []key.Binding) bool { return len(c) == 0 })
}

// formHelp says the knob form's keys, the sweep's among them, in a line
// under the table ("Knob form (e): ↓/tab next field · …"): a fifth
// column of them, each "knob form: …", left a 160-column window too
// narrow for the table in one row, and in a paragraph a 160×49 window
// still shows the whole help. The paragraph ends with what typing does to
// a field just entered (kform.KeyHelp), which no key's words say: it
// replaces the value, where it once went on its end.
func (k keyMap) formHelp() string {
	var keys []string
	for _, f := range k.helpBindings() {
		if helpColumn[f.path] == colForm {
			h := f.b.Help()
			keys = append(keys, h.Key+" "+h.Desc)
		}
	}
	return "Knob form (" + k.Knobs.Help().Key + "): " + strings.Join(keys, " · ") + ". " + kform.KeyHelp
}

// fieldBinding is a binding of the key map with its field's path.
type fieldBinding struct {
	path string
	b    key.Binding
}

// helpBindings are the key map's bindings the help lists, in the map's
// order: the fields of type key.Binding, those of the structs it holds
// (playback.Keys, the panes' keys), but not helpSkip's nor a disabled one
// (esc where nothing is behind the screen). Quit is listed as q quit, or,
// where q goes back (Leave), as ctrl+c quit beside q back.
func (k keyMap) helpBindings() []fieldBinding {
	var out []fieldBinding
	var walk func(v reflect.Value, prefix string)
	walk = func(v reflect.Value, prefix string) {
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			path := prefix + f.Name
			if f.Anonymous {
				path = prefix // playback.Keys' fields by their own names
			}
			if _, skip := helpSkip[strings.TrimSuffix(path, ".")]; skip || !f.IsExported() {
				continue
			}
			fv := v.Field(i)
			switch b, ok := fv.Interface().(key.Binding); {
			case ok && path == "Quit":
				if k.Leave.Enabled() {
					b = k.CtrlC()
				}
				out = append(out, fieldBinding{path, b})
			case ok && b.Enabled():
				out = append(out, fieldBinding{path, b})
			case !ok && fv.Kind() == reflect.Struct:
				if f.Anonymous {
					walk(fv, prefix)
				} else {
					walk(fv, path+".")
				}
			}
		}
	}
	walk(reflect.ValueOf(k), "")
	return out
}

// compare is the key help in compare mode: tab and 1-9 pick the right
// side's variant, { and } the left's; [ and ] are events, as everywhere.
func (k keyMap) compare() playback.HelpKeys {
	right := func(b key.Binding, desc string) key.Binding {
		h := b.Help()
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(h.Key, desc))
	}
	short := playback.Short
	// With one variant neither side has another to go to (NextVariant is
	// disabled): "tab/1-9 right • {/} left" offered keys doing nothing.
	sides := []key.Binding{short("tab/1-9", "right"), short("{/}", "left")}
	sidesFull := []key.Binding{right(k.NextVariant, "right: next"), right(k.PrevVariant, "right: back"), right(k.Variant, "right: variant"),
		right(k.LeftNext, "left: next"), right(k.LeftPrev, "left: back")}
	if !k.NextVariant.Enabled() {
		sides, sidesFull = nil, nil
	}
	return playback.HelpKeys{
		Short: append(append([]key.Binding{short("space", k.playWord()), short("←/→", "time")}, sides...),
			short("c", "leave"), short("?", "keys"), k.QuitOrBack(), short("[/]", "events"), short("p/P", "presets"), short("x", "swap")),
		Full: [][]key.Binding{
			{k.Play, k.Step, k.Back, k.NextEvent, k.PrevEvent, k.Start, k.End, k.GoTo, k.Restart, k.Faster, k.Slower, k.Knobs, k.Chaos, k.Seed},
			append(sidesFull, k.Swap),
			{right(k.Preset, "right: preset"), right(k.PresetLeft, "left: preset"), right(k.ComparePresets, "Resilience4j vs Polly"),
				right(k.Compare, "leave compare"), k.QuitOrBack(), k.CtrlC()},
		},
	}
}

// wayBackRoom is the one-line help's keys in w cells inside another
// screen: when the line up to the way out cannot hold them all with its
// words cut to one ("esc/q back"), the event keys give way first (the
// full help lists them). playback.KeyLine keeps the way out and drops the
// keys before it from the end, which cost the sandbox its "e knobs" at 80
// columns.
func (k keyMap) wayBackRoom(h help.Model, keys []key.Binding, w int) []key.Binding {
	if !k.Leave.Enabled() {
		return keys
	}
	h.Width = 0
	way := k.WayOut().Help()
	out := slices.IndexFunc(keys, func(b key.Binding) bool { return b.Help() == way })
	if out < 0 {
		return keys
	}
	line := slices.Clone(keys[:out+1])
	word, _, _ := strings.Cut(way.Desc, " ")
	line[out] = playback.Brief(line[out], word)
	if ansi.StringWidth(" "+h.ShortHelpView(line)) <= w {
		return keys
	}
	return slices.DeleteFunc(slices.Clone(keys), func(b key.Binding) bool { return b.Help().Key == "[/]" })
}

func (k keyMap) form() playback.HelpKeys { return k.FormHelp(k.FormDefaults) }

// playWord is what space does now (playback.PlayWord).
func (k keyMap) playWord() string { return playback.PlayWord(k.atEnd, k.playing) }
