package shardview

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func newModel(t testing.TB, w, h int, o Options) Model {
	t.Helper()
	if o.Theme == nil {
		o.Theme = tuitest.Plain()
	}
	if o.Seed == 0 {
		o.Seed = tuitest.Seed
	}
	m, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return send(m, tea.WindowSizeMsg{Width: w, Height: h})
}

// The screen's drivers, from tuitest.
var (
	send   = tuitest.Send[Model]
	press  = tuitest.Press[Model]
	keyMsg = tuitest.Key
	seekTo = tuitest.SeekTo[Model]
)

// fresh is what a run that never rewound shows at t on one side.
func fresh(t testing.TB, s Setup, strategy shuffle.Strategy, at time.Duration) shuffle.Snapshot {
	t.Helper()
	sd, err := newSide(s, strategy, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := sd.sim.AdvanceTo(at); err != nil {
		t.Fatal(err)
	}
	return sd.sim.Snapshot()
}

var sizes = [][2]int{{80, 24}, {100, 30}, {160, 48}}

func TestScreenGolden(t *testing.T) {
	for _, sz := range sizes {
		m := newModel(t, sz[0], sz[1], Options{})
		v := m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("screen-start-%dx%d", sz[0], sz[1]), v)

		// 2.5 s: the poisoned customer's first request and its retry have
		// crashed both its workers; the first is restarting.
		m = seekTo(t, m, 2500*time.Millisecond)
		v = m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("screen-poisoned-2.5s-%dx%d", sz[0], sz[1]), v)

		m = press(m, "s", "s") // hash, then overlap-limited
		v = m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("screen-overlap-limited-2.5s-%dx%d", sz[0], sz[1]), v)
	}
}

func TestFormAndHelpGolden(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	golden.Check(t, "form-100x30", press(m, "e").View())
	golden.Check(t, "help-100x30", press(m, "?").View())
}

func TestSmallWindowAsksForMore(t *testing.T) {
	m := newModel(t, 79, 24, Options{})
	v := m.View()
	tuitest.CheckBlock(t, v, 79, 24)
	if !strings.Contains(strings.ReplaceAll(v, "\n", " "), "at least 80×24") {
		t.Errorf("a small window should ask for 80×24:\n%s", v)
	}
}

// Nothing panics and the view always fills the window, whatever its size,
// in every mode of the screen, and with every strategy on the right.
func TestAnySizeFillsTheWindow(t *testing.T) {
	base := seekTo(t, newModel(t, 100, 30, Options{}), 2500*time.Millisecond)
	big := Setup{Workers: 2048, PerCustomer: 4, Customers: 3000, Left: shuffle.StrategyShuffle, Right: shuffle.StrategyOverlapLimited,
		MaxShared: 2, Poisoned: 7, RestartFor: 2 * time.Second}
	modes := map[string]Model{
		"panes":   base,
		"help":    press(base, "?"),
		"form":    press(base, "e"),
		"hash":    press(base, "s"),
		"overlap": press(base, "s", "s"),
		"big":     seekTo(t, newModel(t, 100, 30, Options{Setup: big}), 2500*time.Millisecond),
	}
	sizes := [][2]int{{1, 1}, {2, 1}, {1, 2}, {3, 3}, {200, 60}, {80, 23}, {79, 24}, {80, 24}}
	for w := 1; w <= 200; w += 13 {
		for h := 1; h <= 60; h += 7 {
			sizes = append(sizes, [2]int{w, h})
		}
	}
	for name, m := range modes {
		for _, sz := range sizes {
			v := send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]}).View()
			lines := strings.Split(v, "\n")
			if len(lines) != sz[1] {
				t.Fatalf("%s at %dx%d: %d lines", name, sz[0], sz[1], len(lines))
			}
			for i, l := range lines {
				if ansi.StringWidth(l) > sz[0] {
					t.Fatalf("%s at %dx%d: line %d is %d wide", name, sz[0], sz[1], i, ansi.StringWidth(l))
				}
			}
			if !playback.TooSmall(sz[0], sz[1]) {
				tuitest.CheckBlock(t, v, sz[0], sz[1])
			}
		}
	}
}

