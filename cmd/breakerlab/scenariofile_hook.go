package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/userfile"
)

// maxScenarioFile bounds how much of a scenario file is read: a real one is
// a few kilobytes.
const maxScenarioFile = 4 << 20

// scenarioUse is a command that takes a scenario: its name, which main
// prints before a refusal, and the built-in scenarios it takes, which a
// name it does not know is offered. sweep refuses shuffle, so its list
// leaves shuffle out: a list of every built-in offered what it refused.
type scenarioUse struct {
	cmd      string
	builtins func() []string
}

var (
	runUse     = scenarioUse{"run", scenarioNames}
	sandboxUse = scenarioUse{"sandbox", scenarioNames}
	recordUse  = scenarioUse{"record", scenarioNames}
	sweepUse   = scenarioUse{"sweep", sweepScenarios}
)

// loadScenarioFile reads and parses a teacher's scenario file for use.
// Every problem with the file (missing, unreadable, not a valid scenario)
// is a usage error, so the program exits with code 2; a parse error names
// the file as given, the line, and what is allowed. A name that is neither
// a built-in scenario nor a file is offered the built-ins use takes, on
// lines that fit 80 columns behind "breakerlab CMD: ", ending with where
// the command is explained, as a flag refused does.
func loadScenarioFile(path string, use scenarioUse) (*engine.Scenario, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		names := use.builtins()
		builtins := strings.Join(names, ", ")
		if !strings.ContainsAny(path, `/\`) && !strings.HasSuffix(path, ".toml") {
			return nil, nameRefusal(quietWrap{fmt.Sprintf("no built-in scenario or scenario file is called %q%s (built in: %s; a scenario file is a path to a .toml file)", path, didYouMean(path, names), builtins), err})
		}
		return nil, nameRefusal(quietWrap{fmt.Sprintf("scenario file %s does not exist (give a built-in scenario, one of %s, or the path of a .toml scenario file)", path, builtins), err})
	}
	if err != nil {
		return nil, usagef("cannot open scenario file %s: %w", path, err)
	}
	if err := userfile.Folder(path, "scenario file"); err != nil {
		f.Close()
		return nil, usagef("%w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxScenarioFile+1))
	if err != nil {
		return nil, usagef("cannot read scenario file %s: %w", path, err)
	}
	if len(data) > maxScenarioFile {
		return nil, usagef("scenario file %s is larger than %d MiB; a scenario file is a few kilobytes of TOML", path, maxScenarioFile>>20)
	}
	if err := userfile.Text(path, data, "scenario file", scenarioFileIs); err != nil {
		return nil, usagef("%w", err)
	}
	sc, err := scenariofile.Parse(path, data)
	if err != nil {
		return nil, usagef("%w", err)
	}
	return sc, nil
}

// dumpScenario writes a built-in scenario as a scenario file, which
// `breakerlab run FILE` runs to exactly the built-in's results.
func dumpScenario(name string, w io.Writer) error {
	if name == shuffleScenario.Name {
		return nameUsagef("%s runs on its own engine and has no scenario file form; --dump takes one of %s", name, strings.Join(scenarios.Names(), ", "))
	}
	b, ok := scenarios.Lookup(name)
	if !ok {
		return nameUsagef("no built-in scenario is called %q; --dump takes one of %s", name, strings.Join(scenarios.Names(), ", "))
	}
	text, err := scenariofile.Dump(b.Build())
	if err != nil {
		return fmt.Errorf("writing %s as a scenario file: %w", name, err)
	}
	_, err = w.Write(text)
	return err
}

// quietWrap is an error with its own message that still wraps the error
// behind it (for errors.Is), without repeating that error's words.
type quietWrap struct {
	msg string
	err error
}

func (q quietWrap) Error() string { return q.msg }
func (q quietWrap) Unwrap() error { return q.err }

// scenarioFileIs says what a scenario file is, for a refusal of one that
// is empty or binary.
const scenarioFileIs = "TOML; `breakerlab scenarios --dump NAME` writes a built-in one to start from"
