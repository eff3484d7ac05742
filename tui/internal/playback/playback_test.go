package playback

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// line is a Timeline of 10 s that may refuse to move.
type line struct {
	at, end  time.Duration
	seeks    []time.Duration
	restarts int
	fail     error
}

func (l *line) Now() time.Duration { return l.at }
func (l *line) End() time.Duration { return l.end }
func (l *line) Seek(t time.Duration) error {
	l.seeks = append(l.seeks, t)
	if l.fail != nil {
		return l.fail
	}
	l.at = min(max(t, 0), l.end)
	return nil
}
func (l *line) Restart() error { l.restarts++; l.at = 0; return nil }

func newLine() *line { return &line{end: 10 * time.Second} }

func TestNewClockPicksTheSpeed(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{{0, 1}, {-3, 1}, {1, 1}, {5, 5}, {7, 5}, {0.05, 1}, {0.1, 0.1}, {1000, 100}} {
		if got := NewClock(c.in, false).Speed(); got != c.want {
			t.Errorf("NewClock(%v).Speed() = %v, want %v", c.in, got, c.want)
		}
	}
	c := NewClock(1, false)
	for range 20 {
		c.Faster()
	}
	if c.Speed() != 100 {
		t.Errorf("faster stops at 100×, got %v", c.Speed())
	}
	for range 20 {
		c.Slower()
	}
	if c.Speed() != 0.1 {
		t.Errorf("slower stops at 0.1×, got %v", c.Speed())
	}
}

func TestTicksMoveTheTimelineOnlyWhileLive(t *testing.T) {
	l := newLine()
	c := NewClock(2, false)
	if c.Init() != nil {
		t.Fatal("a paused clock must not tick")
	}
	if c.Play(true) == nil || !c.Playing() {
		t.Fatal("Play(true) should start the clock and arm a tick")
	}
	start := time.Unix(100, 0)
	next, live, err := c.OnTick(c.FrameAt(start), l)
	if !live || err != nil || next == nil || l.at != 2*Frame {
		t.Fatalf("the first frame moves one frame at 2×: at %v, live %v, err %v, next %v", l.at, live, err, next != nil)
	}
	c.OnTick(c.FrameAt(start.Add(50*time.Millisecond)), l)
	if l.at != 2*Frame+100*time.Millisecond {
		t.Errorf("a frame 50 ms later moves 100 ms at 2×: at %v", l.at)
	}
	// The program's own tick (Tick's, not FrameAt's) an hour late: a
	// stalled terminal.
	c.OnTick(TickMsg{clock: c.tok, id: c.id, at: start.Add(time.Hour)}, l)
	if l.at != 2*Frame+100*time.Millisecond+2*longestFrame {
		t.Errorf("a stalled program's frame is capped: at %v", l.at)
	}
	// A tick of a chain that a pause ended, or of another clock, is stale.
	stale := c.FrameAt(start.Add(2 * time.Hour))
	c.Play(false)
	c.Play(true)
	other := NewClock(1, true)
	before := l.at
	for _, msg := range []TickMsg{stale, other.FrameAt(start.Add(3 * time.Hour))} {
		if next, live, _ := c.OnTick(msg, l); live || next != nil || l.at != before {
			t.Errorf("a stale tick moved the timeline to %v (live %v)", l.at, live)
		}
	}
	if c.Play(false) != nil || c.Playing() {
		t.Error("Play(false) stops without a tick")
	}
	if _, live, _ := c.OnTick(c.FrameAt(start), l); live {
		t.Error("a paused clock takes no tick")
	}
}

// A driver's frames (a recording's, FrameAt) cover the whole time between
// them at the clock's speed, however far apart: a recording at 1 frame a
// second and ×10 moves 10 s a frame, as its status line says, where the
// live program's cap of 250 ms would have moved it 2.5 s.
func TestDrivenFramesAreNotCapped(t *testing.T) {
	for _, period := range []time.Duration{time.Second, time.Second / 2, time.Second / 3, time.Second / 4, time.Second / 30} {
		l := &line{end: time.Hour}
		c := NewClock(10, true)
		at := time.Unix(0, 0)
		c.OnTick(c.FrameAt(at), l) // the first frame: one Frame, as live
		first := l.at
		for i := 1; i <= 5; i++ {
			before := l.at
			c.OnTick(c.FrameAt(at.Add(time.Duration(i)*period)), l)
			if got, want := l.at-before, 10*period; got != want {
				t.Errorf("a frame %v after the last at ×10 moved %v, want %v", period, got, want)
			}
		}
		if l.at != first+50*period {
			t.Errorf("period %v: at %v after five frames, want %v", period, l.at, first+50*period)
		}
	}
}

