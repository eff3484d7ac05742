// Package playback is what the sandbox, the shard view and the lesson
// player share about playing a simulation in time: the clock that maps wall
// time to virtual time at a speed and re-arms its frame ticks only while
// playing; the keys that play, pause, step, rewind, change speed and
// restart, and the seek keys (] and [ to the next and previous event, g and
// G to the start and the end, : or t to a typed time, seek.go) with the
// one-line prompt they and other questions use (prompt.go); the mouse's
// clicks on a time axis and its wheel (mouse.go); the bindings every
// screen's key map starts from, so a key means one thing everywhere; and
// the few layout helpers of screens built the same way (two panes side by
// side, the notice for a window below 80×24, keys typed faster than they
// were read, a key line that never ends in a cut word).
//
// A screen keeps a Clock in its model and hands it the run as a Timeline;
// the Clock never reaches into the run. Nothing here is global: a tick
// message names the clock it belongs to, so a stale tick from a screen
// that was closed cannot drive another.
//
// It imports the engine (to list a run's events: its transitions, faults
// and kills at the memory limit), engine/report (a transition's time as
// `breakerlab run` writes it), tui/pane (Block, Wrap, Fit, Typable, the
// time formats), tui/chart (SpanUnit: a long run's notes read in its axes'
// unit), tui/theme, tui/internal/helpview (the help's keys), bubbletea,
// bubbles (key, help) and x/ansi; it does no I/O.
package playback

import (
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Frame is the animation's period: about 30 frames a second.
const Frame = time.Second / 30

// Step is how far → and ← move virtual time.
const Step = 100 * time.Millisecond

// Speeds are the speed factors + and - step through, from 0.1× to 100×
// real time.
var Speeds = [...]float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100}

// longestFrame caps the wall time one frame of the live program may
// cover, so that a program that stalled (a suspended terminal) does not
// leap ahead. Frames a driver hands in with FrameAt (a recording's, one
// period of its frame rate apart) are not capped: nothing stalls there,
// and a recording at 1 to 3 frames a second has periods past it.
const longestFrame = 250 * time.Millisecond

// Timeline is the run a clock moves: where it is, where it ends, and how to
// move it.
type Timeline interface {
	Now() time.Duration
	End() time.Duration
	Seek(t time.Duration) error
	Restart() error
}

// token tells one clock's ticks from another's.
type token struct{ _ byte }

// TickMsg is one animation frame of one clock's current chain of ticks.
type TickMsg struct {
	clock *token
	id    int
	at    time.Time
	// driven: made by FrameAt for a driver that sets the frames' times
	// itself (a recording), rather than by the program's timer.
	driven bool
	// start: a driver's first tick (Start), which moves nothing.
	start bool
}

// Start is a driven tick (FrameAt's) made the first of its chain: the clock
// moves nothing and counts the driven frames after it from its wall time,
// so that a driver's frame d after it shows d × the speed on, the first
// one included. Without it a chain's first tick moves one Frame, the wall
// time a program's first tick waits for, whatever the driver's period.
func (t TickMsg) Start() tea.Msg {
	t.start = true
	return t
}

// Clock plays a timeline: playing or paused, at a speed, with the chain of
// ticks that drives it. Copies share the identity of their ticks, as the
// copies of a bubbletea model do.
type Clock struct {
	tok      *token
	playing  bool
	speedIdx int
	id       int       // the live chain of ticks; older ones are stale
	last     time.Time // the last tick's wall time, zero after a (re)start
	// from is where a driver's Start set the count of the driven frames
	// after it; zero on a chain without one.
	from origin
	// held: paused by Hold while the window was too small, to play again
	// once it is not.
	held bool
}

// origin is a point a driven chain counts its frames from: a frame at
// wall time w shows at + (w − wall) × the speed, one product from it, not
// the sum of one a frame, which would drift by a rounding each. left is
// where the last frame left the timeline: a timeline moved since (a key,
// a click), or a speed changed since, moves the origin to the last frame.
type origin struct {
	set      bool
	wall     time.Time
	at, left time.Duration
	speedIdx int
}

// Hold pauses a playing clock while the window is too small to draw the
// run (small), and plays it again when the window is large enough, if Hold
// paused it. Playing on behind the "needs a larger window" message let a
// run reach its end unseen; a learner who did not press pause expects it
// to go on from where it stopped, as it was, when the window comes back,
// rather than find it paused (or finished). It returns the first tick of
// the resumed play, or nil.
func (c *Clock) Hold(small bool) tea.Cmd {
	switch {
	case small && c.playing:
		c.Play(false)
		c.held = true
	case !small && c.held:
		return c.Play(true)
	}
	return nil
}

// NewClock starts at the fastest of the speeds not above speed (1× when
// speed is zero or below), playing or not.
func NewClock(speed float64, play bool) Clock {
	c := Clock{tok: &token{}, playing: play, speedIdx: 3}
	if speed > 0 {
		for i, f := range Speeds {
			if f <= speed {
				c.speedIdx = i
			}
		}
	}
	return c
}

