package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/picture"
	"github.com/breakerlab/breakerlab/tui/sweepui"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/progress"
	"golang.org/x/term"
)

func init() {
	register(command{name: "sweep", summary: "run a scenario over a grid of one or two knobs and show a measure as a heatmap", usage: "sweep SCENARIO|FILE --vary PATH=FROM..TO[:STEPS] --measure METRIC [--goal 'search.ok>=0.99'] [--format table|csv|json|svg|png] [-o FILE]", run: runSweep})
}

// varyFlag collects repeated --vary flags.
type varyFlag []string

func (v *varyFlag) String() string     { return strings.Join(*v, " ") }
func (v *varyFlag) Set(s string) error { *v = append(*v, s); return nil }

// maxSweepSeeds is the most seeds --seeds takes, which its help says.
const maxSweepSeeds = 1000

func runSweep(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sweep", flag.ContinueOnError)
	var vary varyFlag
	fs.Var(&vary, "vary", "a knob and its range, `PATH=FROM..TO[:STEPS]` (once or twice), e.g. recommendations.bulkhead=5..60:12")
	measure := fs.String("measure", "", "what to measure, `METRIC`: ENDPOINT.ok|fallback|rejected|failed|p50|p95|p99 or DEPENDENCY.in_flight_max|held_max|first_open; "+
		"in_flight_max is the most calls the dependency worked on at once, abandoned ones included (their caller gave up, timed out), so it may pass a bulkhead's cap; "+
		"held_max the most calls a caller still waited on at once in the measurement window (read at each sample, every 100 ms in a run up to an hour), what a bulkhead caps")
	variant := fs.Int("variant", 1, "the variant to sweep, "+rangeMark)
	openRange(fs, "variant", 1, variantRange)
	seeds := intIn(fs, "seeds", defaultSweepSeeds, 1, maxSweepSeeds, "how many seeds each cell runs on (from --seed up), "+rangeMark)
	seed := fs.Uint64("seed", defaultSeed, "the first seed")
	goal := fs.String("goal", "", "a threshold whose boundary is drawn, METRIC>=NUMBER (or <=, >, <), e.g. 'search.ok>=0.99' or 'search.ok>=99%' (a share), 'search.p99<=250' (ms) or 'search.p99<=0.25s'")
	workers := fs.Int("workers", 0, "runs at once, "+rangeMark)
	openRange(fs, "workers", 0, "0 (one per core) to the cores this process may use")
	sayDefault(fs, "workers", "one per core", false)
	width := fs.Int("width", 80, "the widest line the heatmap may draw, "+widthRange)
	openRange(fs, "width", minTableWidth, widthRange)
	format := &choiceFlag{value: "table", choices: []string{"table", "csv", "json", "svg", "png"}}
	// CSV stays a header row and a row a cell: a leading "# command" line
	// is no CSV, and a reader that does not skip comments (Go's
	// encoding/csv, pandas, a spreadsheet) takes it for the header. The
	// command that reruns the sweep has its place in the JSON.
	fs.Var(format, "format", "output format: table (a heatmap), csv (a header row and a row a cell, nothing else: the command that runs the sweep again, its faults included, is in json's \"command\"), json, svg or png")
	outPath := fs.String("o", "", "write the output to `FILE` instead of standard output")
	budget := addBudgetFlag(fs)
	faults := addFaultFlag(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := refuseForeignName("sweep", format, *outPath); err != nil {
		return err
	}
	if format.value, err = outputFormat(fs, format, *outPath); err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("%s", fitMessage(fmt.Sprintf("sweep takes one scenario name (built in: %s) or the path of a .toml scenario file, got %d arguments", strings.Join(sweepScenarios(), ", "), len(pos))))
	}
	if pos[0] == shuffleScenario.Name {
		return usagef("sweep runs the request-level scenarios; %s has its own engine and no knobs to sweep", pos[0])
	}
	build, err := sweepBuilder(pos[0])
	if err != nil {
		return err
	}
	if len(faults.specs) > 0 {
		if _, err := faults.apply(build()); err != nil {
			return err
		}
		plain := build
		// Each cell's fresh copy gets the faults; they applied once, so
		// they apply to every copy.
		build = func() *engine.Scenario { sc, _ := faults.apply(plain()); return sc }
	}
	switch {
	case len(vary) == 0:
		sc, v := build(), 0
		if *variant >= 1 && *variant <= len(sc.Variants) {
			v = *variant - 1
		}
		width := terminalWidth(stderr)
		if width == 0 {
			width = 80
		}
		knobs := sweepKnobs(build, v)
		example := ""
		if e := exampleVary(build, v, knobs); e != "" {
			example = ", e.g.\n  --vary " + e
		}
		return usagef("sweep needs --vary PATH=FROM..TO[:STEPS] once or twice%s\n%s's knobs, by part:\n%s", example, sc.Name, knobList(knobs, width))
	case len(vary) > 2:
		return usagef("sweep varies one or two knobs, got --vary %d times", len(vary))
	case *measure == "":
		sc, v := build(), 0
		if *variant >= 1 && *variant <= len(sc.Variants) {
			v = *variant - 1
		}
		// A range's own mistakes are said with the missing measure, not
		// after it is given: one command line, every problem at once.
		var problems []string
		for _, spec := range vary {
			if _, err := sweep.ParseVary(spec); err != nil {
				problems = append(problems, fitMessage(err.Error()))
			}
		}
		// The measures the variant offers follow, as a measure it cannot
		// read lists them (one computation, MeasureChoices): two examples
		// left the learner to guess the rest.
		problems = append(problems, fitMessage("sweep needs --measure METRIC"+exampleMeasures(sc, v)+"; the measures:")+"\n"+sweep.MeasureChoices(sc, v, messageWidth))
		return usagef("%s", strings.Join(problems, "\n"))
	case *width < minTableWidth:
		return flagUsagef("--width must be at least %d columns, got %d", minTableWidth, *width)
	case format.value != "table" && given(fs, "width"):
		// Only the heatmap is drawn to a width: the other formats took
		// the flag without a word.
		return usagef("--width is the widest line of the heatmap; %s output draws none: leave out --width, or use --format table", format.value)
	case *workers < 0 || *workers > runtime.GOMAXPROCS(0):
		// A sweep is all CPU: a worker past the cores adds no speed, but
		// holds a run of its own (some 4 MB for go-server's memory sweep),
		// and 400 of them took 250 MB and five times as long.
		return flagUsagef("--workers must be from 0 (one per core) to %d, the cores this process may use, got %d", runtime.GOMAXPROCS(0), *workers)
	}
	base := build()
	if *variant < 1 || *variant > len(base.Variants) {
		return variantRefusal(base, *variant, "")
	}
	var seedList []uint64
	for k := range *seeds {
		seedList = append(seedList, *seed+uint64(k))
	}
	defer sweep.LimitMemory()() // engine/sweep/memory.go
	plan, err := prepareSweep(build, *variant-1, vary, *measure, *goal, seedList)
	if err != nil {
		return err
	}
	if err := budget.check(plan.Cost()); err != nil {
		return err
	}
	out, err := openOutput(stdout, *outPath, format.value)
	if err != nil {
		return err
	}
	defer out.Discard() // on early returns; the normal path commits below

	// ctrl+c stops the sweep: the runs under way finish and what is done
	// is printed.
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	if format.value != "table" {
		// The table says it in its heading; CSV, JSON and pictures have
		// their values and no room for words.
		fmt.Fprint(stderr, roundedNotes(plan, "\n"))
	}
	bar := newProgressLine(stderr)
	res, runErr := sweepui.Run(ctx, plan, *workers, bar.update)
	bar.done()
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return fmt.Errorf("sweep: %w", runErr)
	}
	name := sweepName{Scenario: base.Name, Variant: *variant, VariantName: base.Variants[*variant-1].Name, Faults: faults.note()}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	name.Command = sweepCommand(pos[0], *variant, vary, *measure, *goal, *seed, *seeds, faults, set["budget"], budget)
	var tty io.Writer
	if out.path == "" && isTerminal(stdout) {
		// The terminal's file, for its colours: the ASCII writer main may
		// put on it is no file to termenv.
		tty, _ = outputFile(stdout)
	}
	// The heatmap, drawn in shades, reads as ASCII on a terminal whose
	// locale is not UTF-8 as every command's text does: main maps the
	// terminal (terminalText). A pipe and a file get its bytes, as they
	// get every other command's.
	if err := writeSweep(out, res, name, format.value, *width, tty); err != nil {
		return err
	}
	if err := out.Commit(); err != nil {
		return fmt.Errorf("writing %s: %w", *outPath, err)
	}
	if runErr != nil {
		where := "shown above"
		if out.path != "" {
			where = "written to " + out.path
		}
		return fmt.Errorf("interrupted: %s of %s runs done, %s", pane.Count(res.Runs), pane.Count(res.Total), where)
	}
	return nil
}

