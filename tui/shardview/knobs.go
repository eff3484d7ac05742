package shardview

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons"
	kform "github.com/breakerlab/breakerlab/tui/internal/form"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// The knob form: the fleet, the customers, the two strategies, the
// poisoned customer and the restart time. A value is refused next to its
// field with what is allowed, and the run on screen stays until a good
// setting replaces it.

// knob is one field: how to show it, and how to read it into a Setup.
type knob struct {
	label string
	hint  func(s Setup) string
	text  func(s Setup) string
	set   func(s *Setup, text string) error
	// matches picks out the errors of the whole setup that belong here.
	matches []string
	input   kform.Field
	err     string
}

// form is the open knob form.
type form struct {
	th    *theme.Theme
	knobs []knob
	focus int
	// entry makes a field the cursor comes to stand selected, so that
	// what is typed replaces its value, as in the sandbox's form.
	entry kform.Entered
	// err is the message line: what the fields marked refused say
	// (sayRefused writes it from them), so that it follows them as they
	// are mended; or a refusal of the setup that marks no field, which an
	// edit checks again (recheckSetup).
	err string
	// ofMarks says err is of the fields marked, and follows them.
	ofMarks bool
	// said is the setup's own complaint when it is what marked the
	// fields ("refused: see below"): the message line while one of them
	// is still marked. "" when the fields refused their own texts.
	said string
	// checked is the setup enter built the fields on when the setup's
	// complaint is shown (nil else), and seed the run's: an edit checks
	// the fields again with them (recheckSetup).
	checked *Setup
	seed    uint64
}

// refusedTail ends the message line of a refusal: enter left the run as
// it was.
const refusedTail = "the run on screen is unchanged"

func intKnob(label string, get func(Setup) int, put func(*Setup, int), lo int, hi func(Setup) int, hint string, matches ...string) knob {
	return knob{
		label: label,
		hint: func(s Setup) string {
			return fmt.Sprintf("%s; %d to %s", hint, lo, count(hi(s)))
		},
		text: func(s Setup) string { return strconv.Itoa(get(s)) },
		set: func(s *Setup, text string) error {
			n, err := strconv.Atoi(strings.TrimSpace(strings.ReplaceAll(text, ",", "")))
			if err != nil {
				return fmt.Errorf("a whole number, %d to %s", lo, count(hi(*s)))
			}
			put(s, n)
			return nil
		},
		matches: matches,
	}
}

func strategyKnob(label string, get func(Setup) shuffle.Strategy, put func(*Setup, shuffle.Strategy)) knob {
	return knob{
		label: label,
		// Short enough for the form at 80 columns ("overlap…" before);
		// "random", which the field also takes, is shuffle's other name.
		hint: func(Setup) string { return "plain, shuffle, hash or overlap-limited" },
		text: func(s Setup) string { return string(get(s)) },
		set: func(s *Setup, text string) error {
			st, ok := parseStrategy(text)
			if !ok {
				return errors.New("plain, shuffle, random, hash or overlap-limited")
			}
			put(s, st)
			return nil
		},
	}
}

// parseStrategy reads a strategy's name, with "random" for shuffle and
// "overlap" for overlap-limited.
func parseStrategy(text string) (shuffle.Strategy, bool) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "plain":
		return shuffle.StrategyPlain, true
	case "shuffle", "random":
		return shuffle.StrategyShuffle, true
	case "hash":
		return shuffle.StrategyHash, true
	case "overlap-limited", "overlap", "limited":
		return shuffle.StrategyOverlapLimited, true
	}
	return "", false
}

