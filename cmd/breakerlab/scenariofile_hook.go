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

// loadScenarioFile reads and parses a teacher's scenario file. Every problem
// with the file (missing, unreadable, not a valid scenario) is a usage error,
// so the program exits with code 2; a parse error names the file as given,
// the line, and what is allowed.
func loadScenarioFile(path string) (*engine.Scenario, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		builtins := strings.Join(scenarioNames(), ", ")
		if !strings.ContainsAny(path, `/\`) && !strings.HasSuffix(path, ".toml") {
			return nil, usageError{quietWrap{fmt.Sprintf("no built-in scenario or scenario file is called %q%s (built in: %s; a scenario file is a path to a .toml file)", path, didYouMean(path, scenarioNames()), builtins), err}}
		}
		return nil, usageError{quietWrap{fmt.Sprintf("scenario file %s does not exist (give a built-in scenario, one of %s, or the path of a .toml scenario file)", path, builtins), err}}
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
		return usagef("%s runs on its own engine and has no scenario file form; --dump takes one of %s", name, strings.Join(scenarios.Names(), ", "))
	}
	b, ok := scenarios.Lookup(name)
	if !ok {
		return usagef("no built-in scenario is called %q; --dump takes one of %s", name, strings.Join(scenarios.Names(), ", "))
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
