package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/internal/spell"
	"github.com/breakerlab/breakerlab/tui/picture"
)

// defaultSeed is the seed the reference documents use.
const defaultSeed = 5

func init() {
	register(command{name: "run", summary: "run a scenario headless and print its results", usage: "run SCENARIO|FILE [--seed N] [--variant N] [--fault SPEC]... [--format table|json|csv|svg|png] [-o FILE]", run: runRun})
	register(command{name: "scenarios", summary: "list the built-in scenarios, or print one as a scenario file", usage: "scenarios [--width N | --wide] [--dump NAME]", run: runScenarios})
}

func runRun(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	seed := fs.Uint64("seed", defaultSeed, "the random seed: the same seed gives the same result")
	format := &choiceFlag{value: "table", choices: []string{"table", "json", "csv", "svg", "png"}}
	fs.Var(format, "format", "output format: table, json, csv, or a picture: svg or png")
	outPath := fs.String("o", "", "write the output to `FILE` instead of standard output")
	variant := fs.Int("variant", 0, "show only variant `N`, "+rangeMark+", counted as sweep and sandbox count them")
	openRange(fs, "variant", 1, variantRange)
	sayDefault(fs, "variant", "every variant", false)
	// The table is read by people, in a pipe (| less, | cat) as on a
	// terminal: it wraps to 80 columns there, as presets and facts do;
	// scripts read --format csv or json, or ask for --wide.
	widths := addReadTableWidthFlags(fs)
	budget := addBudgetFlag(fs)
	faults := addFaultFlag(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	width, err := widths.resolve(outputTarget(stdout, *outPath))
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("%s", fitFor(runUse.cmd, fmt.Sprintf("run takes one scenario name (built in: %s) or the path of a .toml scenario file, got %d arguments", strings.Join(runUse.builtins(), ", "), len(pos))))
	}
	if err := refuseForeignName("run", format, *outPath); err != nil {
		return err
	}
	if format.value, err = outputFormat(fs, format, *outPath); err != nil {
		return err
	}
	out, err := openOutput(stdout, *outPath, format.value)
	if err != nil {
		return err
	}
	defer out.Discard()
	// 0 stands for every variant when --variant is left out; typed, it is
	// a variant that does not exist (they count from 1), and was taken
	// as every variant.
	var only *int
	if given(fs, "variant") {
		only = variant
	}
	if err := writeRun(out, pos[0], *seed, only, format.value, width, faults, budget, stderr); err != nil {
		return err
	}
	if err := out.Commit(); err != nil {
		return fmt.Errorf("writing %s: %w", *outPath, err)
	}
	return nil
}

// foreignKinds are the extensions of files a reader opens as something
// other than text, by what they hold. -o with such a name is refused: a
// table written into slide.jpg opens as a broken picture, and was written
// without a word while -o slide.png drew one. Any other name (results.txt,
// out) is text, and takes --format or the table.
var foreignKinds = map[string]string{
	"jpg": "picture", "jpeg": "picture", "gif": "picture", "webp": "picture", "bmp": "picture",
	"tif": "picture", "tiff": "picture", "avif": "picture", "heic": "picture", "ico": "picture",
	"pdf": "document", "docx": "document", "odt": "document", "pptx": "document", "odp": "document",
	"xlsx": "spreadsheet", "ods": "spreadsheet",
}

