package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/record"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// `breakerlab record SCENARIO -o FILE.cast` writes an asciicast v2
// recording of a screen playing: the sandbox on a scenario, the shard view
// on shuffle, either in presentation mode with --present, or a lesson's
// step in presentation mode with --lesson. For slides, the README and a
// class's notes. It draws the same frames the screen shows, on the
// recording's own clock, so it needs no terminal and takes no longer than
// drawing them.
func init() {
	register(command{name: "record",
		summary: "record a scenario in the sandbox (shuffle: the shard view), or a lesson's step for a projector, as an asciicast v2 file",
		usage:   "record SCENARIO|FILE|--lesson ID -o FILE.cast [--present] [--reveal]",
		run:     runRecord,
		examples: `breakerlab record cascade -o cascade.cast            replay with: ` + "`asciinema play cascade.cast`" + `
breakerlab record checkout --variant 3 --size 120x40 -o checkout.cast
breakerlab record multi-hop --fps 10 --max 20s -o multi-hop.cast
breakerlab record shuffle --speed 10 -o shuffle.cast  the shard view
breakerlab record cascade --present -o room.cast      presentation mode
breakerlab record --lesson 1 --step 3 -o step3.cast   a step, its question open, its figures hidden
breakerlab record --lesson 1 --step 4 --reveal -o step4.cast   a step with its answer shown, for a slide`})
}

// A .cast file is what record writes: run and sweep, which write tables,
// data and pictures, refuse the name (refuseForeignName) and say which
// command writes one.
func init() {
	foreignKinds["cast"] = "terminal recording (`breakerlab record` writes one)"
}

// recordMinWidth and recordMinHeight are the smallest terminal a recording
// may have: the sandbox's own least size.
const recordMinWidth, recordMinHeight = 80, 24

