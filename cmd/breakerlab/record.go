package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui"
	"github.com/breakerlab/breakerlab/tui/record"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// `breakerlab record SCENARIO -o FILE.cast` writes an asciicast v2
// recording of the sandbox playing a scenario: for slides, the README and
// a class's notes. It draws the same frames the sandbox shows, on the
// recording's own clock, so it needs no terminal and takes no longer than
// drawing them.
func init() {
	register(command{name: "record",
		summary: "record the sandbox playing a scenario as an asciicast v2 file (record SCENARIO|FILE -o FILE.cast [--size 100x30] [--speed 5])",
		run:     runRecord,
		examples: `breakerlab record cascade -o cascade.cast            replay with: asciinema play cascade.cast
breakerlab record checkout --variant 3 --size 120x40 --speed 10 -o checkout.cast
breakerlab record multi-hop --fps 10 --max 20s -o multi-hop.cast`})
}

func runRecord(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	seed := fs.Uint64("seed", defaultSeed, "the random seed: the same seed gives the same recording")
	variant := fs.Int("variant", 1, "the variant to record, counting from 1")
	speed := fs.Float64("speed", 5, "virtual seconds per second of replay, one of "+speedList())
	size := fs.String("size", "100x30", "the recorded terminal's size, COLUMNSxROWS, at least 80x24")
	fps := fs.Int("fps", 15, fmt.Sprintf("frames a second of replay, from %d to %d", record.MinFPS, record.MaxFPS))
	longest := fs.Duration("max", 0, "stop after this much replay time, such as 20s (0: when the run ends)")
	outPath := fs.String("o", "", "the file to write (- for standard output)")
	budget := addBudgetFlag(fs)
	faults := addFaultFlag(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("record takes one scenario (built in: %s) or scenario file, got %d", strings.Join(scenarioNames(), ", "), len(pos))
	}
	if *outPath == "" {
		return usagef("record needs -o FILE.cast (or -o - for standard output)")
	}
	if err := checkSpeed(*speed); err != nil {
		return err
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return usagef("--size: %v", err)
	}
	if pos[0] == shuffleScenario.Name {
		return usagef("record plays the sandbox, and shuffle opens the shard view instead; record another scenario, or run `breakerlab run shuffle`")
	}
	sc, err := sandboxPlayable(pos[0], *variant, budget)
	if err != nil {
		return err
	}
	if _, err := faults.apply(sc); err != nil {
		return err
	}
	command := append([]string{"sandbox", pos[0]}, sandboxFlags(*seed, *variant)...)
	for _, sp := range faults.specs {
		command = append(command, "--fault", shellWord(sp.String()))
	}
	ro := record.Options{Width: w, Height: h, FPS: *fps, MaxDuration: *longest,
		Title:   fmt.Sprintf("breakerlab: %s, variant %d (seed %d)", sc.Name, *variant, *seed),
		Command: "breakerlab " + strings.Join(command, " ")}
	if err := ro.Validate(80, 24); err != nil {
		return usagef("%v", err)
	}
	limit := budget.n
	opts := tui.RecordOptions{Scenario: sc, Variant: *variant - 1, Seed: *seed, Speed: *speed, Faults: faults.specs,
		NoColor: theme.NoColor(os.Getenv), Record: ro,
		Budget: func(sc *engine.Scenario, runs int) error {
			return budgetRefusal(engine.CheckBudget(sc, runs, 1, limit))
		}}
	out, err := openOutput(stdout, *outPath, "cast")
	if err != nil {
		return err
	}
	defer out.Discard()
	st, err := tui.RecordSandbox(out, opts)
	if err != nil {
		return err
	}
	if err := out.Commit(); err != nil {
		return fmt.Errorf("writing %s: %w", *outPath, err)
	}
	if *outPath != "-" {
		fmt.Fprintf(stdout, "wrote %s: %d frames, %s of replay at %d×%d (asciinema play %s)\n",
			*outPath, st.Frames, st.Duration.Round(time.Millisecond), w, h, *outPath)
	}
	return nil
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
	return usagef("--speed must be one of %s (the steps + and - move through), got %v", speedList(), speed)
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