// sweepScenarios is the built-in scenarios sweep takes, in the order
// scenarioNames lists them: all but shuffle, which it refuses (its engine
// has no knobs to sweep), so the list offers nothing it would refuse.
func sweepScenarios() []string {
	return slices.DeleteFunc(scenarioNames(), func(n string) bool { return n == shuffleScenario.Name })
}

// prepareSweep makes and prepares the plan of a sweep of variant v (from
// 0) of build's scenario, one axis a --vary flag, refusing as the command
// line does (the usage errors it returns) a knob the sweep does not take
// (sweepKnobs' check, sweep.Sweepable: the one list completion and `sweep
// SCENARIO` offer), a fault's axis that cannot run, a measure or goal the
// variant lacks, and a value that makes no valid cell.
func prepareSweep(build func() *engine.Scenario, v int, vary []string, measure, goal string, seeds []uint64) (*sweep.Plan, error) {
	base := build()
	plan := &sweep.Plan{Build: build, Variant: v, Set: lessons.SetKnob, Seeds: seeds}
	for _, spec := range vary {
		ax, err := sweep.ParseVary(spec)
		if err != nil {
			// Fitted to a terminal as the other refusals are: a range's
			// refusal with its fix ran to 150 columns.
			return nil, usagef("%s", fitMessage(err.Error()))
		}
		// A path that names no knob is refused here, with the flag as it
		// was typed: the plan's own check quoted its first value, as if
		// the flag had been "--vary foo=1:". It lists and suggests the
		// knobs a sweep takes, as sweep without --vary lists them, not
		// every knob: a knob it offered would be refused next.
		if !slices.Contains(lessons.Knobs(base, v), ax.Path) {
			if fk := lessons.FileKeyRefusal(ax.Path, sweepKnobs(build, v), "a sweep"); fk != nil {
				_, rest, _ := strings.Cut(spec, "=")
				return nil, usagef("%s", fitMessage(fmt.Sprintf("--vary %s: %v: --vary %s=%s", spec, fk, fk.Knob, rest)))
			}
			if err := lessons.SetKnob(build(), v, ax.Path, ax.Values[0]); err != nil {
				if unknown, ok := errors.AsType[*lessons.UnknownKnobError](err); ok {
					// Among's list is a line a part, as long as the part's
					// knobs (cascade's ran to 125 columns): its first
					// sentence is kept, the list is the one sweep prints
					// without --vary, fitted to a terminal.
					knobs := sweepKnobs(build, v)
					head, _, _ := strings.Cut(unknown.Among(knobs).Error(), "\n")
					head = strings.TrimSuffix(head, " Its knobs are:")
					return nil, usagef("%s\n%s's knobs, by part:\n%s", fitMessage("--vary "+spec+": "+head), unknown.Scenario, knobList(knobs, messageWidth))
				}
				return nil, usagef("--vary %s: %w", spec, err)
			}
		}
		plan.Axes = append(plan.Axes, ax)
	}
	for a, ax := range plan.Axes {
		var other *sweep.Axis
		if len(plan.Axes) == 2 {
			other = &plan.Axes[1-a]
		}
		if err := checkFaultAxis(base, v, vary[a], ax, other); err != nil {
			return nil, err
		}
	}
	var err error
	if plan.Measure, err = lessons.ParseMetric(measure, base, v); err != nil {
		return nil, measureRefusal(err)
	}
	if goal != "" {
		g, err := lessons.ParseGoal(goal, base, v)
		if err != nil {
			return nil, measureRefusal(err)
		}
		plan.Goal = &g
	}
	if err := plan.Prepare(); err != nil {
		// A range refused: the flag as typed, the end at fault and the
		// engine's bound, on lines that fit a terminal.
		head, rest, _ := strings.Cut(err.Error(), "\n")
		if rest != "" {
			rest = "\n" + rest
		}
		return nil, usagef("%s%s", fitMessage(head), rest)
	}
	// The cells' values passed; a knob sweepKnobs leaves out is still
	// refused (the two must not disagree: one computation decides).
	for _, ax := range plan.Axes {
		if err := sweep.Sweepable(build, v, lessons.SetKnob, ax.Path); err != nil {
			return nil, usagef("%w", err)
		}
	}
	return plan, nil
}