// A driver's Start moves nothing, and the frames after it count from its
// wall time: at ×10, the frame 1/60 s after the start shows 1/6 s, as does
// every later one 1/60 s on. Without it the first frame moved one Frame
// (1/30 s, 1/3 s at ×10), past the frame a recording at 60 frames a
// second wanted to show, and a recording had to read where the clock stood
// and time its frames around it.
func TestAStartMovesNothingAndTheFramesCountFromIt(t *testing.T) {
	l := &line{end: time.Hour}
	c := NewClock(10, true)
	origin := time.Unix(0, 0)
	next, live, err := c.OnTick(c.FrameAt(origin).Start().(TickMsg), l)
	if !live || err != nil || next == nil || l.at != 0 || len(l.seeks) != 0 || !c.Playing() {
		t.Fatalf("a start: at %v after seeks %v, live %v, err %v, next %v, playing %v; want nothing moved, still playing", l.at, l.seeks, live, err, next != nil, c.Playing())
	}
	for i := 1; i <= 6; i++ {
		at := time.Duration(i) * time.Second / 60
		c.OnTick(c.FrameAt(origin.Add(at)), l)
		if want := 10 * at; l.at < want-time.Microsecond || l.at > want+time.Microsecond {
			t.Fatalf("the frame %v after the start shows %v, want %v (×10)", at, l.at, want)
		}
	}
	// Counted from the start, a frame's time is one product, not a sum
	// of one a frame: at ×0.5 and 30 frames a second each frame's 1/60 s
	// is cut to whole nanoseconds, and 1,800 frames summed fell 900 ns
	// short of 30 s, which a recording showed as one frame more.
	l, c = &line{end: time.Hour}, NewClock(0.5, true)
	c.OnTick(c.FrameAt(origin).Start().(TickMsg), l)
	for i := 1; i <= 1800; i++ {
		c.OnTick(c.FrameAt(origin.Add(time.Duration(i)*time.Second/30)), l)
	}
	if l.at != 30*time.Second {
		t.Errorf("1,800 frames at 30 a second and ×0.5 show %v, want 30s", l.at)
	}
	// A speed changed, or the timeline moved by something else, counts
	// on from the last frame.
	last := origin.Add(time.Minute)
	c.Faster() // ×1
	c.OnTick(c.FrameAt(last.Add(time.Second)), l)
	if l.at != 31*time.Second {
		t.Errorf("a second at ×1 after a change of speed: at %v, want 31s", l.at)
	}
	l.at = 5 * time.Second
	c.OnTick(c.FrameAt(last.Add(2*time.Second)), l)
	if l.at != 6*time.Second {
		t.Errorf("a second at ×1 after a move to 5 s: at %v, want 6s", l.at)
	}
	// A start of a stale chain, or of another clock, is as stale as its
	// frame.
	stale := c.FrameAt(origin).Start().(TickMsg)
	c.Play(false)
	c.Play(true)
	if _, live, _ := c.OnTick(stale, l); live {
		t.Error("a stale start was taken")
	}
}

func TestTicksStopAtTheEndAndAtAnError(t *testing.T) {
	l := newLine()
	c := NewClock(100, true)
	at := time.Unix(0, 0)
	for i := 0; c.Playing() && i < 1000; i++ {
		at = at.Add(Frame)
		c.OnTick(c.FrameAt(at), l)
	}
	if c.Playing() || l.at != l.end {
		t.Fatalf("the clock should stop at the end: at %v, playing %v", l.at, c.Playing())
	}
	l = newLine()
	l.fail = errors.New("no")
	c = NewClock(1, true)
	next, live, err := c.OnTick(c.FrameAt(at), l)
	if !live || err == nil || next != nil || c.Playing() {
		t.Errorf("an error stops the clock and is returned: err %v, playing %v", err, c.Playing())
	}
}

func TestTimeKeys(t *testing.T) {
	keys := NewKeys(false)
	press := func(c *Clock, l *line, k string) (bool, tea.Cmd, error) {
		ok, cmd, _, err := c.Key(tuitest.Key(k), keys, l)
		return ok, cmd, err
	}
	l := newLine()
	c := NewClock(1, false)
	for _, k := range []string{"right", ".", "right"} {
		press(&c, l, k)
	}
	if l.at != 300*time.Millisecond {
		t.Fatalf("three steps: %v", l.at)
	}
	l.at = 1215 * time.Millisecond // off the 100 ms grid
	press(&c, l, "left")
	if l.at != 1200*time.Millisecond {
		t.Errorf("back from off the grid lands on it: %v", l.at)
	}
	press(&c, l, ",")
	if l.at != 1100*time.Millisecond {
		t.Errorf("back from on the grid goes a step: %v", l.at)
	}
	if ok, cmd, _ := press(&c, l, "space"); !ok || cmd == nil || !c.Playing() {
		t.Error("space plays")
	}
	if press(&c, l, "right"); c.Playing() {
		t.Error("a step pauses")
	}
	press(&c, l, "+")
	press(&c, l, "=")
	if c.Speed() != 5 {
		t.Errorf("+ and = go faster: %v", c.Speed())
	}
	press(&c, l, "-")
	press(&c, l, "_")
	if c.Speed() != 1 {
		t.Errorf("- and _ go slower: %v", c.Speed())
	}
	press(&c, l, "r")
	if l.at != 0 || l.restarts != 1 {
		t.Errorf("r restarts: at %v, %d restarts", l.at, l.restarts)
	}
	// At the end, space starts again from the top.
	l.at = l.end
	if press(&c, l, "space"); l.at != 0 || !c.Playing() {
		t.Errorf("space at the end restarts and plays: at %v, playing %v", l.at, c.Playing())
	}
	if ok, cmd, err := press(&c, l, "x"); ok || cmd != nil || err != nil {
		t.Error("x is no time key")
	}
	l.fail = errors.New("refused")
	if _, _, err := press(&c, l, "right"); err == nil {
		t.Error("a timeline's error is returned")
	}
}