func newForm(th *theme.Theme, s Setup) *form {
	f := &form{th: th}
	f.knobs = []knob{
		intKnob("workers", func(s Setup) int { return s.Workers }, func(s *Setup, n int) { s.Workers = n },
			MinWorkers, func(Setup) int { return MaxWorkers }, "the fleet", "workers must", "plain sharding needs"),
		intKnob("workers per customer", func(s Setup) int { return s.PerCustomer }, func(s *Setup, n int) { s.PerCustomer = n },
			1, perCustomerMax, "a shard", "workers per customer", "plain sharding needs", "worker groups"),
		intKnob("customers", func(s Setup) int { return s.Customers }, func(s *Setup, n int) { s.Customers = n },
			MinCustomers, func(Setup) int { return MaxCustomers }, "the poisoned one included", "customers must", "room for only"),
		strategyKnob("left", func(s Setup) shuffle.Strategy { return s.Left }, func(s *Setup, st shuffle.Strategy) { s.Left = st }),
		strategyKnob("right", func(s Setup) shuffle.Strategy { return s.Right }, func(s *Setup, st shuffle.Strategy) { s.Right = st }),
		intKnob("most shared", func(s Setup) int { return s.MaxShared }, func(s *Setup, n int) { s.MaxShared = n },
			0, mostSharedMax, "overlap-limited only", "most shared", "most workers two", "overlap limit"),
		intKnob("poisoned customer", func(s Setup) int { return s.Poisoned }, func(s *Setup, n int) { s.Poisoned = n },
			0, poisonedMax, "its requests crash workers", "poisoned"),
		{
			label: "restart takes",
			hint: func(Setup) string {
				return fmt.Sprintf("after %s dead; 0 to %s", secondsShort(shuffle.DefaultSimConfig().CrashedFor), secondsShort(MaxRestart))
			},
			// In the largest units that keep it exact ("1m", "1.5s"), as a
			// scenario file and the sandbox's form write a time; zero is
			// "0s", a restart that takes no time, where the sandbox's "0"
			// is its hints' none. parseDuration reads it back.
			text: func(s Setup) string { return engine.FormatDuration(s.RestartFor) },
			set: func(s *Setup, text string) error {
				d, err := parseDuration(text)
				if err != nil {
					return err
				}
				s.RestartFor = d
				return nil
			},
			matches: []string{"restart"},
		},
	}
	f.fill(s)
	return f
}

// fill puts a setup's values in the fields.
func (f *form) fill(s Setup) {
	for i := range f.knobs {
		f.knobs[i].input.SetValue(f.knobs[i].text(s))
		f.knobs[i].err = ""
	}
	f.err, f.ofMarks, f.said, f.checked = "", false, "", nil
}

// build reads the fields into a setup. It returns false and marks the
// fields when a value does not parse.
func (f *form) build(base Setup) (Setup, bool) {
	s := base
	ok := true
	f.err, f.ofMarks, f.said, f.checked = "", false, "", nil
	for i := range f.knobs {
		k := &f.knobs[i]
		k.err = ""
		if err := k.set(&s, k.input.Value()); err != nil {
			k.err = err.Error()
			ok = false
		}
	}
	if !ok {
		f.ofMarks = true
		f.focusRefused()
		f.entry.Anew() // the value refused stands selected for the one meant
	}
	return s, ok
}

// The form's fields as its message line reads them (kform.Marks).
func (f *form) Len() int          { return len(f.knobs) }
func (f *form) Mark(i int) string { return f.knobs[i].err }
func (f *form) Name(i int) string { return f.knobs[i].label }

// sayRefused writes the message line from the fields marked refused, as
// the sandbox's form does (kform.MarksLine): the setup's complaint while a
// field it marked still is; else the field the cursor is on, or the
// first, with how many more are refused ("some values are refused" named
// none); nothing once every field is mended. It said a refusal until the
// next enter, however many fields were mended since. A complaint that
// marked no field is left as it is.
func (f *form) sayRefused() {
	if !f.ofMarks {
		return
	}
	if f.err = kform.MarksLine(f, f.focus, f.said, refusedTail); f.err == "" {
		f.ofMarks, f.said = false, ""
	}
}

// focusRefused puts the cursor on the field the message line speaks of
// (kform.RefusedAt), unless none is marked, and writes that line.
func (f *form) focusRefused() {
	if at := kform.RefusedAt(f, f.focus); at >= 0 {
		f.focus = at
	}
	f.sayRefused()
}

// focusField puts the cursor on field i; the message line speaks of it
// when it is refused.
func (f *form) focusField(i int) {
	f.focus = i
	f.entry.Anew() // even the field it was on
	f.sayRefused()
}

// refuse shows err, the complaint of the setup enter built on base for
// the run of seed, marks the fields it names and puts the cursor on one.
func (f *form) refuse(err error, base Setup, seed uint64) {
	f.complain(err, base, seed)
	if f.ofMarks {
		f.focusRefused()
	}
	f.entry.Anew() // the value refused stands selected for the one meant
}