func runRecord(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	seed := fs.Uint64("seed", defaultSeed, "the random seed: the same seed gives the same recording")
	variant := fs.Int("variant", 1, "the variant to record, "+rangeMark)
	openRange(fs, "variant", 1, variantRange)
	speed := fs.Float64("speed", 5, "virtual seconds per second of replay, one of "+speedList())
	size := fs.String("size", "100x30", "the recorded terminal's size, `COLUMNSxROWS`, at least 80x24")
	fps := intIn(fs, "fps", 15, record.MinFPS, record.MaxFPS, "frames a second of replay, "+rangeMark)
	longest := fs.Duration("max", 0, "stop after this much replay time, such as 20s (0: when the run ends)")
	sayDefault(fs, "max", "when the run ends", false)
	outPath := fs.String("o", "", "the `FILE` to write (- for standard output)")
	// A lesson's step is recorded in presentation mode whether or not
	// --present is given: the help says so, where the flag read as
	// ignored beside --lesson.
	presentFlag := fs.Bool("present", false, "record in presentation mode, as --present shows it on a projector; "+
		"a lesson's step (--lesson) is recorded so with or without it")
	lesson := fs.String("lesson", "", "record a lesson's step (a number, an `ID` or a file) in presentation mode, instead of a scenario: "+
		"it plays at the step's own speed from where the player opens it to where it stops on its own (its pause, or its end), "+
		"as a learner who has not guessed sees it: its question open throughout, no guess made, no answer given, no prediction revealed, "+
		"and every figure the question asks about hidden (\"shown after the guess\") for the whole recording, the clock moving; "+
		"add --reveal to record it with its answer shown; "+
		"a step without a simulation is one frame")
	step := fs.Int("step", 1, "with --lesson: the step to record, "+rangeMark)
	openRange(fs, "step", 1, stepRange)
	reveal := fs.Bool("reveal", false, "with --lesson: record the step with its answer shown, as the room sees it once the presenter has answered: "+
		"its figures drawn, the right choice marked and the reveal under them (without it they stay hidden)")
	budget := addBudgetFlag(fs)
	faults := addFaultFlag(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *outPath == "" {
		return usagef("record needs -o FILE.cast (or -o - for standard output)")
	}
	if err := refuseNotCast(*outPath, pos); err != nil {
		return err
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return flagUsagef("--size: %v", err)
	}
	// The options' own check words its refusal for any caller ("the frame
	// rate must be ..."); the command line names the flag that was wrong.
	switch {
	case w < recordMinWidth || h < recordMinHeight || w > record.MaxWidth || h > record.MaxHeight:
		return flagUsagef("--size %dx%d: allowed are %dx%d to %dx%d", w, h, recordMinWidth, recordMinHeight, record.MaxWidth, record.MaxHeight)
	case *longest < 0:
		return flagUsagef("--max %s: allowed is 0 (to the run's end) or more, such as 20s", engine.FormatDuration(*longest))
	}
	ro := record.Options{Width: w, Height: h, FPS: *fps, MaxDuration: *longest}
	if err := ro.Validate(recordMinWidth, recordMinHeight); err != nil {
		return usagef("%v", err)
	}
	noColor := theme.NoColor(os.Getenv)
	var p record.Player
	switch {
	case set["lesson"]:
		p, err = lessonRecording(pos, *lesson, *step, *reveal, set, budget, noColor, &ro, stderr)
	case set["step"]:
		return usagef("--step goes with --lesson: `breakerlab record --lesson 1 --step %d -o step.cast`", *step)
	case set["reveal"]:
		return usagef("--reveal goes with --lesson: `breakerlab record --lesson 1 --step 4 --reveal -o step.cast`")
	case len(pos) != 1:
		return usagef("%s", fitFor(recordUse.cmd, fmt.Sprintf("record takes one scenario (built in: %s) or scenario file, or --lesson ID, got %d", strings.Join(recordUse.builtins(), ", "), len(pos))))
	default:
		p, err = screenRecording(pos[0], *seed, *variant, *speed, *presentFlag, set, budget, faults, noColor, &ro)
	}
	if err != nil {
		return err
	}
	out, err := openOutput(stdout, *outPath, "cast")
	if err != nil {
		return err
	}
	defer out.Discard()
	st, err := record.Record(out, p, ro)
	if err != nil {
		return err
	}
	if err := out.Commit(); err != nil {
		return fmt.Errorf("writing %s: %w", *outPath, err)
	}
	if *outPath != "-" {
		frames := "frames"
		if st.Frames == 1 {
			frames = "frame"
		}
		fmt.Fprintf(stdout, "wrote %s: %d %s, %s of replay at %d×%d (asciinema play %s)\n",
			*outPath, st.Frames, frames, st.Duration.Round(time.Millisecond), w, h, *outPath)
	}
	return nil
}

// screenRecording is the sandbox on a scenario, or the shard view on
// shuffle, as `breakerlab sandbox` opens them; ro takes the header's title
// and command.
func screenRecording(name string, seed uint64, variant int, speed float64, presentOn bool, set map[string]bool,
	budget *budgetFlag, faults *faultFlag, noColor bool, ro *record.Options) (record.Player, error) {
	if err := checkSpeed(speed); err != nil {
		return nil, err
	}
	command := []string{"sandbox", name}
	present := ""
	if presentOn {
		present = ", presentation mode"
	}
	if name == shuffleScenario.Name {
		switch {
		case len(faults.specs) > 0:
			return nil, usagef("--fault: shuffle has its own engine, with its poisoned customer as its only fault")
		case set["variant"]:
			return nil, usagef("shuffle has no variants: its shard view shows two strategies side by side; drop --variant")
		}
		command = append(command, sandboxFlags(seed, 1)...)
		command = append(command, playFlags(speed, set["budget"], budget)...)
		if presentOn {
			command = append(command, "--present")
		}
		ro.Title = fmt.Sprintf("breakerlab: shuffle, the shard view (seed %d)%s", seed, present)
		ro.Command = "breakerlab " + strings.Join(command, " ")
		return record.Screen{Seed: seed, Speed: speed, NoColor: noColor, Present: presentOn}.Play()
	}
	sc, err := sandboxPlayable(recordUse, name, variant, budget)
	if err != nil {
		return nil, err
	}
	if _, err := faults.apply(sc); err != nil {
		return nil, err
	}
	command = append(command, sandboxFlags(seed, variant)...)
	command = append(command, playFlags(speed, set["budget"], budget)...)
	for _, sp := range faults.specs {
		command = append(command, "--fault", shellWord(sp.String()))
	}
	if presentOn {
		command = append(command, "--present")
	}
	// The variant's name as well as its number: a player shows the title
	// alone, and "variant 4" said nothing of which design plays.
	ro.Title = fmt.Sprintf("breakerlab: %s, variant %d, %s (seed %d)%s", sc.Name, variant, sc.Variants[variant-1].Name, seed, present)
	ro.Command = "breakerlab " + strings.Join(command, " ")
	limit := budget.n
	return record.Screen{Scenario: sc, Variant: variant - 1, Seed: seed, Speed: speed, Faults: faults.specs, NoColor: noColor, Present: presentOn,
		Budget: func(sc *engine.Scenario, runs int) error {
			return budgetRefusal(engine.CheckBudget(sc, runs, 1, limit))
		}}.Play()
}

// lessonRecording is a lesson's step in presentation mode, as `breakerlab
// lesson ID --step N --present` opens it for this learner, played with
// nobody answering.
func lessonRecording(pos []string, id string, step int, reveal bool, set map[string]bool, budget *budgetFlag, noColor bool, ro *record.Options, stderr io.Writer) (record.Player, error) {
	if len(pos) > 0 {
		return nil, usagef("--lesson records a lesson's step, not a scenario: drop %s", strings.Join(pos, " "))
	}
	for _, f := range []string{"seed", "variant", "speed", "fault"} {
		if set[f] {
			return nil, usagef("--%s: a lesson's step plays its own run at its own speed; drop --%s", f, f)
		}
	}
	l, err := lessons.Open(id)
	if err != nil {
		return nil, lessonRefusal(err)
	}
	// Its steps' runs and sweeps, before any of them runs.
	if err := budget.check(l.Cost()); err != nil {
		return nil, err
	}
	p, err := lessons.Prepare(l, nil)
	if err == nil {
		err = p.Verify()
	}
	if err != nil {
		if errors.Is(err, lessons.ErrInvalid) {
			return nil, usagef("%w", err)
		}
		return nil, err
	}
	if step < 1 || step > len(p.Steps) {
		return nil, flagUsagef("--step must be between 1 and %d (the lesson's steps), got %d", len(p.Steps), step)
	}
	ro.Title = fmt.Sprintf("breakerlab: lesson %s, step %d of %d (%s)", id, step, len(p.Steps), p.Steps[step-1].Title)
	if reveal {
		ro.Title += ", its answer shown"
	}
	ro.Command = fmt.Sprintf("breakerlab lesson %s --step %d --present", shellArg(id), step)
	return record.Lesson{Prepared: p, Step: step - 1, Store: recordingStore(stderr), NoColor: noColor, Reveal: reveal}.Play()
}

// refuseNotCast refuses an -o that does not name an asciicast: record
// wrote one into slide.gif, slide.png or slide.mp4 and exited 0, and a
// viewer of pictures or films cannot open it. A picture of a run is run's
// (or sweep's) to draw; the refusal says how, with the scenario given
// (pos).
func refuseNotCast(path string, pos []string) error {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	if path == "-" || ext == "cast" {
		return nil
	}
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	what := "writes an asciicast, which asciinema plays: give a name that ends in .cast, such as " + base + ".cast, or - for standard output"
	kind := foreignKinds[ext]
	if ext == "svg" || ext == "png" {
		kind = "picture"
	}
	if kind != "picture" {
		if kind == "" {
			return usagef("-o %s: record %s", path, what)
		}
		return usagef("-o %s: a .%s file is a %s; record %s", path, ext, kind, what)
	}
	scenario := "SCENARIO"
	if len(pos) == 1 {
		scenario = shellArg(pos[0])
	}
	return usagef("-o %s: a .%s file is a picture; record %s. For a picture of the run: `breakerlab run %s -o %s.png`",
		path, ext, what, scenario, base)
}

// recordingStore is the learner's progress file, opened as the lesson
// player opens it: its learner, and the attempt at a question, draw the
// order the step's choices are numbered in. It is written only where the
// player would write a new one (there was none, or it was unreadable and
// set aside), so that the learner drawn for it here is the one the player
// reads afterwards. Without it the choices are numbered as for no
// learner, and stderr says so.
func recordingStore(stderr io.Writer) *lessons.Store {
	path, err := lessons.DefaultProgressPath()
	var s *lessons.Store
	if err == nil {
		s, err = lessons.OpenStore(path)
	}
	if err == nil {
		if n := s.Notice(); n != "" {
			fmt.Fprintf(stderr, "breakerlab: %s\n", n)
		}
		if _, statErr := os.Stat(path); errors.Is(statErr, fs.ErrNotExist) {
			err = s.Save()
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "breakerlab: %v: the choices are numbered as for no learner, perhaps not as your player numbers them\n", err)
		return nil
	}
	return s
}

// shellArg is s as one word of a shell's command line: as it is when it
// holds nothing a shell reads, else in single quotes. = : , % + are
// plain in a word after its first character: a sweep's
// recommendations.bulkhead=10..40:4 needs no quotes.
func shellArg(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,%+") == "" && !strings.ContainsAny(s[:1], "=:,%+") {
		return s
	}
	return shellWord(s)
}