func TestHelpKeyQuitsClosesOrScrolls(t *testing.T) {
	keys := NewKeys(false)
	h := helpview.New(keys.HelpScroll)
	h.SetContent(make([]string, 40), 40, 12)
	for _, c := range []struct {
		key  string
		open bool
		quit bool
	}{{"down", true, false}, {"?", false, false}, {"esc", false, false}, {"q", true, true}, {"ctrl+c", true, true}} {
		open, cmd := keys.HelpKey(tuitest.Key(c.key), &h)
		quit := false
		if cmd != nil {
			_, quit = cmd().(tea.QuitMsg)
		}
		if open != c.open || quit != c.quit {
			t.Errorf("%s: open %v, quit %v; want %v, %v", c.key, open, quit, c.open, c.quit)
		}
	}
	if v := strings.Join(h.View(tuitest.Plain(), "Keys"), "\n"); !strings.Contains(v, "lines 2–") {
		t.Errorf("down should have scrolled the help:\n%s", v)
	}
}

func TestHomeOnlyWhenEmbedded(t *testing.T) {
	if NewKeys(false).Home.Enabled() || !NewKeys(true).Home.Enabled() {
		t.Error("esc goes home only inside the home screen")
	}
}

func TestSideBySideAndSmallView(t *testing.T) {
	got := SideBySide([]string{"title"}, "a1\na2", "b1", 3)
	if strings.Join(got, "|") != "title|a1b1|a2|" {
		t.Errorf("SideBySide = %q", got)
	}
	for _, sz := range [][2]int{{1, 1}, {10, 3}, {79, 24}, {40, 10}} {
		v := Keys{}.SmallView(sz[0], sz[1])
		tuitest.CheckBlock(t, v, sz[0], sz[1])
	}
	if v := (Keys{}).SmallView(79, 24); !strings.Contains(strings.ReplaceAll(v, "\n", " "), "at least 80×24") {
		t.Errorf("the notice should ask for 80×24:\n%s", v)
	}
	if !TooSmall(79, 24) || !TooSmall(80, 23) || TooSmall(80, 24) {
		t.Error("TooSmall is below 80×24")
	}
}

func TestChromeRedrawsOnlyWhenItsKeyChanges(t *testing.T) {
	var c Chrome
	draws := 0
	draw := func() string { draws++; return "title" }
	for _, k := range []string{"a", "a", "b", "b", "a"} {
		c.Title(k, draw)
	}
	if draws != 3 {
		t.Errorf("%d draws for keys a a b b a, want 3", draws)
	}
}

// echo records the single keys it was handed; "e" opens a form.
type echo struct {
	got  []string
	form bool
}

func (e echo) Init() tea.Cmd { return nil }
func (e echo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	k := msg.(tea.KeyMsg)
	e.got = append(e.got, k.String())
	e.form = e.form || k.String() == "e"
	return e, nil
}
func (e echo) View() string { return "" }

func TestEachRuneSplitsUntilAFormOpens(t *testing.T) {
	formOpen := func(m tea.Model) bool { return m.(echo).form }
	// The keys after the one that opened the form are its text, together:
	// ":12s" typed in one burst goes to the time prompt whole.
	next, _, ok := EachRune(echo{}, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("+.e12")}, formOpen)
	if got := strings.Join(next.(echo).got, ","); !ok || got != "+,.,e,12" {
		t.Errorf("keys handed on: %q (ok %v), want +,.,e,12", got, ok)
	}
	for _, k := range []tea.KeyMsg{
		{Type: tea.KeyRunes, Runes: []rune("+")},
		{Type: tea.KeyRunes, Runes: []rune("ab"), Paste: true},
		{Type: tea.KeyRunes, Runes: []rune("ab"), Alt: true},
		{Type: tea.KeyEnter},
	} {
		if _, _, ok := EachRune(echo{}, k, formOpen); ok {
			t.Errorf("%q should not be split", k.String())
		}
	}
}

func TestPlayWord(t *testing.T) {
	for _, c := range []struct {
		atEnd, playing bool
		want           string
	}{{false, false, "play"}, {false, true, "pause"}, {true, false, "replay"}, {true, true, "replay"}} {
		if got := PlayWord(c.atEnd, c.playing); got != c.want {
			t.Errorf("PlayWord(end %v, playing %v) = %q, want %q", c.atEnd, c.playing, got, c.want)
		}
	}
}