// complain shows err, the setup's complaint, and marks the fields it
// names, leaving the cursor where it is.
func (f *form) complain(err error, base Setup, seed uint64) {
	msg := err.Error() + "; " + refusedTail
	f.err, f.ofMarks, f.said = msg, false, ""
	f.checked, f.seed = &base, seed
	// The fields are picked out by the reason and the sentinels under it
	// (refusal), whose words the message no longer shows: "overlap limit"
	// marks the most shared.
	said := err.Error()
	for e := errors.Unwrap(err); e != nil; e = errors.Unwrap(e) {
		said += "\n" + e.Error()
	}
	for i := range f.knobs {
		for _, m := range f.knobs[i].matches {
			if strings.Contains(said, m) {
				f.knobs[i].err = "refused: see below"
			}
		}
	}
	if kform.RefusedCount(f) > 0 {
		// The complaint is of the fields marked: it is the message line
		// while one of them is still marked.
		f.ofMarks, f.said = true, msg
		f.sayRefused()
	}
}

// recheckSetup checks the setup again, as enter does but running nothing
// (validate), after an edit while the setup's complaint is shown, once
// every field's text is a value: the marks and the message line then say
// what the setup refuses now, and nothing once it is mended. Without it,
// an edit that mended the setup (8 workers for 9, in plain shards of 2)
// left the other field the complaint marked (workers per customer)
// marked, and the line said the complaint, until the next enter. The
// cursor stays where the edit is. While a field's text is no value (one
// cleared to be typed over) the marks stay as they are: enter says what
// that text is.
func (f *form) recheckSetup() {
	if f.checked == nil {
		return
	}
	for i := range f.knobs {
		var probe Setup
		if f.knobs[i].set(&probe, f.knobs[i].input.Value()) != nil {
			return
		}
	}
	base, seed, entry := *f.checked, f.seed, f.entry
	s, _ := f.build(base)
	f.entry = entry // no enter refused the text being typed: it stays unselected
	if err := validate(s, seed); err != nil {
		f.complain(err, base, seed)
	}
}

// update handles a key inside the form; the caller handles apply and cancel.
func (f *form) update(k tea.KeyMsg, keys keyMap) {
	n := len(f.knobs)
	switch {
	case key.Matches(k, keys.FormNext):
		f.focusField((f.focus + 1) % n)
	case key.Matches(k, keys.FormPrev):
		f.focusField((f.focus + n - 1) % n)
	default:
		kn := &f.knobs[f.focus]
		f.entry.Key(f.focus, &kn.input)
		was := kn.input.Value()
		kn.input.Key(k)
		if kn.input.Value() != was {
			// The refusal was of the text before: a key that edits
			// nothing (→, a paste into a full field) keeps it. The
			// message line named that refusal, or counted it.
			kn.err = ""
			f.recheckSetup()
			f.sayRefused()
		}
	}
}

// lines draws the form to fit w×h; the hints follow the values typed so
// far where they parse.
func (f *form) lines(current Setup, w, h int) []string {
	lines, _ := f.layout(current, w, h)
	return lines
}

// layout is lines, and the field drawn on each (-1: none), for the mouse.
func (f *form) layout(current Setup, w, h int) ([]string, []int) {
	typed := current
	for i := range f.knobs {
		_ = f.knobs[i].set(&typed, f.knobs[i].input.Value())
	}
	items := make([]kform.Item, len(f.knobs))
	for i, k := range f.knobs {
		items[i] = kform.Item{Label: k.label, Hint: k.hint(typed), Value: k.input.Value(), Err: k.err, Selected: f.entry.Selected(i, f.focus, &k.input)}
	}
	sections := []kform.Section{
		{Start: 0, Title: "The fleet and its customers"},
		{Start: 3, Title: "The two strategies, side by side"},
		{Start: 6, Title: "The poison"},
	}
	return kform.Layout(f.th, items, sections, f.focus, f.err,
		"enter re-runs both sides on the same seed, at the same time; esc keeps the run as it is", w, h)
}

// secondsShort writes a duration for reading: "5 s", "500 ms".
func secondsShort(d time.Duration) string {
	if d > 0 && d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

// parseDuration reads a duration as every form reads it
// (lessons.ParseDuration, which refuses "5s1s", Go's 6s: a value typed
// onto another), from 0 to MaxRestart.
func parseDuration(text string) (time.Duration, error) {
	d, err := lessons.ParseDuration(text)
	if err != nil {
		return 0, err
	}
	if d > MaxRestart {
		return 0, fmt.Errorf("a time from 0 to %s, such as 5s or 500ms", secondsShort(MaxRestart))
	}
	return d, nil
}