// sweepBuilder returns a function that builds a fresh copy of the scenario
// on every call: a sweep changes each cell's copy.
func sweepBuilder(arg string) (func() *engine.Scenario, error) {
	if !isScenarioFile(arg) {
		if _, err := loadScenario(arg); err != nil {
			return nil, err
		}
		return func() *engine.Scenario { sc, _ := loadScenario(arg); return sc }, nil
	}
	parsed, err := loadScenarioFile(arg, sweepUse)
	if err != nil {
		return nil, err
	}
	// Parsing the file for every cell cost a 20 × 20 sweep some 700
	// million instructions before its first run; deep copies of the one
	// parse cost a twelfth of that (sweep.Copies).
	if copies, err := sweep.Copies(parsed); err == nil {
		return copies, nil
	}
	data, err := os.ReadFile(arg)
	if err != nil {
		return nil, usagef("cannot read scenario file %s: %w", arg, err)
	}
	return func() *engine.Scenario {
		sc, err := scenariofile.Parse(arg, data)
		if err != nil {
			panic("breakerlab: a scenario file that parsed once no longer parses: " + err.Error())
		}
		return sc
	}, nil
}

// isTerminal says whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := outputFile(w)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progressLine draws a progress bar on stderr when stderr is a terminal,
// once the work has taken a second, at most ten times a second, and
// nothing in a pipe.
type progressLine struct {
	w     io.Writer
	bar   progress.Model
	start time.Time
	last  time.Time
	on    bool
	drawn bool
}

