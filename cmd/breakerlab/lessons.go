package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/lessonui"
)

// `breakerlab lessons` lists the lessons headless; `breakerlab lesson
// ID|FILE` opens one in the player, and `breakerlab lesson` alone opens the
// list of lessons in the terminal.
func init() {
	register(command{name: "lessons", summary: "list the lessons, one per line: id, title and progress", usage: "lessons [--width N | --wide]", run: runLessons})
	register(command{name: "lesson", summary: "open a lesson in the player", usage: "lesson ID|FILE [--step N] [--check [--format text|json]] | --check; no ID: the lesson list, or with --check every lesson checked, a line each", run: runLesson})
}

// minTitleWidth is the fewest columns the list of lessons gives its titles
// beside the IDs.
const minTitleWidth = 24

func runLessons(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("lessons", flag.ContinueOnError)
	widths := addListWidthFlags(fs, "a lesson")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	width, err := widths.resolve(stdout)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("lessons takes no arguments, got %q; open one with `breakerlab lesson ID`", pos)
	}
	all, err := lessons.All()
	if err != nil {
		return err
	}
	store := openProgress(stderr)
	idWidth := 0
	for _, l := range all {
		idWidth = max(idWidth, len(l.ID))
	}
	// On a terminal and in a pipe a title wraps under itself, as the
	// scenarios' summaries do, and its progress, kept whole, goes on the
	// title's last line or the next: an 80-column terminal cut "(seen 4
	// of 12 steps)" into "(s" and "een" at its edge. --wide: one line a
	// lesson.
	// Where the column past the longest ID leaves too little room for
	// titles (--width 40 wrapped them a word a line), each title goes
	// under its ID, indented.
	col := idWidth + 2
	narrow := width > 0 && width-col < minTitleWidth
	if narrow {
		col = 4
	}
	for _, l := range all {
		line := fmt.Sprintf("%-*s  %s", idWidth, l.ID, l.Title)
		if narrow {
			line = strings.Repeat(" ", col) + l.Title
		}
		text := strings.TrimSuffix(report.Wrap(line, width, col), "\n")
		if narrow {
			text = l.ID + "\n" + text
		}
		if store != nil {
			if s := store.Get(l.ID).Summary(l); s != "" {
				progress := "(" + s + ")"
				last := text[strings.LastIndex(text, "\n")+1:]
				if width > 0 && len([]rune(last))+2+len([]rune(progress)) > width {
					text += "\n" + strings.Repeat(" ", col) + progress
				} else {
					text += "  " + progress
				}
			}
		}
		fmt.Fprintln(stdout, text)
	}
	return nil
}

// openProgress opens the learner's progress file to read it, reporting a
// problem on stderr rather than failing: a list without progress is still a
// list. A file it cannot read is named there and left where it is.
func openProgress(stderr io.Writer) *lessons.Store {
	path, err := lessons.DefaultProgressPath()
	if err != nil {
		return nil
	}
	s, err := lessons.ViewStore(path)
	if err != nil {
		fmt.Fprintf(stderr, "breakerlab: %v\n", err)
		return nil
	}
	if n := s.Notice(); n != "" {
		fmt.Fprintf(stderr, "breakerlab: %s\n", n)
	}
	return s
}

// noPlayer says what shows the lessons without a terminal.
const noPlayer = "`breakerlab lessons` lists the lessons and `breakerlab lesson ID --check` prints one, every number filled in"

