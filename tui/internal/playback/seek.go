package playback

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// Seeking: the keys that jump in time rather than play through it. ] and [
// go to the next and previous event of the run (a breaker's transition, a
// fault's start or end, a process killed at its memory limit and back, a
// lesson's pause point), g and G to the start and
// the end, and : or t open a prompt for a time. Every jump lands on a
// moment the engine replays exactly, because a run is its scenario and its
// seed.

// Event is a moment worth stopping at, with what happens there in words.
type Event struct {
	At   time.Duration
	What string
	// Transition says the event is a breaker's transition
	// (TransitionEvent): its time is written as the breaker pane's log
	// and `breakerlab run` list it (EventTime).
	Transition bool
	// Run is which of the runs shown side by side the event is of
	// (compare mode's sides, 0 and 1; 0 for a run alone): a transition's
	// time is written on the decimals of its own run's list, as that
	// run's breaker log beside it writes it.
	Run int
}

// Eventful is a Timeline that knows its events, sorted by time; the
// clock's ] and [ move through them.
type Eventful interface {
	Events() []Event
}

// NextEvent is the first event after now; ok is false when none is left.
func NextEvent(evs []Event, now time.Duration) (e Event, ok bool) {
	i := sort.Search(len(evs), func(i int) bool { return evs[i].At > now })
	if i == len(evs) {
		return Event{}, false
	}
	return gather(evs, evs[i].At), true
}

// PrevEvent is the last event before now; ok is false when there is none.
func PrevEvent(evs []Event, now time.Duration) (e Event, ok bool) {
	i := sort.Search(len(evs), func(i int) bool { return evs[i].At >= now })
	if i == 0 {
		return Event{}, false
	}
	return gather(evs, evs[i-1].At), true
}

// gather is every event at one instant, as one: their words joined.
func gather(evs []Event, at time.Duration) Event {
	var what []string
	for _, e := range evs {
		if e.At == at && (len(what) == 0 || what[len(what)-1] != e.What) {
			what = append(what, e.What)
		}
	}
	e := Event{At: at, What: strings.Join(what, "; ")}
	for _, o := range evs {
		e.Transition = e.Transition || o.At == at && o.Transition
	}
	return e
}

// SortEvents orders events by time, keeping the given order within an
// instant.
func SortEvents(evs []Event) {
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].At < evs[j].At })
}

// RunEvents are the events of variant v of a scenario on a seed, within the
// traffic: each breaker transition of the run (played to the scenario's
// end), each fault's start and end, and each time the process was killed
// at its memory limit and came back (ProcessEvents). Within an instant
// they come in that order.
func RunEvents(sc *engine.Scenario, v int, seed uint64) ([]Event, error) {
	r, err := engine.New(sc, v, seed)
	if err != nil {
		return nil, err
	}
	proc := watchProcess(r, sc, v, sc.Duration)
	snap := r.Snapshot()
	var evs []Event
	for _, t := range snap.Transitions {
		evs = append(evs, TransitionEvent(t))
	}
	evs = append(evs, FaultEvents(sc, v)...)
	evs = append(evs, proc...)
	SortEvents(evs)
	return evs, nil
}

// ProcessEvents are the times variant v's tasks server, on seed, is killed
// at its memory limit within the traffic, and comes back after its
// restart: what `breakerlab run` counts as "killed 2 times", each a moment
// ] stops at. The run decides them, not the script, so they take a run of
// their own, played to the end of the traffic; a variant without a memory
// limit has none and costs nothing. The list is empty, not nil, when there
// are none (as FaultEvents'). A screen that cannot wait for the run (a
// 24-hour scenario file's: some 10 s) plays a ProcessWatch a slice at a
// time instead, to the same list.
func ProcessEvents(sc *engine.Scenario, v int, seed uint64) ([]Event, error) {
	w, err := NewProcessWatch(sc, v, seed)
	if err != nil {
		return nil, err
	}
	w.AdvanceTo(sc.Duration)
	return w.Events(), nil
}

// ProcessWatch finds the kills and comebacks of ProcessEvents on a run of
// their own played as far as it is told at a time (AdvanceTo), so that a
// long run's can be played in slices; played to the end of the traffic in
// slices or at once, it finds the same list, as it looks at the run at the
// same moments either way.
type ProcessWatch struct {
	r    *engine.Run // nil for a variant without a memory limit
	mem  *engine.Memory
	end  time.Duration
	step time.Duration
	// next is the moment of the next look; looked says the look at end
	// is done.
	next   time.Duration
	looked bool
	kills  int
	evs    []Event
	// killed and back are the words of a kill and a comeback.
	killed, back Event
}

