package sandbox

import (
	"slices"
	"strings"

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
		Map:            mappane.DefaultKeys(),
	}
	return k
}

func (k keyMap) main() playback.HelpKeys {
	short := playback.Short
	return playback.HelpKeys{
		// The one line fits 80 columns up to q, with esc too: what it
		// leaves out is in the full help.
		Short: []key.Binding{short("space", k.playWord()), short("←/→", "time"), short("[/]", "events"),
			playback.Brief(k.NextVariant, "variant"), playback.Brief(k.Knobs, "knobs"), playback.Brief(k.Help, "keys"),
			k.wayOut(), short("+/-", "speed"), playback.Brief(k.Compare, "compare")},
		Full: [][]key.Binding{
			{k.Play, k.Step, k.Back, k.NextEvent, k.PrevEvent, k.Start, k.End, k.GoTo},
			{k.Faster, k.Slower, k.Restart, k.NextVariant, k.PrevVariant, k.Variant, k.Seed},
			{k.Knobs, k.Chaos, k.Write, k.Compare, k.ComparePresets, k.Breaker.Next, k.Fleet, k.Help, k.Home, k.Palette, k.QuitOrBack(), k.CtrlC()},
			{k.Map.Next, k.Map.Prev, k.Map.NextInstance, k.Map.PrevInstance},
		},
	}
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
				right(k.Compare, "leave compare"), k.Help, k.QuitOrBack(), k.CtrlC()},
		},
	}
}

// wayOut is the key line's way out. Inside another screen q goes back as
// esc does, and the two are one entry, "esc/q back to the builder", as the
// other screens write it: "esc back • q back" said one thing twice, and
// cost the line a key at 80 columns. On a screen of its own esc does
// nothing (Home is disabled) and q quits.
func (k keyMap) wayOut() key.Binding {
	if !k.Leave.Enabled() || !k.Home.Enabled() {
		return k.QuitOrBack()
	}
	return playback.Bind(append(slices.Clone(k.Home.Keys()), k.Leave.Keys()...),
		k.Home.Help().Key+"/"+k.Leave.Help().Key, k.Home.Help().Desc)
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
	way := k.wayOut().Help()
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
