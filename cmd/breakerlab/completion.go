package main

import (
	"errors"
	"flag"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/internal/flagerr"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/lessons/facts"
)

// Completion: `breakerlab completion SHELL` prints cobra's script, which
// calls the hidden `breakerlab __complete ARGS...`; that reaches complete
// below with the command's raw arguments (flag parsing is the command's own).
// Flag names and which flags take a value are read from each command's own
// flag set (flagInfo), so a flag added to a command completes without an edit
// here; what a flag's value or a positional argument can be is said here.

func init() {
	register(command{name: "completion", summary: "print a shell completion script", usage: "completion bash|zsh|fish|powershell", run: runCompletion})
}

var completionShells = []string{"bash", "zsh", "fish", "powershell"}

func runCompletion(args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 {
		return usagef("completion takes one shell, one of %s; got %s", strings.Join(completionShells, ", "), argsWords(args))
	}
	root := newRoot(stdout, stderr)
	switch strings.ToLower(args[0]) {
	case "bash":
		return root.GenBashCompletionV2(stdout, true)
	case "zsh":
		return root.GenZshCompletion(stdout)
	case "fish":
		return root.GenFishCompletion(stdout, true)
	case "powershell":
		return root.GenPowerShellCompletionWithDesc(stdout)
	}
	if strings.HasPrefix(args[0], "-") {
		return noArguments("completion", "one shell, one of "+strings.Join(completionShells, ", "), args)
	}
	return nameUsagef("no completion for %q; the shells are: %s", args[0], strings.Join(completionShells, ", "))
}

// flagSpec is one flag as the command's parser knows it.
type flagSpec struct {
	name    string
	value   bool     // takes a value (not a true/false switch)
	choices []string // the values a choice flag allows
	// argAfter: a switch that takes the argument after it as its value
	// when one is given (interview --history 3), which the parser leaves
	// to the command as a positional argument.
	argAfter bool
}

// flagInfo reads a command's flags from the flag set its parser answers
// --help with (flagList): whether each takes a value is what the flag
// package decides it by, a Value whose IsBoolFlag is true being a switch.
// The parser's refusals are no guide: their words are flagerr's to change.
func flagInfo(c command) []flagSpec {
	if c.name == "exercises" || c.name == "completion" {
		return nil
	}
	var l flagList
	if err := c.run([]string{"--help"}, io.Discard, io.Discard); !errors.As(err, &l) {
		return nil
	}
	var specs []flagSpec
	l.fs.VisitAll(func(f *flag.Flag) {
		s := flagSpec{name: f.Name, value: !isSwitch(f.Value)}
		v := f.Value
		if w, ok := v.(wordedDefault); ok {
			v = w.Value
		}
		switch v := v.(type) {
		case *choiceFlag:
			s.choices = v.choices
		case *historyFlag:
			s.argAfter = true
		}
		specs = append(specs, s)
	})
	return specs
}