// NewProcessWatch is the watch of variant v's process on seed, at 0 s;
// for a variant without a memory limit it is done already, with no events.
func NewProcessWatch(sc *engine.Scenario, v int, seed uint64) (*ProcessWatch, error) {
	w := &ProcessWatch{end: sc.Duration, evs: []Event{}}
	if w.mem = memoryLimit(sc, v); w.mem == nil {
		w.looked = true
		return w, nil
	}
	r, err := engine.New(sc, v, seed)
	if err != nil {
		return nil, err
	}
	w.watch(r)
	return w, nil
}

// watch sets w to look at r, a new run of a variant with a memory limit.
func (w *ProcessWatch) watch(r *engine.Run) {
	w.r = r
	w.step = max(w.mem.Restart, watchFloor)
	limit := fmt.Sprintf("%.0f MiB", float64(w.mem.Limit)/(1<<20))
	w.killed = Event{What: "process killed at its memory limit (" + limit + ")"}
	w.back = Event{What: "process back up after its " + pane.SecondsShort(w.mem.Restart) + " restart"}
}

// Done reports whether the watch has looked at the whole traffic.
func (w *ProcessWatch) Done() bool { return w.looked }

// Now is how far the watch has looked: the end of the traffic once done.
func (w *ProcessWatch) Now() time.Duration {
	if w.looked {
		return w.end
	}
	return w.r.Now()
}

// End is the end of the traffic, where the watch is done.
func (w *ProcessWatch) End() time.Duration { return w.end }

// Events are the kills and comebacks found so far, sorted by time: every
// one once Done.
func (w *ProcessWatch) Events() []Event {
	evs := slices.Clone(w.evs)
	SortEvents(evs)
	return evs
}

// AdvanceTo plays the watch's run on to t, or to the end of the traffic,
// looking at the process on the way (watchProcess).
func (w *ProcessWatch) AdvanceTo(t time.Duration) {
	for !w.looked && w.next <= t {
		w.look()
	}
}

// look plays the run to the next look's moment and reads the kills since
// the last.
func (w *ProcessWatch) look() {
	at := w.next
	w.r.AdvanceTo(at)
	ts := w.r.Snapshot().Tasks
	if ts == nil {
		w.looked = true
		return
	}
	for ; w.kills < ts.Kills; w.kills++ {
		killed := w.killed
		killed.At = at
		if w.kills == ts.Kills-1 && ts.Down {
			killed.At = ts.UpAt - w.mem.Restart
		}
		w.evs = append(w.evs, killed)
		back := w.back
		if back.At = killed.At + w.mem.Restart; back.At <= w.end {
			w.evs = append(w.evs, back)
		}
	}
	if at >= w.end {
		w.looked = true
	}
	w.next = min(at+w.step, w.end)
}

// HasProcessEvents reports whether variant v's process can be killed at
// a memory limit: whether its ProcessEvents take a run of their own.
func HasProcessEvents(sc *engine.Scenario, v int) bool { return memoryLimit(sc, v) != nil }

// memoryLimit is variant v's tasks server's memory, when it has a limit.
func memoryLimit(sc *engine.Scenario, v int) *engine.Memory {
	if v < 0 || v >= len(sc.Variants) {
		return nil
	}
	if t := sc.Variants[v].System.Tasks; t != nil && t.Memory.Limit > 0 && t.Memory.Restart > 0 {
		return &t.Memory
	}
	return nil
}

// watchFloor is the shortest step watchProcess looks at the process in.
const watchFloor = 100 * time.Millisecond

// watchProcess plays r, a new run of variant v, to end and finds the
// process's kills and comebacks on the way. The engine keeps no list of
// them: a snapshot counts the kills and, while the process is down, says
// when it is back (UpAt), which is its kill's time plus the restart. So r
// is looked at in steps no longer than the restart: every stretch the
// process is down holds one of the looks, which reads that kill's time and
// its comeback exactly. A restart shorter than watchFloor (a scenario
// file's) is looked at every watchFloor instead: a kill whose process is
// back before the next look is put at that look, its count all the
// snapshot tells of it.
func watchProcess(r *engine.Run, sc *engine.Scenario, v int, end time.Duration) []Event {
	w := &ProcessWatch{end: end, evs: []Event{}}
	if w.mem = memoryLimit(sc, v); w.mem != nil {
		w.watch(r)
		w.AdvanceTo(end)
	}
	r.AdvanceTo(end) // RunEvents reads the transitions at the end
	return w.Events()
}