// playSpeeds are the speeds the sandbox and the shard view play at: the
// steps their + and - keys move through (tui/internal/playback's Speeds,
// which this command cannot import; TestEverySpeedPlaysAsItSays holds
// the two lists together). A speed between them would be played at the
// step below it, so it is refused rather than changed behind the user's
// back.
var playSpeeds = []float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100}

// speedList is "0.1, 0.2, 0.5, 1, ..., 100".
func speedList() string {
	var s []string
	for _, f := range playSpeeds {
		s = append(s, strconv.FormatFloat(f, 'f', -1, 64))
	}
	return strings.Join(s, ", ")
}

// checkSpeed refuses a --speed the player cannot play at, naming the
// allowed ones.
func checkSpeed(speed float64) error {
	if slices.Contains(playSpeeds, speed) {
		return nil
	}
	return flagUsagef("--speed must be one of %s (the steps + and - move through), got %v", speedList(), speed)
}

// sandboxFlags are the flags of the sandbox command that shows what a
// recording shows.
func sandboxFlags(seed uint64, variant int) []string {
	var out []string
	if seed != defaultSeed {
		out = append(out, "--seed", strconv.FormatUint(seed, 10))
	}
	if variant != 1 {
		out = append(out, "--variant", strconv.Itoa(variant))
	}
	return out
}