// progressAfter is how long work goes on before its progress is shown.
const progressAfter = time.Second

func newProgressLine(stderr io.Writer) *progressLine {
	p := &progressLine{w: stderr, on: isTerminal(stderr), start: time.Now()}
	if p.on {
		p.bar = progress.New(progress.WithDefaultGradient(), progress.WithWidth(50))
	}
	return p
}

// update shows runs done of total (a sweep's).
func (p *progressLine) update(done, total int) {
	p.show(float64(done)/float64(max(total, 1)), pane.Count(done)+"/"+pane.Count(total)+" runs", done >= total)
}

// virtual shows virtual time done of total (a run's, over its variants).
func (p *progressLine) virtual(done, total time.Duration) {
	p.show(float64(done)/float64(max(total, 1)), fmt.Sprintf("%s of %s of virtual time", shortTime(done), shortTime(total)), done >= total)
}

func (p *progressLine) show(frac float64, text string, final bool) {
	if !p.on {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < progressAfter || (now.Sub(p.last) < 100*time.Millisecond && !final) {
		return
	}
	p.last, p.drawn = now, true
	fmt.Fprintf(p.w, "\r%s %s\x1b[K", p.bar.ViewAs(frac), text)
}

func (p *progressLine) done() {
	if p.on && p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// shortTime writes a virtual time to a tenth of a unit: 41.3 s, 12.5 min, 3.2 h.
func shortTime(d time.Duration) string {
	switch {
	case d >= time.Hour:
		return fmt.Sprintf("%.1f h", d.Hours())
	case d >= time.Minute:
		return fmt.Sprintf("%.1f min", d.Minutes())
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// sweepName says what a sweep ran: the scenario's name (as run's JSON
// gives it) and the variant, counting from 1, with its name.
type sweepName struct {
	Scenario    string
	Variant     int
	VariantName string
	// Command is the command line that runs the sweep again (sweepCommand).
	Command string
	// Faults says the --fault flags every cell ran with (faultFlag.note),
	// or is "": the table and the pictures say it under the label.
	Faults string
}

// defaultSweepSeeds is how many seeds a sweep's cell runs on without --seeds.
const defaultSweepSeeds = 3

// sweepCommand is the command that runs a sweep again, for its JSON: the
// scenario as given, the flags that change a cell's figures (the
// variant, each --vary, the measure and goal, the seeds, each --fault)
// and a --budget it needed; not how it is written out (--format, -o,
// --width) or how fast (--workers). A JSON whose sweep had a fault named
// the scenario alone, and a rerun of it ran another scenario.
func sweepCommand(scenario string, variant int, vary []string, measure, goal string, seed uint64, seeds int, faults *faultFlag, budgetSet bool, budget *budgetFlag) string {
	words := []string{"breakerlab", "sweep", shellArg(scenario)}
	if variant != 1 {
		words = append(words, "--variant", strconv.Itoa(variant))
	}
	for _, v := range vary {
		words = append(words, "--vary", shellArg(v))
	}
	words = append(words, "--measure", shellArg(measure))
	if goal != "" {
		words = append(words, "--goal", shellArg(goal))
	}
	if seed != defaultSeed {
		words = append(words, "--seed", strconv.FormatUint(seed, 10))
	}
	if seeds != defaultSweepSeeds {
		words = append(words, "--seeds", strconv.Itoa(seeds))
	}
	for _, f := range faults.typed {
		words = append(words, "--fault", shellWord(f))
	}
	if budgetSet {
		words = append(words, "--budget", budget.String())
	}
	return strings.Join(words, " ")
}

// label is the heading of the heatmap and the pictures: "cascade, variant
// 1 (one shared pool of 200 threads)".
func (n sweepName) label() string {
	return fmt.Sprintf("%s, variant %d (%s)", n.Scenario, n.Variant, n.VariantName)
}

// heading is the label and, under it, the faults the sweep ran with,
// wrapped at width: a table or a slide of a sweep with --fault read as
// the scenario's own, whose figures differ.
func (n sweepName) heading(width int) string {
	if n.Faults == "" {
		return n.label()
	}
	return n.label() + "\n" + strings.TrimSuffix(report.Wrap(n.Faults, width, 2), "\n")
}

// pictureTitleWidth is the widest line, in characters, a picture's title
// is wrapped at: the plot under it, some 27 cm, holds some 130 at the
// title's size.
const pictureTitleWidth = 120

// writeSweep writes a sweep's result in the format asked for. tty is the
// terminal w writes to, or nil when w goes to a pipe or a file: the
// table's colours are chosen for it. The renderer is built on tty, not
// on w, which wraps it (openOutput): lipgloss finds a terminal only in a
// file it can ask, and on the wrapper it found none and drew no colour.
func writeSweep(w io.Writer, res *sweep.Result, name sweepName, format string, width int, tty io.Writer) error {
	switch format {
	case "csv":
		return writeSweepCSV(w, res)
	case "json":
		return writeSweepJSON(w, res, name)
	case "svg", "png":
		return picture.SweepNamed(w, res, name.heading(pictureTitleWidth), format, noneOnAxes(res.Plan))
	}
	r := theme.Plain()
	if tty != nil && !theme.NoColor(os.Getenv) {
		r = theme.NewRenderer(tty, false)
	}
	_, err := fmt.Fprintf(w, "%s\n%s%s", name.heading(width), roundedNotes(res.Plan, "\n"), sweepui.HeatmapNamed(res, theme.New(r), width, noneOnAxes(res.Plan)))
	return err
}

// roundedNotes is, for each axis of the plan whose whole-number knob had
// its steps rounded, the line that says so and what it swept
// (Axis.RoundedNote), each ended by end: the table's lines, or a note
// on stderr beside a file that has no room for one.
func roundedNotes(p *sweep.Plan, end string) string {
	var b strings.Builder
	for _, ax := range p.Axes {
		if note := ax.RoundedNote(); note != "" {
			b.WriteString(note + end)
		}
	}
	return b.String()
}

// noneOnAxes is, per axis of the plan (x, then y), what its knob's 0
// means when that 0 is none at all ("no limit": a pool's cap at 0 opens
// as many connections as are asked for), or "": the table, the map and
// the pictures' ticks label such a 0 so, as the sandbox's sweep does, not
// as the tightest value. CSV and JSON keep the number, for the programs
// that read them.
func noneOnAxes(p *sweep.Plan) [2]string {
	var none [2]string
	for a, ax := range p.Axes {
		if a < len(none) {
			none[a] = lessons.NoneWords(ax.Path)
		}
	}
	return none
}

// num writes a figure for CSV: empty when there is none.
func num(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// exactNum is an axis's value for the CSV, in the fewest digits that read
// back as it.
func exactNum(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// writeSweepCSV writes one row a cell. Each axis's column and the mean's
// name their unit as the table's head does ("recommendations.timeout (s)",
// "search.ok mean (share)"; min, max and std are the mean's): a duration
// axis is in ms or in s by its range (sweep.ParseVary), so a column of
// 2, 4, 6 would not say which.
func writeSweepCSV(w io.Writer, res *sweep.Result) error {
	p := res.Plan
	nx, ny := p.Size()
	var head []string
	for _, ax := range p.Axes {
		head = append(head, sweepui.AxisLabel(ax))
	}
	head = append(head, "runs", "values", csvMean(p.Measure), "min", "max", "std")
	// The goal's metric gets a column of its own only when it is not the
	// one measured: the same metric twice would repeat the mean under a
	// name a CSV reader cannot tell from the first.
	goalColumn := p.Goal != nil && !sameMetric(p.Goal.Metric, p.Measure)
	switch {
	case goalColumn:
		// How many seeds gave the goal's metric a value: a cell where
		// some did not (a breaker that never opened) meets no goal.
		head = append(head, csvMean(p.Goal.Metric), "goal values", "goal met")
	case p.Goal != nil:
		head = append(head, "goal met")
	}
	// A part's name may hold a space, and its path then quotes it
	// ("orders db".timeout): a CSV reader takes a bare quote for an error.
	var b strings.Builder
	cw := csv.NewWriter(&b)
	if err := cw.Write(head); err != nil {
		return err
	}
	cw.Flush()
	for j := range ny {
		for i := range nx {
			c := res.Cell(i, j)
			// An axis's value with every digit the cell ran with: num's six
			// wrote 2840.909ms as 2840.91, and a run of that differs.
			fmt.Fprintf(&b, "%s", exactNum(p.Axes[0].X[i]))
			if len(p.Axes) > 1 {
				fmt.Fprintf(&b, ",%s", exactNum(p.Axes[1].X[j]))
			}
			fmt.Fprintf(&b, ",%d,%d,%s,%s,%s,%s", c.Runs, c.N, num(c.Mean), num(c.Min), num(c.Max), num(c.Std))
			switch {
			case goalColumn:
				fmt.Fprintf(&b, ",%s,%d,%t", num(c.GoalMean), c.GoalN, c.Met)
			case p.Goal != nil:
				fmt.Fprintf(&b, ",%t", c.Met)
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// sweepKnobs is the knobs of variant v a sweep takes: lessons.NumberKnobs
// less those the plan refuses for the variant (a part of a policy it does
// not have, a knob that cannot change anything in it), so that the list
// offers only what --vary accepts.
func sweepKnobs(build func() *engine.Scenario, v int) []string {
	var out []string
	for _, k := range lessons.NumberKnobs(build(), v) {
		if sweep.Sweepable(build, v, lessons.SetKnob, k) == nil {
			out = append(out, k)
		}
	}
	return out
}

// csvMean is the header of a metric's mean in the CSV, with the unit its
// figures have there: "search.ok mean (share)", "recommendations.first_open
// mean (s)".
func csvMean(m sweep.Metric) string { return m.Name + " mean (" + m.Unit() + ")" }

// jnum is a figure for JSON: null when there is none.
type jnum float64

func (n jnum) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(n)) || math.IsInf(float64(n), 0) {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatFloat(float64(n), 'g', -1, 64)), nil
}

// sameMetric says whether a and b measure the same thing.
func sameMetric(a, b sweep.Metric) bool { return a.Owner == b.Owner && a.Field == b.Field }

// jsonUnit is the unit a metric's figures have in the JSON, and what turns
// the sweep's figure into it: the JSON gives every time in ms, as run's
// JSON does (transitions[].at_ms, latency_ms), so first_open, which the
// heatmap, the CSV and --goal give in seconds, is written in ms, to the
// microsecond as run writes at_ms (a one-seed cell's first_open is run's
// first at_ms to open, digit for digit).
func jsonUnit(m sweep.Metric) (unit string, conv func(float64) float64) {
	if m.Unit() == "s" {
		return "ms", func(s float64) float64 { return math.Round(s*1e6) / 1000 }
	}
	return m.Unit(), func(v float64) float64 { return v }
}

// writeSweepJSON writes the sweep as one JSON object (README, "Sweeps,
// pictures and recordings"): the scenario's name, as run's JSON gives it,
// and the variant apart; the measure with its unit; the goal as --goal
// reads it (99% as 0.99, 0.25s as 250 ms: one goal typed two ways writes
// one text; command keeps what was typed), with its threshold and unit as
// the cells' goal_mean has them;
// the axes; and one object a cell.
func writeSweepJSON(w io.Writer, res *sweep.Result, name sweepName) error {
	p := res.Plan
	type axis struct {
		Path   string `json:"path"`
		Unit   string `json:"unit"`
		Values []jnum `json:"values"`
	}
	type cell struct {
		I     int   `json:"x"` // indexes into axes[0].values
		J     int   `json:"y"` // and axes[1].values
		Runs  int   `json:"runs"`
		N     int   `json:"values"`
		MeanJ jnum  `json:"mean"`
		MinJ  jnum  `json:"min"`
		MaxJ  jnum  `json:"max"`
		StdJ  jnum  `json:"std"`
		Goal  *jnum `json:"goal_mean,omitempty"`
		GoalN *int  `json:"goal_values,omitempty"` // seeds that gave the goal's metric a value
		Met   *bool `json:"goal_met,omitempty"`
	}
	unit, conv := jsonUnit(p.Measure)
	doc := struct {
		Command       string   `json:"command"`
		Scenario      string   `json:"scenario"`
		Variant       int      `json:"variant"`
		VariantName   string   `json:"variant_name"`
		Measure       string   `json:"measure"`
		Unit          string   `json:"unit"`
		Goal          string   `json:"goal,omitempty"`
		GoalThreshold *jnum    `json:"goal_threshold,omitempty"`
		GoalUnit      string   `json:"goal_unit,omitempty"`
		Seeds         []uint64 `json:"seeds"`
		Axes          []axis   `json:"axes"`
		Runs          int      `json:"runs"`
		Total         int      `json:"total"`
		Cells         []cell   `json:"cells"`
	}{Command: name.Command, Scenario: name.Scenario, Variant: name.Variant, VariantName: name.VariantName,
		Measure: p.Measure.Name, Unit: unit, Seeds: p.Seeds, Runs: res.Runs, Total: res.Total}
	var goalConv func(float64) float64
	if p.Goal != nil {
		doc.Goal = p.Goal.String()
		doc.GoalUnit, goalConv = jsonUnit(p.Goal.Metric)
		th := jnum(goalConv(p.Goal.Threshold))
		doc.GoalThreshold = &th
	}
	for _, a := range p.Axes {
		ax := axis{Path: a.Path, Unit: a.Unit}
		for _, x := range a.X {
			ax.Values = append(ax.Values, jnum(x))
		}
		doc.Axes = append(doc.Axes, ax)
	}
	nx, ny := p.Size()
	for j := range ny {
		for i := range nx {
			c := res.Cell(i, j)
			e := cell{I: i, J: j, Runs: c.Runs, N: c.N, MeanJ: jnum(conv(c.Mean)), MinJ: jnum(conv(c.Min)),
				MaxJ: jnum(conv(c.Max)), StdJ: jnum(conv(c.Std))}
			if p.Goal != nil {
				g, gn, met := jnum(goalConv(c.GoalMean)), c.GoalN, c.Met
				e.Goal, e.GoalN, e.Met = &g, &gn, &met
			}
			doc.Cells = append(doc.Cells, e)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // the goal reads search.ok>=0.99, not \u003e=
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// messageWidth is the widest line a sweep's refusal writes: a terminal's
// 80 columns, in a pipe as on a terminal, as MeasureChoices fits its list.
const messageWidth = 80

// fitMessage wraps text, the first line of a refusal of sweep's, to
// messageWidth with the prefix main prints before it (fitFor).
func fitMessage(text string) string { return fitFor("sweep", text) }

// fitFor wraps text, the first line of a refusal, which main prints after
// "breakerlab CMD: ", so that with that prefix each of its lines fits
// messageWidth; the lines after the first are indented by two.
func fitFor(cmd, text string) string {
	prefix := "breakerlab " + cmd + ": "
	return strings.TrimSuffix(strings.TrimPrefix(report.Wrap(prefix+text, messageWidth, 2), prefix), "\n")
}

// measureRefusal is the usage error of a --measure or --goal refused
// (lessons.ParseMetric, lessons.ParseGoal: a misspelt measure is offered
// the nearest): the list of measures under the first line fits already
// (MeasureChoices); the first line, long names and all, is fitted with
// the prefix it is printed after.
func measureRefusal(err error) error {
	head, choices, _ := strings.Cut(err.Error(), "\n")
	if choices != "" {
		choices = "\n" + choices
	}
	return usagef("%s%s", fitMessage(head), choices)
}