// TransitionEvent is a breaker's transition as an event. The sandbox
// builds its event list a piece at a time, and ] must say the same words
// there as in a lesson: both make their events here. The breaker is named
// as `breakerlab run` lists it (report.TransitionName): a fleet's by its
// instance too ("api#12/provider"), where the dependency alone did not
// say which of twenty breakers moved.
func TransitionEvent(t engine.Transition) Event {
	return Event{At: t.At, What: fmt.Sprintf("%s breaker %s → %s", report.TransitionName(&t), t.From, t.To), Transition: true}
}

// FaultEvents are the starts and ends of the faults of variant v of a
// scenario, in the order the scenario lists them: a fault that lasts
// past the traffic has no end to stop at. The list is empty, not nil, for
// a variant without faults: the sandbox's event index takes a nil list
// for one not made yet, and would make it again at every jump.
func FaultEvents(sc *engine.Scenario, v int) []Event {
	evs := []Event{}
	for _, f := range pane.FaultSpans(sc, v) {
		starts, ends := faultWords(f)
		evs = append(evs, Event{At: f.From, What: starts})
		if f.To < sc.Duration {
			evs = append(evs, Event{At: f.To, What: ends})
		}
	}
	return evs
}

// faultWords say a fault's start and end: "payments: hang starts", and
// for an instance that goes down or restarts, what happens to it
// ("provider restarts", "provider back up after its restart"), where
// "provider: restarts starts" said it twice.
func faultWords(f pane.FaultSpan) (starts, ends string) {
	switch v := f.Verb(); {
	case f.Instance && v == "restarts":
		return f.Dependency + " restarts", f.Dependency + " back up after its restart"
	case f.Instance && v == "down":
		return f.Dependency + " goes down", f.Dependency + " back up"
	default:
		return fmt.Sprintf("%s: %s starts", f.Dependency, v), fmt.Sprintf("%s: %s ends", f.Dependency, v)
	}
}

// ParseTime reads a time typed at the prompt: "12s", "12.5", "1m30s",
// "800ms" (a bare number is seconds). It must lie from 0 to end.
func ParseTime(s string, end time.Duration) (time.Duration, error) {
	return ParseTimeIn(s, 0, end, end)
}

// ParseTimeIn reads a time as ParseTime does, which must lie from from to
// end: a lesson step's stretch of a run that ends at runEnd, which may
// go on past the step's end (a later step plays the rest). A refusal
// says what it read and which end it is past, then the range and
// examples in it, in one line a narrow window shows whole where it can:
// a time past a step that stops short of its run's end read "outside
// the run", when the run went that far.
func ParseTimeIn(s string, from, end, runEnd time.Duration) (time.Duration, error) {
	s = strings.TrimSpace(s)
	allowed := func() string { return "type " + TimeRange(from, end) }
	if s == "" {
		return 0, fmt.Errorf("no time given; %s", allowed())
	}
	var d time.Duration
	t := unitsJoined(s)
	if f, err := strconv.ParseFloat(t, 64); err == nil {
		if f != f {
			return 0, fmt.Errorf("%q is not a time; %s", s, allowed())
		}
		// A number far out of the run is only read as far as it takes
		// to say which side it is on: 1e300 seconds is no Duration.
		f = min(max(f, -1), max(end, runEnd).Seconds()+1)
		d = time.Duration(f * float64(time.Second))
	} else {
		// 5s1s, which Go sums to 6s: a time typed onto another.
		if err := engine.RepeatedUnit(t); err != nil {
			// Its own sentence ends in a question: the range follows as
			// a sentence too.
			return 0, fmt.Errorf("%v Type %s", err, TimeRange(from, end))
		}
		var perr error
		d, perr = time.ParseDuration(t)
		if perr != nil {
			return 0, fmt.Errorf("%q is not a time; %s", s, allowed())
		}
	}
	switch {
	case d < from && from > 0:
		return 0, fmt.Errorf("%q is before this step, which starts at %s; %s", s, pane.SecondsShort(from), allowed())
	case d < from:
		return 0, fmt.Errorf("%q is before the run's start; %s", s, allowed())
	case d > runEnd && end < runEnd:
		return 0, fmt.Errorf("%q is past the run's end at %s and this step's at %s; %s", s, pane.SecondsShort(runEnd), pane.SecondsShort(end), allowed())
	case d > end && end < runEnd:
		return 0, fmt.Errorf("%q is past this step's end at %s; %s", s, pane.SecondsShort(end), allowed())
	case d > end:
		return 0, fmt.Errorf("%q is past the run's end at %s; %s", s, pane.SecondsShort(end), allowed())
	}
	return d, nil
}