func runLesson(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("lesson", flag.ContinueOnError)
	step := fs.Int("step", 0, "open this step, "+rangeMark+", instead of where you left off")
	openRange(fs, "step", 1, stepRange)
	// Its 0 is no step but where you left off, which "(default 0)" did
	// not say.
	sayDefault(fs, "step", "where you left off", false)
	presentFlag := fs.Bool("present", false, "start in presentation mode, for a projector (ctrl+p toggles it)")
	check := fs.Bool("check", false, "check the lesson and print its steps with every number filled in, without opening the player; with no lesson, check every lesson, a line each")
	format := &choiceFlag{value: "text", choices: []string{"text", "json"}}
	fs.Var(format, "format", "with --check: text (the steps as a learner reads them) or json (the steps' simulations and questions with their answers)")
	budget := addBudgetFlag(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		if n := negativeNumberArg(fs, args); n != "" {
			// `lesson -1` is a lesson number below 1, as `lesson 0` is,
			// which the flag package read as a flag -1: answered as 0 is.
			if _, oerr := lessons.Open(n); oerr != nil {
				return lessonRefusal(oerr)
			}
		}
		return err
	}
	if len(pos) > 1 {
		return usagef("lesson takes one lesson: a number, an ID or a file, got %d arguments", len(pos))
	}
	if len(pos) == 0 {
		if *step != 0 || format.value != "text" {
			return usagef("--step and --format need a lesson: `breakerlab lesson 1 --check --step 3`; --check alone checks every lesson")
		}
		if *check {
			if *presentFlag {
				return usagef("--present opens the lesson player in presentation mode; --check prints and opens none: leave out --present")
			}
			return checkAllLessons(stdout, budget)
		}
		all, err := lessons.All()
		if err != nil {
			return err
		}
		if err := needTerminal(stdout, "the lesson list", noPlayer); err != nil {
			return err
		}
		o := lessonui.Terminal("")
		o.Present = *presentFlag
		return lessonui.RunPicker(all, o)
	}
	l, err := lessons.Open(pos[0])
	if err != nil {
		return lessonRefusal(err)
	}
	// Its steps' runs and sweeps, before any of them runs.
	if err := budget.check(l.Cost()); err != nil {
		return err
	}
	p, err := lessons.Prepare(l, nil)
	if err == nil {
		err = p.Verify()
	}
	if err != nil {
		if errors.Is(err, lessons.ErrInvalid) {
			return usagef("%w", err)
		}
		return err
	}
	// 0 is no --step, where the learner left off; typed, it is a step
	// that does not exist (they count from 1).
	if given(fs, "step") && (*step < 1 || *step > len(p.Steps)) {
		return flagUsagef("--step must be between 1 and %d (the lesson's steps), got %d", len(p.Steps), *step)
	}
	if format.value != "text" && !*check {
		return usagef("--format %s goes with --check: `breakerlab lesson %s --check --format json`", format.value, pos[0])
	}
	if *check && *presentFlag {
		// --check prints and opens no player: --present was dropped
		// without a word.
		return usagef("--present opens the lesson player in presentation mode; --check prints the steps and opens none: leave out --present")
	}
	if *check {
		// A number typed by hand is a claim nothing checks: --check lists
		// every one, each on its line, rather than stop at the first.
		if typed := lessons.TypedNumbers(l); len(typed) > 0 {
			return usagef("%w", typedByHand(typed))
		}
		if format.value == "json" {
			if *step != 0 {
				return usagef("--step goes with --check's text, not its json (which holds every step): `breakerlab lesson %s --check --step %d`", pos[0], *step)
			}
			enc := json.NewEncoder(stdout)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			return enc.Encode(p.Outline())
		}
		printLesson(stdout, p, *step)
		return nil
	}
	if err := needTerminal(stdout, "the lesson player", noPlayer); err != nil {
		return err
	}
	o := lessonui.Terminal("")
	o.Step = *step - 1 // no --step (0) becomes -1: where the learner left off
	o.Present = *presentFlag
	return lessonui.Run(p, o)
}

// builtinLessons are the lessons `lesson --check` checks without an ID: a
// test puts a wrong one among them to see the check fail.
var builtinLessons = lessons.All