// isSwitch is the flag package's own test for a flag that takes no value.
func isSwitch(v flag.Value) bool {
	b, ok := v.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// complete answers `breakerlab NAME ARGS... TOCOMPLETE<TAB>`.
func complete(c command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if c.name == "exercises" {
		return completeExercises(args, toComplete)
	}
	specs := flagInfo(c)
	byName := map[string]flagSpec{}
	for _, s := range specs {
		byName[s.name] = s
	}
	// The positional arguments so far, and whether the word being completed
	// is a flag's value.
	// given holds the values flags were given, the last of each.
	var pos []string
	var pending *flagSpec
	given := map[string]string{}
	flagsEnded := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			flagsEnded = true
			break
		}
		if name, ok := flagName(a); ok {
			if _, v, ok := strings.Cut(a, "="); ok {
				given[name] = v
			} else if s := byName[name]; i+1 == len(args) && (s.value || s.argAfter) {
				pending = &s
			} else if s.value {
				given[name] = args[i+1]
				i++
			}
			continue
		}
		pos = append(pos, a)
	}
	if pending != nil {
		return completeValue(c, *pending, pos, given, toComplete, "")
	}
	// A lone "-" or "--" is a flag begun, not yet named.
	if strings.HasPrefix(toComplete, "-") && !flagsEnded {
		if eq := strings.IndexByte(toComplete, '='); eq >= 0 {
			if s, ok := byName[strings.TrimLeft(toComplete[:eq], "-")]; ok && (s.value || s.argAfter) {
				return completeValue(c, s, pos, given, toComplete[eq+1:], toComplete[:eq+1])
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, s := range specs {
			if f := flagerr.Dashed(s.name); strings.HasPrefix(f, toComplete) {
				out = append(out, f)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	return completePositional(c.name, pos, toComplete)
}

// flagName is the name of a flag argument (-x, --x, --x=v), if a is one.
func flagName(a string) (string, bool) {
	if len(a) < 2 || a[0] != '-' || a == "--" {
		return "", false
	}
	name := strings.TrimLeft(a, "-")
	if eq := strings.IndexByte(name, '='); eq >= 0 {
		name = name[:eq]
	}
	return name, true
}

// completePositional completes a command's positional arguments.
func completePositional(name string, pos []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	switch name {
	case "run", "sandbox", "sweep", "record":
		if len(pos) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return scenarioOrFile(toComplete)
	case "scenarios":
		return nil, cobra.ShellCompDirectiveNoFileComp
	case "new":
		if len(pos) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return []string{"toml"}, cobra.ShellCompDirectiveFilterFileExt
	case "lesson":
		if len(pos) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return namesOrFiles(lessonIDs(), toComplete, "md")
	case "challenge":
		if len(pos) > 0 {
			return nil, cobra.ShellCompDirectiveDefault // the design file of --check
		}
		return prefixed(challengeIDs(), toComplete), cobra.ShellCompDirectiveNoFileComp
	case "challenges":
		return nil, cobra.ShellCompDirectiveFilterFileExt
	case "presets":
		return prefixed(presetNames(), toComplete), cobra.ShellCompDirectiveNoFileComp
	case "facts":
		return prefixed(factNames(), toComplete), cobra.ShellCompDirectiveNoFileComp
	case "interview":
		return prefixed(interviewPrompts(), toComplete), cobra.ShellCompDirectiveNoFileComp
	case "lab":
		if len(pos) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return prefixed([]string{"checkout"}, toComplete), cobra.ShellCompDirectiveNoFileComp
	case "completion":
		if len(pos) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return prefixed(completionShells, toComplete), cobra.ShellCompDirectiveNoFileComp
	case "man":
		return nil, cobra.ShellCompDirectiveFilterDirs
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// completeValue completes a flag's value; prefix is what comes before the
// value in the word ("--format="), given the values other flags have.
func completeValue(c command, s flagSpec, pos []string, given map[string]string, toComplete, prefix string) ([]string, cobra.ShellCompDirective) {
	var vals []string
	dir := cobra.ShellCompDirectiveNoFileComp
	switch {
	case len(s.choices) > 0:
		vals = s.choices
	case s.name == "vary":
		vals, dir = varyKnobs(pos, given), cobra.ShellCompDirectiveNoSpace|cobra.ShellCompDirectiveNoFileComp
	case c.name == "sweep" && s.name == "measure":
		vals = sweepMeasures(pos, given)
	case c.name == "sweep" && s.name == "goal":
		if strings.ContainsAny(toComplete, "<>=") {
			return nil, cobra.ShellCompDirectiveNoFileComp // the threshold is the user's
		}
		// The metric, for the user to go on with >=, <=, > or <.
		vals, dir = sweepMeasures(pos, given), cobra.ShellCompDirectiveNoSpace|cobra.ShellCompDirectiveNoFileComp
	case s.name == "fault":
		vals, dir = faultCompletions(completionScenario(pos), toComplete), cobra.ShellCompDirectiveNoSpace|cobra.ShellCompDirectiveNoFileComp
	case s.name == "dump":
		vals = scenarioNames()
	case s.name == "rubric":
		vals = interviewPrompts()
	case s.name == "history":
		vals = savedInterviewIDs()
	case s.name == "lesson" && c.name == "record":
		vals = lessonIDs()
	case s.name == "o", s.name == "authorized-keys", s.name == "teacher-key":
		return nil, cobra.ShellCompDirectiveDefault
	case s.name == "data-dir":
		return nil, cobra.ShellCompDirectiveFilterDirs
	}
	var out []string
	for _, v := range prefixed(vals, toComplete) {
		out = append(out, prefix+v)
	}
	return out, dir
}

// varyKnobs are the knob paths `sweep --vary` accepts on the scenario the
// arguments name, on the variant --variant gives (the first without it),
// each followed by "=": sweepKnobs, the list `sweep SCENARIO` prints and
// the sweep's own check, so that no knob offered is refused.
func varyKnobs(pos []string, given map[string]string) []string {
	sc := completionScenario(pos)
	if sc == nil {
		return nil
	}
	build, err := sweepBuilder(pos[0])
	if err != nil {
		return nil
	}
	var out []string
	for _, k := range sweepKnobs(build, completionVariant(sc, given)) {
		out = append(out, k+"=")
	}
	return out
}

// completionVariant is the variant (from 0) --variant names on sc, the
// first when it names none of sc's.
func completionVariant(sc *engine.Scenario, given map[string]string) int {
	if n, err := strconv.Atoi(given["variant"]); err == nil && n >= 1 && n <= len(sc.Variants) {
		return n - 1
	}
	return 0
}

// sweepMeasures are the metrics `sweep --measure` takes on the scenario
// the arguments name, on the variant --variant gives (the first without
// it): sweep.Measures, the list its parser reads.
func sweepMeasures(pos []string, given map[string]string) []string {
	sc := completionScenario(pos)
	if sc == nil {
		return nil
	}
	return sweep.Measures(sc, completionVariant(sc, given))
}

// completionScenario is the scenario the arguments name, or nil.
func completionScenario(pos []string) *engine.Scenario {
	if len(pos) == 0 {
		return nil
	}
	if isScenarioFile(pos[0]) {
		// A completion shows no refusal: which command's list it would
		// offer does not matter.
		if parsed, err := loadScenarioFile(pos[0], runUse); err == nil {
			return parsed
		}
	} else if s, err := loadScenario(pos[0]); err == nil {
		return s
	}
	return nil
}

// scenarioOrFile completes a built-in scenario's name or a .toml file.
func scenarioOrFile(toComplete string) ([]string, cobra.ShellCompDirective) {
	return namesOrFiles(scenarioNames(), toComplete, "toml")
}

// namesOrFiles completes the names that start with toComplete; when none
// does, the shell completes files with the extension.
func namesOrFiles(names []string, toComplete, ext string) ([]string, cobra.ShellCompDirective) {
	if out := prefixed(names, toComplete); len(out) > 0 && !strings.ContainsAny(toComplete, `/\.`) {
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	return []string{ext}, cobra.ShellCompDirectiveFilterFileExt
}

func prefixed(names []string, prefix string) []string {
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	return out
}

func lessonIDs() []string {
	all, err := lessons.All()
	if err != nil {
		return nil
	}
	var ids []string
	for _, l := range all {
		ids = append(ids, l.ID)
	}
	return ids
}

func challengeIDs() []string {
	all, err := challenge.All()
	if err != nil {
		return nil
	}
	var ids []string
	for _, c := range all {
		ids = append(ids, c.ID)
	}
	return ids
}

func presetNames() []string {
	var names []string
	for _, p := range breaker.Presets() {
		names = append(names, p.Name)
	}
	return names
}

func factNames() []string {
	var names []string
	for _, f := range facts.All() {
		names = append(names, f.Name)
	}
	sort.Strings(names)
	return names
}

func interviewPrompts() []string {
	var ids []string
	for _, p := range drill.Prompts() {
		ids = append(ids, p.ID)
	}
	return ids
}

// exercisesCommands are `breakerlab exercises`' own subcommands.
var exercisesCommands = []string{"init", "list", "check", "hint", "reset", "solution"}

// exercisesValueFlags are the flags of `breakerlab exercises` that take a
// value (--timeout 2m); the others are switches (--yes, --tests, --manual).
var exercisesValueFlags = map[string]bool{"timeout": true}

func completeExercises(args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if strings.HasPrefix(toComplete, "-") {
		return prefixed([]string{"--manual", "--timeout", "--yes", "--tests"}, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
	if len(args) == 0 {
		return prefixed(exercisesCommands, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
	// The subcommands take their flags anywhere among their arguments
	// (reset --yes 01 is reset 01 --yes): the exercise's ID is the first
	// argument after the subcommand that is neither a flag nor a flag's
	// value.
	var pos []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		name, ok := flagName(a)
		if !ok {
			pos = append(pos, a)
			continue
		}
		if exercisesValueFlags[name] && !strings.Contains(a, "=") {
			if i+1 == len(args) {
				return nil, cobra.ShellCompDirectiveNoFileComp // the value is the user's: --timeout 2m
			}
			i++
		}
	}
	switch args[0] {
	case "init":
		return nil, cobra.ShellCompDirectiveFilterDirs
	case "check", "hint", "reset", "solution":
		if len(pos) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var ids []string
		for _, e := range exercises.All() {
			ids = append(ids, e.Name)
		}
		return prefixed(ids, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}