// unitsJoined is s with the spaces beside its units taken out: "22 s"
// and "1 m 30 s" read as "22s" and "1m30s". The screens write times with
// a space ("type 20 s to 24 s", "paused 22.0 s"), and the prompt refused
// a time typed as they show it. A space between two numbers stays, and
// "2 2" is no time.
func unitsJoined(s string) string {
	fields := strings.Fields(s)
	var b strings.Builder
	for i, f := range fields {
		if i > 0 {
			prev := []rune(fields[i-1])
			if !unicode.IsLetter(prev[len(prev)-1]) && !unicode.IsLetter([]rune(f)[0]) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(f)
	}
	return b.String()
}

// TimeRange says the times from from to end a prompt takes, with
// examples of the ways to write one that lie in it: "0 to 6 s, e.g. 3s,
// 4.5, 800ms". Examples before from are left out; with none left, the
// range's two ends are the examples. A range of one moment is that moment,
// "24 s": "24 s to 24 s, e.g. 24, 24s" read as a span with one way to
// write it twice (the lesson player's prompt while a guess waits).
func TimeRange(from, end time.Duration) string {
	if from == end {
		return pane.SecondsShort(end)
	}
	var in []string
	for _, e := range TimeExamples(end) {
		if d, ok := timeOf(e); ok && d >= from && d <= end {
			in = append(in, e)
		}
	}
	if len(in) == 0 {
		in = []string{strconv.FormatFloat(from.Seconds(), 'f', -1, 64), engine.FormatDuration(end)}
	}
	start := "0"
	if from > 0 {
		start = pane.SecondsShort(from)
	}
	return fmt.Sprintf("%s to %s, e.g. %s", start, pane.SecondsShort(end), strings.Join(in, ", "))
}

// timeOf reads a time as ParseTimeIn does, with no range and no words:
// TimeRange checks its examples with it, where ParseTimeIn's refusals
// call TimeRange.
func timeOf(s string) (time.Duration, bool) {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return time.Duration(f * float64(time.Second)), f == f
	}
	d, err := time.ParseDuration(s)
	return d, err == nil
}

// TimeExamples are three moments of a run that ends at end, each written
// a way ParseTime reads: whole seconds with their unit, a bare number of
// seconds with a decimal, and minutes for a run of a minute or more or
// milliseconds for a shorter one ("3s, 4.5, 800ms" for 6 s, "30s, 45.5,
// 1m" for a minute). They lie inside the run: fixed examples (12s, 1m30s)
// told a learner on a 6 s run to type what it then refused.
func TimeExamples(end time.Duration) []string {
	end = max(end, 0)
	half := (end / 2).Truncate(time.Second)
	whole := engine.FormatDuration(half)
	if half == 0 {
		whole = strconv.FormatInt((end/2).Milliseconds(), 10) + "ms"
	}
	bare := (end * 3 / 4).Truncate(time.Second) + 500*time.Millisecond
	if bare > end {
		bare = (end * 3 / 4).Truncate(100 * time.Millisecond)
	}
	var third string
	switch {
	case end >= time.Minute:
		third = engine.FormatDuration(max((end * 9 / 10).Truncate(10*time.Second), time.Minute))
	case end >= time.Second:
		third = "800ms"
	default:
		third = strconv.FormatInt((end/4).Milliseconds(), 10) + "ms"
	}
	return []string{whole, strconv.FormatFloat(bare.Seconds(), 'f', -1, 64), third}
}

// ParseSeed reads a seed typed at the prompt: a whole number from 0 to
// the largest a seed holds (2^64 - 1). A longer number is a whole number
// all the same, so it is refused as too large, not as "not a whole
// number". Neither refusal quotes the bound's twenty digits: a learner
// reads "from 0 up", and only one who typed past it needs the top.
func ParseSeed(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.ParseUint(s, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, errors.New("too large for a seed; type a whole number below 2^64")
	case err != nil:
		return 0, fmt.Errorf("%q is not a seed; type a whole number from 0 up", s)
	}
	return n, nil
}

// MomentIn writes a moment of a run that ends at end for a note, to the
// millisecond in the fewest digits (NoteTime with no decimals asked for):
// "15.072 s" on a run its time axes read in seconds, "12h 05m 10.5s" on a
// 24-hour one.
func MomentIn(d, end time.Duration) string { return NoteTime(d, end, 0) }

// NoteTime is the one rule every note of a run writes a time by (an
// event's, a seek's, a click's, a long seek's progress), so that the notes
// of one run cannot read a time two ways and each keeps the millisecond.
// It is report.TimeIn, the rule `breakerlab run` writes the same run's
// times by: seconds as run's transition table and the breaker pane's log
// write them ("15.072 s") on a run its time axes read in seconds, the
// status clock's reading and the seconds it leaves out on a longer one
// ("12h 05m 10.5s", "47m 05.25s", "12h 00m").
func NoteTime(d, end time.Duration, decimals int) string { return report.TimeIn(d, end, decimals) }