// checkAllLessons is `lesson --check` with no lesson: each built-in lesson
// prepared, its claims verified and its numbers typed by hand looked for,
// one line each (✓ with its steps, ✗ with what is wrong), then the total;
// exit 1 when any is wrong, as `drill --check` and `challenges --check`.
func checkAllLessons(stdout io.Writer, budget *budgetFlag) error {
	all, err := builtinLessons()
	if err != nil {
		return err
	}
	bad, steps := 0, 0
	for _, l := range all {
		if err := checkOneLesson(l, budget); err != nil {
			bad++
			// A wrong lesson's lines after the first are indented under
			// its name, so that each lesson starts a line of its own.
			fmt.Fprintf(stdout, "✗ %s: %s\n", l.ID, strings.ReplaceAll(err.Error(), "\n", "\n    "))
			continue
		}
		steps += len(l.Steps)
		fmt.Fprintf(stdout, "✓ %s: %s, every number filled in and every claim checked\n", l.ID, stepsWord(len(l.Steps)))
	}
	what := "lessons"
	if len(all) == 1 {
		what = "lesson"
	}
	if bad > 0 {
		verb := "are"
		if bad == 1 {
			verb = "is"
		}
		return fmt.Errorf("%d of %d %s %s wrong: `breakerlab lesson ID --check` shows one in full", bad, len(all), what, verb)
	}
	fmt.Fprintf(stdout, "%d %s checked: %s\n", len(all), what, stepsWord(steps))
	return nil
}

// checkOneLesson is what `lesson ID --check` checks of l, as an error.
func checkOneLesson(l *lessons.Lesson, budget *budgetFlag) error {
	if err := budget.check(l.Cost()); err != nil {
		return err
	}
	if typed := lessons.TypedNumbers(l); len(typed) > 0 {
		return typedByHand(typed)
	}
	p, err := lessons.Prepare(l, nil)
	if err != nil {
		return err
	}
	return p.Verify()
}

// typedByHand is --check's error for a lesson's numbers typed by hand,
// each on its line, then how many.
func typedByHand(typed []error) error {
	lines := "lines have numbers"
	if len(typed) == 1 {
		lines = "line has numbers"
	}
	return fmt.Errorf("%w\n%d %s typed by hand that nothing checks (lessons/FORMAT.md, \"Placeholders and metrics\")", errors.Join(typed...), len(typed), lines)
}

// stepsWord is n steps, in words that fit the count.
func stepsWord(n int) string {
	if n == 1 {
		return "1 step"
	}
	return fmt.Sprintf("%d steps", n)
}

// negativeNumberArg is the first of args that is a negative whole number
// ("-1") and no flag of fs nor a flag's value (--step -1), or "".
func negativeNumberArg(fs *flag.FlagSet, args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			continue
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if f := fs.Lookup(name); f != nil {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && !(ok && b.IsBoolFlag()) {
				i++ // the flag's value, whatever it looks like
			}
			continue
		}
		if len(a) > 1 && strings.Trim(a[1:], "0123456789") == "" {
			return a
		}
	}
	return ""
}