// refuseForeignName refuses an -o whose name is a kind of file that
// command cmd, with its formats, cannot write, and names the ones it can.
func refuseForeignName(cmd string, format *choiceFlag, path string) error {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	kind, ok := foreignKinds[ext]
	if !ok {
		return nil
	}
	var files []string
	for _, f := range format.choices {
		if f != "table" {
			files = append(files, "."+f)
		}
	}
	last := len(files) - 1
	return usagef("-o %s: a .%s file is a %s, which %s cannot write: it writes %s and %s files, and its table in a file of any other name, such as %s.txt",
		path, ext, kind, cmd, strings.Join(files[:last], ", "), files[last], strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
}

// writeRun runs the scenario named arg and writes its results to stdout
// in format: every variant, or only variant (counting from 1) when it is
// not nil. A variant runs alone as it runs beside the others, on the same
// seeded traffic, so its numbers are those of its column in the full run.
func writeRun(stdout io.Writer, arg string, seed uint64, only *int, format string, width int, faults *faultFlag, budget *budgetFlag, stderr io.Writer) error {
	if arg == shuffleScenario.Name {
		if len(faults.specs) > 0 {
			return usagef("--fault: shuffle has its own engine, with its poisoned customer as its only fault")
		}
		if only != nil {
			return usagef("--variant: shuffle's strategies run together on one fleet, and run shows them all; leave --variant out")
		}
		return runShuffle(stdout, seed, format, width, stderr)
	}
	var err error
	var sc *engine.Scenario
	if isScenarioFile(arg) {
		sc, err = loadScenarioFile(arg, runUse)
	} else {
		sc, err = loadScenario(arg)
	}
	if err != nil {
		return err
	}
	if sc, err = faults.apply(sc); err != nil {
		return err
	}
	if only != nil {
		variant := *only
		if variant < 1 || variant > len(sc.Variants) {
			return variantRefusal(sc, variant, "; leave it out to show every variant")
		}
		sc.Variants = sc.Variants[variant-1 : variant : variant]
	}
	if err := budget.check(engine.EstimateCost(sc)); err != nil {
		return err
	}
	snaps, err := runWithProgress(sc, seed, stderr)
	if err != nil {
		return err
	}
	switch format {
	case "svg", "png":
		return picture.Run(stdout, sc, seed, snaps, format)
	case "json":
		rep := report.Build(sc, seed, snaps)
		rep.Faults = faults.strings()
		return report.WriteJSON(stdout, rep)
	case "csv":
		return report.WriteCSV(stdout, sc, seed, faults.strings(), snaps)
	}
	var notes []string
	if note := faults.note(); note != "" {
		notes = append(notes, note)
	}
	return report.WriteTableWidth(stdout, sc, seed, snaps, width, notes...)
}

// runWithProgress runs every variant of sc, showing progress on stderr
// (when it is a terminal and the run takes over a second); ctrl+c stops it
// between slices of virtual time, with nothing printed.
func runWithProgress(sc *engine.Scenario, seed uint64, stderr io.Writer) ([]engine.Snapshot, error) {
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	bar := newProgressLine(stderr)
	var at, total time.Duration
	snaps, err := engine.RunAllContext(ctx, sc, seed, func(done, all time.Duration) {
		at, total = done, all
		bar.virtual(done, all)
	})
	bar.done()
	switch {
	case errors.Is(err, context.Canceled):
		return nil, fmt.Errorf("interrupted after %s of %s of virtual time; nothing is printed", shortTime(at), shortTime(total))
	case err != nil:
		return nil, fmt.Errorf("running %s: %w", sc.Name, err)
	}
	return snaps, nil
}

// loadScenario resolves a built-in scenario's name.
func loadScenario(name string) (*engine.Scenario, error) {
	if b, ok := scenarios.Lookup(name); ok {
		return b.Build(), nil
	}
	return nil, usagef("no built-in scenario is called %q%s (built in: %s)", name, didYouMean(name, scenarioNames()), strings.Join(scenarioNames(), ", "))
}

// didYouMean is "; did you mean NAME?" for the known name got most likely
// meant, or "" when none is near.
func didYouMean(got string, known []string) string {
	if near := spell.Closest(got, known); near != "" {
		return fmt.Sprintf(": did you mean %s?", near)
	}
	return ""
}

// isScenarioFile says whether run's argument names a scenario file rather
// than a built-in scenario.
func isScenarioFile(arg string) bool {
	if strings.ContainsRune(arg, '/') || strings.ContainsRune(arg, filepath.Separator) || strings.HasSuffix(arg, ".toml") {
		return true
	}
	_, builtin := scenarios.Lookup(arg)
	return !builtin
}

// scenarioNames lists every built-in scenario, the shuffle one included.
func scenarioNames() []string {
	names := append(scenarios.Names(), shuffleScenario.Name)
	sort.Strings(names)
	return names
}

// runShuffle runs the shuffle-sharding scenario, which has its own engine;
// its table fits width columns (0: no limit) as every scenario's does.
func runShuffle(stdout io.Writer, seed uint64, format string, width int, stderr io.Writer) error {
	rep, err := shuffleScenario.Run(seed)
	if err != nil {
		return fmt.Errorf("running shuffle: %w", err)
	}
	switch format {
	case "svg", "png":
		return picture.Shuffle(stdout, rep, seed, format)
	case "json":
		return report.WriteJSON(stdout, report.Report{Scenario: shuffleScenario.Name, Seed: seed, Shuffle: rep})
	case "csv":
		return writeShuffleCSV(stdout, rep, stderr)
	}
	return shuffle.WriteTableWidth(stdout, rep, width)
}

// writeShuffleCSV writes the simulation's table of run shuffle as one CSV
// table. shuffle.WriteCSV writes two, the simulation's then, after a blank
// line, the odds of sharing workers, with other columns: no CSV reader
// reads that as one file (pandas reads one ragged table). The odds need no
// simulation and are the same for every seed; the table and the JSON give
// them, as a line on stderr says.
func writeShuffleCSV(stdout io.Writer, rep shuffle.Report, stderr io.Writer) error {
	var b strings.Builder
	if err := shuffle.WriteCSV(&b, rep); err != nil {
		return err
	}
	sim, _, _ := strings.Cut(b.String(), "\n\n")
	if _, err := io.WriteString(stdout, sim+"\n"); err != nil {
		return err
	}
	fmt.Fprintln(stderr, "run shuffle: the CSV is the simulation's table; the odds of sharing workers (the same for every seed) are in --format table and --format json")
	return nil
}

func runScenarios(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("scenarios", flag.ContinueOnError)
	dump := fs.String("dump", "", "print the built-in scenario `NAME` as a scenario file (TOML) that run FILE runs to the same results")
	widths := addListWidthFlags(fs, "a scenario")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	width, err := widths.resolve(stdout)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("scenarios takes no arguments besides --dump NAME, got %s", argsWords(pos))
	}
	if *dump != "" {
		return dumpScenario(*dump, stdout)
	}
	// One line each, name then summary, the summaries in one column past
	// the longest name (rate-limit-vs-bulkhead's ran into its summary); on
	// a terminal and in a pipe the summary wraps under itself.
	col := len(shuffleScenario.Name)
	for _, b := range scenarios.All() {
		col = max(col, len(b.Name))
	}
	col += 2
	for _, b := range scenarios.All() {
		io.WriteString(stdout, report.Wrap(fmt.Sprintf("%-*s %s", col-1, b.Name, b.Summary), width, col))
	}
	io.WriteString(stdout, report.Wrap(fmt.Sprintf("%-*s %s", col-1, shuffleScenario.Name, shuffleScenario.Summary), width, col))
	return nil
}

// variantList names sc's variants with the numbers --variant takes:
// "1 one shared pool of 200 threads, 2 bulkhead: ...".
func variantList(sc *engine.Scenario) string {
	var names []string
	for i, v := range sc.Variants {
		names = append(names, fmt.Sprintf("%d %s", i+1, v.Name))
	}
	return strings.Join(names, ", ")
}