// Playing reports whether the clock runs.
func (c Clock) Playing() bool { return c.playing }

// Speed is the speed factor: virtual seconds per real second.
func (c Clock) Speed() float64 { return Speeds[c.speedIdx] }

// Faster steps the speed up through Speeds, stopping at the fastest.
func (c *Clock) Faster() { c.speedIdx = min(c.speedIdx+1, len(Speeds)-1) }

// Slower steps the speed down through Speeds, stopping at the slowest.
func (c *Clock) Slower() { c.speedIdx = max(c.speedIdx-1, 0) }

// Tick is the command that sends the next frame of the live chain.
func (c Clock) Tick() tea.Cmd {
	tok, id := c.tok, c.id
	return tea.Tick(Frame, func(t time.Time) tea.Msg { return TickMsg{clock: tok, id: id, at: t} })
}

// Init is the command a screen's Init returns: the first tick when the
// clock starts playing, else none.
func (c Clock) Init() tea.Cmd {
	if c.playing {
		return c.Tick()
	}
	return nil
}

// Play starts or stops the clock. Starting begins a new chain of ticks and
// returns its first; stopping leaves the old chain stale.
func (c *Clock) Play(on bool) tea.Cmd {
	c.held = false // a play or a pause of the learner's own outlasts Hold's
	if on == c.playing {
		return nil
	}
	c.playing = on
	c.id++
	c.last, c.from = time.Time{}, origin{}
	if on {
		return c.Tick()
	}
	return nil
}

// FrameAt is the live chain's tick at wall time at, for a driver that
// moves the clock frame by frame without waiting for the wall clock (a
// recording, tests, benchmarks): such a frame covers the whole time since
// the one before, however long, where the program's own ticks are capped
// at longestFrame. A driver that sets where its frames count from starts
// the chain with FrameAt(origin).Start().
func (c Clock) FrameAt(at time.Time) TickMsg {
	return TickMsg{clock: c.tok, id: c.id, at: at, driven: true}
}

// OnTick moves t on by the wall time since the last frame times the speed
// (nothing for a Start; a driven frame after one, by the wall time since
// the Start), stopping at the end or at an error, and returns the next
// tick while the clock still plays. live is false for a tick of another
// clock or a stale chain: nothing moved, and the screen has nothing to
// redraw.
func (c *Clock) OnTick(msg TickMsg, t Timeline) (next tea.Cmd, live bool, err error) {
	if !c.playing || msg.clock != c.tok || msg.id != c.id {
		return nil, false, nil
	}
	speed := Speeds[c.speedIdx]
	now := t.Now()
	switch {
	case msg.start:
		c.from = origin{set: true, wall: msg.at, at: now, left: now, speedIdx: c.speedIdx}
	case msg.driven && c.from.set:
		if now != c.from.left || c.speedIdx != c.from.speedIdx {
			c.from = origin{set: true, wall: c.last, at: now, speedIdx: c.speedIdx}
		}
		target := max(c.from.at+time.Duration(float64(msg.at.Sub(c.from.wall))*speed), now)
		err = t.Seek(target)
		c.from.left = t.Now()
	default:
		c.from = origin{}
		dt := Frame
		if !c.last.IsZero() {
			dt = max(msg.at.Sub(c.last), 0)
			if !msg.driven {
				dt = min(dt, longestFrame)
			}
		}
		err = t.Seek(now + time.Duration(float64(dt)*speed))
	}
	c.last = msg.at
	if err != nil {
		c.playing = false
	}
	if t.Now() >= t.End() {
		c.playing = false
	}
	if c.playing {
		next = c.Tick()
	}
	return next, true, err
}

// Key handles the time keys: play or pause (from the start again once the
// run has ended), step forward or back on the 100 ms grid, jump to the next
// or previous event (when t is Eventful), to the start or the end (each of
// which pauses), faster, slower and restart. handled is false for any other
// key; note says where a jump landed, for the status line; err is the
// timeline's, for the screen to show.
func (c *Clock) Key(k tea.KeyMsg, keys Keys, t Timeline) (handled bool, cmd tea.Cmd, note string, err error) {
	switch {
	case key.Matches(k, keys.Play):
		if !c.playing && t.Now() >= t.End() {
			err = t.Restart()
			note = "replaying from the start"
		}
		cmd = c.Play(!c.playing)
	case key.Matches(k, keys.Step):
		c.Play(false)
		err = t.Seek((t.Now()/Step + 1) * Step)
	case key.Matches(k, keys.Back):
		c.Play(false)
		now := t.Now()
		prev := now / Step * Step
		if prev == now {
			prev -= Step
		}
		err = t.Seek(prev)
	case key.Matches(k, keys.NextEvent), key.Matches(k, keys.PrevEvent):
		c.Play(false)
		note, err = JumpToEvent(t, key.Matches(k, keys.NextEvent))
	case key.Matches(k, keys.Start):
		c.Play(false)
		err = t.Seek(0)
		note = "at the start"
	case key.Matches(k, keys.End):
		c.Play(false)
		err = t.Seek(t.End())
		note = "at the end: space replays from the start"
	case key.Matches(k, keys.Faster):
		c.Faster()
	case key.Matches(k, keys.Slower):
		c.Slower()
	case key.Matches(k, keys.Restart):
		err = t.Restart()
	default:
		return false, nil, "", nil
	}
	return true, cmd, note, err
}