// printLesson writes a prepared lesson as plain text: each step's title,
// its Markdown with the numbers filled in, and its question; only step
// `only` (from 1) when it is not 0, without the recap.
func printLesson(w io.Writer, p *lessons.Prepared, only int) {
	steps := "steps"
	if len(p.Steps) == 1 {
		steps = "step"
	}
	fmt.Fprintf(w, "%s (%s): %d %s, every number filled in and every claim checked\n", p.Lesson.Title, p.Lesson.ID, len(p.Steps), steps)
	for i, s := range p.Steps {
		if only != 0 && i != only-1 {
			continue
		}
		fmt.Fprintf(w, "\n== step %d/%d: %s\n", i+1, len(p.Steps), s.Title)
		if s.HasSim() {
			fmt.Fprintf(w, "   simulation: %s, from %s", simText(&s), secondsText(s.From))
			if s.PauseAt >= 0 {
				fmt.Fprintf(w, ", pauses at %s", secondsText(s.PauseAt))
			}
			fmt.Fprintf(w, ", panes %s\n", strings.Join(s.Panes, ", "))
		}
		if q := s.Predict; q != nil {
			fmt.Fprintf(w, "\n   Predict before it plays: %s\n", q.Prompt)
			printAnswer(w, q)
		}
		// The last step's note on the exercises comes after its question,
		// as the lesson's last word.
		text, practise := lessons.SplitPractise(s.Text)
		fmt.Fprintf(w, "\n%s\n", text)
		if q := s.Predict; q != nil && q.Reveal != "" {
			fmt.Fprintf(w, "\n   After the play (reveal): %s\n", q.Reveal)
		}
		if q := s.Question; q != nil {
			fmt.Fprintf(w, "\n   Question: %s\n", q.Prompt)
			printAnswer(w, q)
		}
		if practise != "" {
			fmt.Fprintf(w, "\n%s\n", practise)
		}
	}
	if len(p.Recap) > 0 && only == 0 {
		fmt.Fprintf(w, "\n== what this lesson taught\n")
		for _, r := range p.Recap {
			fmt.Fprintf(w, "   - %s\n", r)
		}
	}
}

// simText names a step's run as a teacher opens it again: the scenario,
// its design counted from 1 as --variant counts (the lesson file counts
// from 0) with the design's name, and the knobs the step changes. A
// teacher who prepared the live demo from "cascade/1" opened the shared
// pool, design 1, where the step plays the bulkhead, design 2.
func simText(s *lessons.PreparedStep) string {
	out := s.Sim.Scenario
	if s.Scenario == nil || len(s.Scenario.Variants) == 0 {
		return out
	}
	v := s.Sim.Variant
	out = fmt.Sprintf("%s, design %d of %d (%s)", out, v+1, len(s.Scenario.Variants), s.Scenario.Variants[v].Name)
	var set []string
	for _, o := range s.Sim.Set {
		set = append(set, fmt.Sprintf("%s = %v", o.Key, o.Value))
	}
	if len(set) > 0 {
		out += ", with " + strings.Join(set, ", ")
	}
	if s.Sim.File != nil {
		return out
	}
	cmd := fmt.Sprintf("breakerlab sandbox %s --variant %d", s.Sim.Scenario, v+1)
	if s.Sim.Seed != lessons.DefaultSeed {
		cmd += fmt.Sprintf(" --seed %d", s.Sim.Seed)
	}
	if len(set) > 0 {
		cmd += ", then those knobs in its form (e)"
	}
	return out + " (" + cmd + ")"
}

// secondsText is a moment of a run to the millisecond, in seconds: "9 s",
// "15.072 s" (a pause at a breaker's transition fell at 15.071816625s).
func secondsText(d time.Duration) string {
	t := strconv.FormatFloat(d.Round(time.Millisecond).Seconds(), 'f', 3, 64)
	return strings.TrimSuffix(strings.TrimRight(t, "0"), ".") + " s"
}

// printAnswer lists a question's choices, the right one starred, or its
// numeric answer.
func printAnswer(w io.Writer, q *lessons.PreparedQuestion) {
	for j, c := range q.Choices {
		mark := " "
		if c.Right {
			mark = "*"
		}
		fmt.Fprintf(w, "   %s %d) %s\n", mark, j+1, c.Text)
	}
	if q.Kind == lessons.Number {
		fmt.Fprintf(w, "   Answer: %s\n", strings.TrimSpace(q.AnswerText+" "+q.Unit))
	}
}

// lessonRefusal is the usage error of lessons.Open's err: a name no lesson
// has is refused as every command's unknown name is, pointing to the
// command's help; a lesson file that cannot be read says why.
func lessonRefusal(err error) error {
	if errors.Is(err, lessons.ErrUnknownLesson) {
		return nameRefusal(err)
	}
	return usagef("%w", err)
}