// The clock's own rules (frames, stale chains, speeds) are tested in
// tui/internal/playback; here, that the view plays by them.
func TestPlayPauseAndTicks(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	if m.Init() != nil {
		t.Fatal("a paused view must not tick")
	}
	next, cmd := m.Update(keyMsg("space"))
	m = next.(Model)
	if !m.Playing() || cmd == nil {
		t.Fatal("space should start playing and arm a tick")
	}
	start := time.Unix(100, 0)
	next, cmd = m.Update(m.clock.FrameAt(start))
	m = next.(Model)
	if m.Now() != playback.Frame || cmd == nil || !strings.Contains(m.View(), "▶ playing") {
		t.Errorf("a frame should move the view one frame on and arm the next: %v (cmd %v)", m.Now(), cmd != nil)
	}
	next, cmd = m.Update(keyMsg("space"))
	m = next.(Model)
	if m.Playing() || cmd != nil {
		t.Error("space should pause without arming a tick")
	}
	if m := newModel(t, 100, 30, Options{Play: true}); m.Init() == nil {
		t.Error("Options.Play should start ticking")
	}
}

func TestPlayingStopsAtTheEndAndSpaceRestarts(t *testing.T) {
	m := newModel(t, 100, 30, Options{Speed: 100})
	m = press(m, "space")
	at := time.Unix(0, 0)
	for i := 0; m.Playing() && i < 1000; i++ {
		at = at.Add(playback.Frame)
		m = send(m, m.clock.FrameAt(at))
	}
	if m.Playing() || m.Now() != m.Setup().Duration() {
		t.Fatalf("at ×100 the run should stop at its end, paused; got %v, playing %v", m.Now(), m.Playing())
	}
	if !strings.Contains(m.View(), "■ finished") {
		t.Error("the status line should say finished")
	}
	m = press(m, "space")
	if !m.Playing() || m.Now() != 0 {
		t.Errorf("space at the end should restart and play; got %v, playing %v", m.Now(), m.Playing())
	}
}

func TestStepAndRewindAreExact(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = press(m, "right", ".", "right")
	if m.Now() != 300*time.Millisecond {
		t.Fatalf("three steps: %v", m.Now())
	}
	m = seekTo(t, m, 9*time.Second)
	m = press(m, "left", ",")
	if m.Now() != 8800*time.Millisecond {
		t.Fatalf("two steps back from 9 s: %v", m.Now())
	}
	s := m.Setup()
	for i, st := range []shuffle.Strategy{s.Left, s.Right} {
		if got, want := m.Snapshots()[i], fresh(t, s, st, 8800*time.Millisecond); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: stepping back does not show what a fresh run shows at 8.8 s", st)
		}
	}
	// The history over time is the fresh run's too, up to 8.8 s.
	for i, st := range []shuffle.Strategy{s.Left, s.Right} {
		sd, _ := newSide(s, st, tuitest.Seed)
		if err := sd.advance(8800*time.Millisecond, nil); err != nil {
			t.Fatal(err)
		}
		if got := m.run.sides[i].history(m.Now()); !reflect.DeepEqual(got, sd.hist) {
			t.Errorf("%s: the history after a step back differs from a fresh run's (%d against %d steps)", st, len(got), len(sd.hist))
		}
	}
	// Back past the cached steps: a replay.
	m.run.steps = nil
	m = press(m, "left")
	if got, want := m.Snapshots()[1], fresh(t, s, s.Right, 8700*time.Millisecond); !reflect.DeepEqual(got, want) {
		t.Error("a replayed step back differs from a fresh run")
	}
	m = press(m, "r", "left")
	if m.Now() != 0 {
		t.Errorf("back from 0: %v", m.Now())
	}
	m = press(m, "space", "right")
	if m.Playing() {
		t.Error("a step should pause")
	}
}

func TestKeysThatArriveTogether(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("...+")})
	if m.Now() != 300*time.Millisecond || m.Speed() != 2 {
		t.Errorf("\"...+\" in one message: at %v, speed %v", m.Now(), m.Speed())
	}
}

func TestSpeed(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = press(m, "+", "=")
	if m.Speed() != 5 {
		t.Errorf("two steps up from ×1: %v", m.Speed())
	}
	for range 20 {
		m = press(m, "+")
	}
	if m.Speed() != 100 {
		t.Errorf("the top speed is %v", m.Speed())
	}
	for range 20 {
		m = press(m, "-", "_")
	}
	if m.Speed() != 0.1 || !strings.Contains(m.View(), "×0.1") {
		t.Errorf("the bottom speed is %v", m.Speed())
	}
}

