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
	err   string
}

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
	f.err = ""
}

// build reads the fields into a setup. It returns false and marks the
// fields when a value does not parse.
func (f *form) build(base Setup) (Setup, bool) {
	s := base
	ok := true
	f.err = ""
	for i := range f.knobs {
		k := &f.knobs[i]
		k.err = ""
		if err := k.set(&s, k.input.Value()); err != nil {
			k.err = err.Error()
			ok = false
		}
	}
	if !ok {
		f.err = f.refusedNote()
	}
	return s, ok
}

// refusedNote names the field refused that the cursor is on, or else the
// first, and puts the cursor there, with how many more were refused:
// "some values are refused" named none.
func (f *form) refusedNote() string {
	const tail = "the run on screen is unchanged"
	at := f.focusRefused()
	if at < 0 {
		return kform.RefusedNote("", "", 0, tail)
	}
	refused := 0
	for i := range f.knobs {
		if f.knobs[i].err != "" {
			refused++
		}
	}
	return kform.RefusedNote(f.knobs[at].label, f.knobs[at].err, refused, tail)
}

// focusRefused puts the cursor on the first field marked refused, unless
// it is on one already, and says which it is on (-1: none is marked).
func (f *form) focusRefused() int {
	if f.knobs[f.focus].err != "" {
		return f.focus
	}
	for i := range f.knobs {
		if f.knobs[i].err != "" {
			f.focus = i
			return i
		}
	}
	return -1
}

// refuse shows an error of the whole setup and marks the fields it names.
func (f *form) refuse(err error) {
	msg := err.Error()
	f.err = msg + "; the run on screen is unchanged"
	for i := range f.knobs {
		for _, m := range f.knobs[i].matches {
			if strings.Contains(msg, m) {
				f.knobs[i].err = "refused: see below"
			}
		}
	}
	f.focusRefused()
}

// update handles a key inside the form; the caller handles apply and cancel.
func (f *form) update(k tea.KeyMsg, keys keyMap) {
	switch {
	case key.Matches(k, keys.FormNext):
		f.focus = (f.focus + 1) % len(f.knobs)
	case key.Matches(k, keys.FormPrev):
		f.focus = (f.focus + len(f.knobs) - 1) % len(f.knobs)
	default:
		f.knobs[f.focus].input.Key(k)
		f.knobs[f.focus].err = ""
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
		items[i] = kform.Item{Label: k.label, Hint: k.hint(typed), Value: k.input.Value(), Err: k.err}
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
// (lessons.ParseDuration), from 0 to MaxRestart.
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
