package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui"
	"github.com/breakerlab/breakerlab/tui/theme"
	"golang.org/x/term"
)

// `breakerlab sandbox [SCENARIO] [--seed N]` opens the live sandbox, or the
// shard view for the shuffle scenario.
func init() {
	register(command{name: "sandbox", summary: "play a scenario live: pool, breaker, charts", usage: "sandbox [SCENARIO|FILE] [--seed N] [--fault SPEC]...", run: runSandbox})
}

// defaultSandboxScenario is what the sandbox opens without a name.
const defaultSandboxScenario = "cascade"

func runSandbox(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("sandbox", flag.ContinueOnError)
	seed := fs.Uint64("seed", defaultSeed, "the random seed: the same seed gives the same run")
	variant := fs.Int("variant", 1, "the variant to open on, "+rangeMark)
	openRange(fs, "variant", 1, variantRange)
	speed := fs.Float64("speed", 1, "virtual seconds per real second, one of "+speedList())
	play := fs.Bool("play", false, "start playing at once")
	presentFlag := fs.Bool("present", false, "start in presentation mode, for a projector (ctrl+p toggles it)")
	budget := addBudgetFlag(fs)
	faults := addFaultFlag(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("%s", fitFor(sandboxUse.cmd, fmt.Sprintf("sandbox takes at most one scenario (built in: %s), got %d: %s", strings.Join(sandboxUse.builtins(), ", "), len(pos), strings.Join(pos, " "))))
	}
	name := defaultSandboxScenario
	if len(pos) == 1 {
		name = pos[0]
	}
	if err := checkSpeed(*speed); err != nil {
		return err
	}
	if name == shuffleScenario.Name {
		variantSet := false
		fs.Visit(func(f *flag.Flag) { variantSet = variantSet || f.Name == "variant" })
		if len(faults.specs) > 0 {
			return usagef("--fault: shuffle has its own engine, with its poisoned customer as its only fault")
		}
		if variantSet {
			return usagef("shuffle has no variants: its shard view shows two strategies side by side (s or e picks them); drop --variant")
		}
		if err := needTerminal(stdout, "the shard view", "`breakerlab run shuffle` prints the same run's numbers"); err != nil {
			return err
		}
		t := terminal()
		t.Present = *presentFlag
		return tui.RunShardView(t, tui.ShardOptions{Seed: *seed, Speed: *speed, Play: *play})
	}
	sc, err := sandboxPlayable(sandboxUse, name, *variant, budget)
	if err != nil {
		return err
	}
	// The faults are the sandbox's injected ones from the start: its
	// chaos list shows them, and removing one brings back the script.
	faulted, err := faults.apply(sc)
	if err != nil {
		return err
	}
	if err := budget.check(engine.EstimateCost(faulted)); err != nil {
		return err
	}
	if err := needTerminal(stdout, "the sandbox", "`breakerlab run "+name+"` prints the same run's numbers (--format table, json or csv)"); err != nil {
		return err
	}
	t := terminal()
	t.Present = *presentFlag
	// The knob form's designs and sweeps are held to the same --budget,
	// and a refusal names the flag that raises it.
	o := sandboxBudgets(budget.n)
	o.Scenario, o.Variant, o.Seed, o.Speed, o.Play, o.Faults = sc, *variant-1, *seed, *speed, *play, faults.specs
	if _, builtIn := scenarios.Lookup(name); !builtIn {
		// A file: the sandbox follows it, reading it again as it was
		// read here, held to the same --budget.
		o.File = name
		o.Reload = func() (*engine.Scenario, error) {
			sc, err := loadScenarioFile(name, sandboxUse)
			if err == nil {
				err = budget.check(engine.EstimateCost(sc))
			}
			return sc, err
		}
	}
	return tui.RunSandbox(t, o)
}

// sandboxBudgets holds the knob form's designs and sweeps to --budget's
// limit, a refusal naming the flag. A sweep is held by the engine's
// estimate of the sweep (the variant it varies, every cell and seed), as
// over SSH; held to every variant of the scenario it was counted some
// three times over, and fleet-probes' default sweep (93 M) was refused.
func sandboxBudgets(limit int64) tui.SandboxOptions {
	return tui.SandboxOptions{
		Budget: func(sc *engine.Scenario, runs int) error {
			return budgetRefusal(engine.CheckBudget(sc, runs, 1, limit))
		},
		SweepBudget: func(c engine.Cost) error { return budgetRefusal(engine.CheckCost(c, limit)) },
		RaiseBudget: func(requests float64) string {
			return fmt.Sprintf("To sweep it whole, start the sandbox with --budget %s.", engine.BudgetValue(requests))
		},
	}
}

// sandboxPlayable resolves the scenario the sandbox (or a recording of
// it) plays, checks the variant asked for, counting from 1, and holds the
// scenario to the budget: the sandbox runs the variants side by side
// (compare), so all of them.
func sandboxPlayable(use scenarioUse, name string, variant int, budget *budgetFlag) (*engine.Scenario, error) {
	sc, err := sandboxScenario(name, use)
	if err != nil {
		return nil, err
	}
	if variant < 1 || variant > len(sc.Variants) {
		return nil, variantRefusal(sc, variant, "")
	}
	if err := budget.check(engine.EstimateCost(sc)); err != nil {
		return nil, err
	}
	return sc, nil
}

// sandboxScenario resolves a built-in scenario's name or a scenario file's
// path (anything with a path separator or a .toml suffix, or an existing file).
func sandboxScenario(name string, use scenarioUse) (*engine.Scenario, error) {
	if _, ok := scenarios.Lookup(name); ok {
		return loadScenario(name)
	}
	if strings.ContainsAny(name, `/\`) || strings.HasSuffix(name, ".toml") {
		return loadScenarioFile(name, use)
	}
	// Neither a built-in name nor a path: the file's refusal, which says
	// a .toml file is taken too (the sandbox, like run, plays one), where
	// the built-ins' alone did not.
	return loadScenarioFile(name, use)
}

// needTerminal refuses, with exit code 2, to open a full-screen program
// unless both stdin and stdout (the writer the command was given) are a
// terminal: without one the program could not draw, or read a key. The
// message names the program and what to run instead.
func needTerminal(stdout io.Writer, what, instead string) error {
	out, ok := outputFile(stdout)
	if ok && term.IsTerminal(int(out.Fd())) && term.IsTerminal(int(os.Stdin.Fd())) {
		return nil
	}
	return usagef("%s needs a terminal, and stdin or stdout is not one; without a terminal, %s", what, instead)
}

// terminal is the process's terminal, with NO_COLOR read from the environment.
func terminal() tui.Terminal {
	return tui.Terminal{NoColor: theme.NoColor(os.Getenv)}
}