func TestRestart(t *testing.T) {
	m := seekTo(t, newModel(t, 100, 30, Options{}), 3*time.Second)
	if m = press(m, "r"); m.Now() != 0 {
		t.Errorf("r: %v", m.Now())
	}
}

// At 2.5 s every worker of the poisoned customer is down on both sides, so
// the counts are the static count of the same shards, and the expectation
// beside them is the exact odds'.
func TestCountsMatchTheStaticPoisonAndTheOdds(t *testing.T) {
	m := seekTo(t, newModel(t, 100, 30, Options{}), 2500*time.Millisecond)
	for i, sd := range m.run.sides {
		a := sd.sim.Assignment()
		out, err := shuffle.Poison(a, 0)
		if err != nil {
			t.Fatal(err)
		}
		now := m.Snapshots()[i].Now
		if now.Lost != out.Lost || now.Degraded != out.Degraded {
			t.Errorf("%s: now %+v, static %+v", sd.strategy, now, out)
		}
		want, _ := shuffle.Expected(a, 0)
		if sd.expect != want {
			t.Errorf("%s: expectation %+v, want %+v", sd.strategy, sd.expect, want)
		}
	}
	v := m.View()
	for _, want := range []string{"249.0", "35.7", "428.1", "1 in 28", "3/7", "15/28"} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q", want)
		}
	}
	// Plain sharding loses exactly the poisoned shard's customers.
	if got := m.Snapshots()[0].Now.Lost; got != 249 {
		t.Errorf("plain sharding lost %d, want 249", got)
	}
}

func TestStrategyKeyCyclesTheRightSide(t *testing.T) {
	m := seekTo(t, newModel(t, 100, 30, Options{}), 2500*time.Millisecond)
	want := []shuffle.Strategy{shuffle.StrategyHash, shuffle.StrategyOverlapLimited, shuffle.StrategyPlain, shuffle.StrategyShuffle}
	for _, st := range want {
		m = press(m, "s")
		if m.Setup().Right != st || m.Now() != 2500*time.Millisecond {
			t.Fatalf("s: right is %s at %v, want %s at 2.5 s", m.Setup().Right, m.Now(), st)
		}
		if st == shuffle.StrategyOverlapLimited && !strings.Contains(m.View(), "room for only 28") {
			t.Errorf("overlap-limited on 8 workers in pairs should say only 28 customers fit:\n%s", m.View())
		}
	}
	if m.edited {
		t.Error("back at plain vs shuffle the run is the default one")
	}
	// A fleet where overlap-limited cannot run at all is skipped, with why.
	s := DefaultSetup()
	s.Workers, s.PerCustomer, s.MaxShared, s.Poisoned = 4, 2, 0, 3
	m = newModel(t, 100, 30, Options{Setup: s})
	m = press(m, "s", "s")
	if m.Setup().Right != shuffle.StrategyPlain || !strings.Contains(m.note, "overlap-limited skipped") {
		t.Errorf("overlap-limited should be skipped: right %s, note %q", m.Setup().Right, m.note)
	}
}

func TestKnobFormAppliesOnTheSameSeed(t *testing.T) {
	m := seekTo(t, newModel(t, 100, 30, Options{}), 2500*time.Millisecond)
	m = press(m, "e")
	if m.form == nil {
		t.Fatal("e should open the form")
	}
	for _, want := range []string{"workers", "workers per customer", "customers", "left", "right", "most shared", "poisoned customer", "restart takes"} {
		if !strings.Contains(m.View(), want) {
			t.Errorf("the form lacks %q", want)
		}
	}
	set := func(m Model, label, value string) Model {
		for m.form.knobs[m.form.focus].label != label {
			m = press(m, "down")
		}
		m = press(m, "ctrl+u")
		return send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(value)})
	}
	m = set(m, "workers", "16")
	m = set(m, "workers per customer", "4")
	m = set(m, "right", "random")
	m = set(m, "poisoned customer", "5")
	m = press(m, "enter")
	if m.form != nil {
		t.Fatalf("valid values should close the form: %s", m.form.err)
	}
	s := m.Setup()
	if s.Workers != 16 || s.PerCustomer != 4 || s.Right != shuffle.StrategyShuffle || s.Poisoned != 5 || m.Now() != 2500*time.Millisecond {
		t.Fatalf("not applied: %+v at %v", s, m.Now())
	}
	if !reflect.DeepEqual(m.Snapshots()[1], fresh(t, s, s.Right, 2500*time.Millisecond)) {
		t.Error("the new setting is not the fresh run on the same seed")
	}
	v := m.View()
	for _, want := range []string{"knobs applied", "1,820", "1 in 1,820", "16 workers"} {
		if !strings.Contains(v, want) {
			t.Errorf("after the change the screen lacks %q", want)
		}
	}
	if !strings.Contains(press(m, "+").View(), "(edited)") {
		t.Error("the status line should mark the run as edited")
	}
	// ctrl+r puts the reference's values back; enter runs them.
	m = press(m, "e", "ctrl+r", "enter")
	if m.Setup() != DefaultSetup() || m.edited {
		t.Errorf("ctrl+r then enter should give the default setup, got %+v", m.Setup())
	}
}