// JumpToEvent moves t to its next (or previous) event and says which it
// is; a timeline without events, or with none left that way, stays and
// says so.
func JumpToEvent(t Timeline, next bool) (note string, err error) {
	ev, ok := t.(Eventful)
	if !ok {
		return "this run marks no events; ← and → step, : goes to a time", nil
	}
	evs := ev.Events()
	var e Event
	if next {
		e, ok = NextEvent(evs, t.Now())
	} else {
		e, ok = PrevEvent(evs, t.Now())
	}
	switch {
	case !ok && len(evs) == 0:
		// At most 78 cells, the whole of an 80-column status line: the
		// longer words were cut to "no events in this run (no breaker
		// moves, …" beside the clock, the keys that help lost.
		return "no events in this run (no breaker move, no fault): ←/→ step, : goes to a time", nil
	case !ok && next:
		return "no event after " + MomentIn(t.Now(), t.End()) + ": G goes to the end", nil
	case !ok:
		return "no event before " + MomentIn(t.Now(), t.End()) + ": g goes to the start", nil
	}
	if err := t.Seek(e.At); err != nil {
		return "", err
	}
	return EventTime(t, evs, e) + ": " + e.What, nil
}

// RunTransitions is a timeline that has the transitions of a whole run
// it shows, played to its end, as its breaker pane's log has them
// (pane.Breaker.SetRunTransitions): run is which of the runs side by side
// (Event.Run); ok is false while it has not.
type RunTransitions interface {
	RunTransitions(run int) (ts []engine.Transition, ok bool)
}

// EventTime writes the time of e, one of evs, for the note of a jump to
// it. A breaker's transition reads as the breaker pane's log beside the
// note and `breakerlab run` write it ("10.530 s" where Moment wrote "10.53
// s"): on the decimals of its run's whole list when t has it, else of the
// transitions up to e of its run (Event.Run), which its log holds then.
// Runs side by side that change at one instant write it on the most
// decimals of theirs, which rounds neither. Any other event is written in
// its fewest digits. Either is NoteTime's, which on a run longer than its
// axes read in seconds writes the clock's reading and those seconds below
// it ("12h 00m 06.604s"), as every other note of the run does.
func EventTime(t Timeline, evs []Event, e Event) string {
	if !e.Transition {
		return MomentIn(e.At, t.End())
	}
	so := map[int][]engine.Transition{} // each run's transitions up to e
	for _, o := range evs {
		if o.Transition && o.At <= e.At {
			so[o.Run] = append(so[o.Run], engine.Transition{Transition: breaker.Transition{At: o.At}})
		}
	}
	rt, _ := t.(RunTransitions)
	decimals := 0
	for _, o := range evs {
		if !o.Transition || o.At != e.At {
			continue
		}
		list := so[o.Run]
		if rt != nil {
			if ts, ok := rt.RunTransitions(o.Run); ok {
				list = ts
			}
		}
		decimals = max(decimals, report.TransitionDecimals(list))
	}
	return NoteTime(e.At, t.End(), decimals)
}

// TimePrompt is the prompt : and t open, for a time from 0 to end.
func TimePrompt(end time.Duration) *Prompt {
	return &Prompt{Label: "go to time", Hint: "e.g. " + strings.Join(TimeExamples(end), ", ") + " (0 to " + pane.SecondsShort(end) + ")"}
}

// StepTimePrompt is TimePrompt for a lesson step's stretch of its run,
// from from to end: its hint names that range, and examples in it.
func StepTimePrompt(from, end time.Duration) *Prompt {
	if from <= 0 {
		return TimePrompt(end)
	}
	return &Prompt{Label: "go to time", Hint: TimeRange(from, end)}
}

// GoTo answers a time prompt: it moves t there and pauses, or leaves the
// prompt's Err saying what is allowed and the refused time selected, so
// the next time typed replaces it (a refused "soon" took a 2 typed next
// as "soon2"). done is true when the prompt may close.
func (c *Clock) GoTo(p *Prompt, t Timeline) (done bool, note string, err error) {
	at, perr := ParseTime(p.Input, t.End())
	if perr != nil {
		p.Err = perr.Error()
		p.Select()
		return false, "", nil
	}
	c.Play(false)
	if err := t.Seek(at); err != nil {
		return true, "", err
	}
	return true, "at " + MomentIn(at, t.End()), nil
}