// playFlags are the sandbox's flags that play a recording as it was
// recorded: at its --speed (the sandbox opens at ×1), playing from the
// start (the sandbox opens paused), and with the --budget a run over the
// default needed, without which the sandbox refuses it. The header's
// command is how a viewer reproduces the recording, and "breakerlab
// sandbox cascade" opened paused at a fifth of the speed it showed.
func playFlags(speed float64, budgetSet bool, budget *budgetFlag) []string {
	out := []string{"--speed", strconv.FormatFloat(speed, 'g', -1, 64), "--play"}
	if budgetSet {
		out = append(out, "--budget", budget.String())
	}
	return out
}

// shellWord is s as one word of a POSIX shell's command line: in single
// quotes, each single quote in it closed, escaped and opened again. A
// fault's spec holds spaces, and a quoted target double quotes
// ('20s "orders db" hang').
func shellWord(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// parseSize reads COLUMNSxROWS.
func parseSize(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return 0, 0, fmt.Errorf("want COLUMNSxROWS such as 100x30, got %q", s)
	}
	w, errW := strconv.Atoi(a)
	h, errH := strconv.Atoi(b)
	if errW != nil || errH != nil {
		return 0, 0, fmt.Errorf("want COLUMNSxROWS such as 100x30, got %q", s)
	}
	return w, h, nil
}