func TestKnobFormRefusesBadValuesInline(t *testing.T) {
	m := seekTo(t, newModel(t, 100, 30, Options{}), 2500*time.Millisecond)
	before := m.Snapshots()
	m = press(m, "e")
	focus := func(m Model, label string) Model {
		for m.form.knobs[m.form.focus].label != label {
			m = press(m, "tab")
		}
		return press(m, "ctrl+u")
	}
	cases := []struct {
		label, value, field, form string
	}{
		{"workers", "x", "a whole number, 2 to 2,048", ""},
		{"workers", "1", "refused", "workers must be from 2 to 2,048"},
		{"workers", "9", "refused", "plain sharding needs the workers (9) to be a multiple"},
		{"customers", "20000", "refused", "customers must be from 2 to 10,000"},
		{"right", "roulette", "plain, shuffle, random, hash or overlap-limited", ""},
		{"poisoned customer", "1000", "refused", "the poisoned customer must be from 0 to 999"},
		{"restart takes", "2h", "a time from 0 to 60 s", ""},
		// A bare number is refused, as in every knob form: 5 meant 5 s or 5 ms?
		{"restart takes", "5", "5s or 5ms, not 5 alone", ""},
	}
	for _, c := range cases {
		m = press(m, "esc", "e")
		m = focus(m, c.label)
		m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(c.value)}, keyMsg("enter"))
		if m.form == nil {
			t.Fatalf("%s = %s should be refused", c.label, c.value)
		}
		k := m.form.knobs[m.form.focus]
		if !strings.Contains(k.err, c.field) || !strings.Contains(m.form.err, c.form) {
			t.Errorf("%s = %s: field says %q, form says %q", c.label, c.value, k.err, m.form.err)
		}
		if !strings.Contains(m.View(), "✗") {
			t.Errorf("%s = %s: the refusal should show", c.label, c.value)
		}
	}
	// Overlap-limited with the poisoned customer beyond those that fit.
	m = press(m, "esc", "e")
	m = focus(m, "right")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("overlap")})
	m = focus(m, "poisoned customer")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("100")}, keyMsg("enter"))
	if m.form == nil || !strings.Contains(m.form.err, "only customers 0 to 27 fit") {
		t.Errorf("poisoned 100 with overlap-limited should be refused, got %v", m.form)
	}
	m = press(m, "esc")
	if m.form != nil || !reflect.DeepEqual(m.Snapshots(), before) || m.edited {
		t.Error("esc should close the form and keep the run")
	}
}

// At 80×24 the help does not fit: it scrolls to its last paragraph.
func TestHelpScrollsWhenItDoesNotFit(t *testing.T) {
	m := press(newModel(t, 80, 24, Options{}), "?")
	v := m.View()
	last := "Rewinding replays the same seed"
	if !strings.Contains(v, "lines 1–") || !strings.Contains(v, "↑/↓ scroll") || strings.Contains(v, last) {
		t.Fatalf("an overflowing help should say it scrolls, and hide its end:\n%s", v)
	}
	end := press(m, "pgdown", "pgdown", "pgdown", "pgdown")
	golden.Check(t, "help-80x24-end", end.View())
	if v := end.View(); !strings.Contains(v, last) || !strings.Contains(v, "· the end") {
		t.Errorf("paging down should reach the last paragraph:\n%s", v)
	}
	if v := press(end, "g").View(); !strings.Contains(v, "lines 1–") {
		t.Errorf("g should go back to the top:\n%s", v)
	}
}

func TestHelpQuitAndHome(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = press(m, "?")
	if !m.showHelp || !strings.Contains(m.View(), "What the screen shows") {
		t.Fatal("? should show the full help")
	}
	if m = press(m, "?"); m.showHelp {
		t.Fatal("? again should close it")
	}
	if m = press(m, "?", "esc"); m.showHelp {
		t.Fatal("esc should close the help")
	}
	for _, k := range []string{"q", "ctrl+c"} {
		_, cmd := m.Update(keyMsg(k))
		if cmd == nil {
			t.Fatalf("%s returned no command", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Errorf("%s should quit", k)
		}
	}
	if _, cmd := m.Update(keyMsg("esc")); cmd != nil {
		t.Error("esc without a home screen should do nothing")
	}
	m = newModel(t, 100, 30, Options{CanGoHome: true})
	_, cmd := m.Update(keyMsg("esc"))
	if cmd == nil {
		t.Fatal("esc should go home")
	}
	if _, ok := cmd().(BackMsg); !ok {
		t.Error("esc should send BackMsg")
	}
}

func TestNoColorKeepsMeaning(t *testing.T) {
	m := seekTo(t, newModel(t, 100, 30, Options{}), 2500*time.Millisecond)
	v := m.View()
	if v != ansi.Strip(v) {
		t.Fatal("the plain theme should emit no escape codes")
	}
	for _, want := range []string{"[0↻]", "[1✗]", " 2● ", "none", "some", "all", "poisoned", "⏸ paused"} {
		if !strings.Contains(v, want) {
			t.Errorf("without colour the screen still needs %q", want)
		}
	}
	// In colour the layout is the same.
	c := seekTo(t, newModel(t, 100, 30, Options{Theme: tuitest.Color()}), 2500*time.Millisecond)
	if cv := c.View(); cv == v || ansi.Strip(cv) != v {
		t.Error("colour should add escape codes and change nothing else")
	}
}

func TestNewRefusesABadSetup(t *testing.T) {
	s := DefaultSetup()
	s.Workers = 7
	if _, err := New(Options{Setup: s}); err == nil || !strings.Contains(err.Error(), "multiple") {
		t.Errorf("7 workers in plain pairs: %v", err)
	}
	s = DefaultSetup()
	s.Customers = 1
	if _, err := New(Options{Setup: s}); err == nil || !strings.Contains(err.Error(), "customers must be from 2") {
		t.Errorf("1 customer: %v", err)
	}
}

// At 160×48 each side charts its customers over time: plain sharding's
// lost quarter as a solid bar, shuffle sharding's degraded ones above a
// thin lost line.
func TestChartOverTime(t *testing.T) {
	m := seekTo(t, newModel(t, 160, 48, Options{}), 10*time.Second)
	v := m.View()
	if !strings.Contains(v, "over time: █ lost  ▒ degraded, of the 999 others") {
		t.Fatalf("no chart at 160×48:\n%s", v)
	}
	var plainBars, shuffleDegraded bool
	for _, l := range strings.Split(v, "\n") {
		half := []rune(l)
		if len(half) < 160 {
			continue
		}
		left, right := string(half[:80]), string(half[80:])
		plainBars = plainBars || strings.Contains(left, "██████████")
		shuffleDegraded = shuffleDegraded || strings.Contains(right, "▒▒▒▒▒▒▒▒▒▒")
	}
	if !plainBars || !shuffleDegraded {
		t.Errorf("plain should show lost bars (%v), shuffle degraded ones (%v):\n%s", plainBars, shuffleDegraded, v)
	}
	if strings.Contains(newModel(t, 100, 30, Options{}).View(), "over time") {
		t.Error("at 100×30 the customers need the room: no chart")
	}
}

// Space says what it does now: pause while the run plays.
func TestTheKeyLineSaysPauseWhilePlaying(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	bar := func() string {
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		return lines[len(lines)-1]
	}
	if !strings.Contains(bar(), "space play") {
		t.Fatalf("paused: %q", bar())
	}
	m = press(m, "space")
	if !strings.Contains(bar(), "space pause") {
		t.Errorf("playing: %q; want space pause", bar())
	}
}
