package main

import (
	"flag"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
)

// faultFlag is --fault, repeatable: faults injected into the scenario as
// events at their moments (engine/chaos), in the order given.
type faultFlag struct {
	specs []chaos.Spec
	// typed is each spec as given, for apply to refuse it in the words
	// the user wrote ("999s", not "16m39s").
	typed []string
}

// addFaultFlag adds --fault to a command's flags.
func addFaultFlag(fs *flag.FlagSet) *faultFlag {
	f := &faultFlag{}
	fs.Var(f, "fault", "inject a fault `SPEC`, repeatable (a later fault of a part overrides an earlier one where they overlap): "+chaos.Grammar)
	return f
}

// strings is the faults as given, each in its canonical form.
func (f *faultFlag) strings() []string {
	var out []string
	for _, sp := range f.specs {
		out = append(out, sp.String())
	}
	return out
}

// note is the line a table or a picture says its faults in, "with
// --fault 12s recommendations slow 2s for 10s; 20s api#3 down for 15s", or
// "" with none: a reader of the output alone must see that the figures
// are of a run with faults the scenario does not have.
func (f *faultFlag) note() string {
	if f == nil || len(f.specs) == 0 {
		return ""
	}
	return "with --fault " + f.String()
}

func (f *faultFlag) String() string {
	if f == nil {
		return ""
	}
	s := ""
	for i, sp := range f.specs {
		if i > 0 {
			s += "; "
		}
		s += sp.String()
	}
	return s
}

func (f *faultFlag) Set(s string) error {
	sp, err := chaos.Parse(s)
	if err != nil {
		return err
	}
	f.specs = append(f.specs, sp)
	f.typed = append(f.typed, s)
	return nil
}

// apply injects the faults into sc; a fault whose target or kind the
// scenario does not have is a usage error that lists what it has. Every
// refusal quotes the fault as typed, the variants' refusal of the faults
// together too (chaos.ApplyTyped).
func (f *faultFlag) apply(sc *engine.Scenario) (*engine.Scenario, error) {
	for _, s := range f.typed {
		if _, err := chaos.ParseIn(sc, s); err != nil {
			return nil, usagef("--fault: %w", err)
		}
	}
	out, err := chaos.ApplyTyped(sc, f.specs, f.typed, 0)
	if err != nil {
		return nil, usagef("--fault: %w", err)
	}
	return out, nil
}

// faultCompletions completes a --fault spec being typed on sc: after its
// moment, the parts of sc; after a part, the faults it takes. Words are
// cut as chaos.Parse cuts them, so a part is written in quotes where its
// name needs them ("orders db") and a quote left open is a word being
// typed.
func faultCompletions(sc *engine.Scenario, typed string) []string {
	if sc == nil {
		return nil
	}
	words, open := chaos.Fields(typed)
	done := len(words)
	if (open != nil || !strings.HasSuffix(typed, " ")) && done > 0 {
		done-- // the last word is being typed
	}
	spoken := make([]string, done)
	for i, w := range words[:done] {
		spoken[i] = chaos.QuoteName(w)
	}
	head := strings.Join(spoken, " ")
	targets := chaos.TargetsOf(sc)
	var out []string
	switch done {
	case 1:
		for _, t := range targets {
			out = append(out, head+" "+chaos.QuoteName(t.Name))
		}
	case 2:
		t, ok := chaos.Find(targets, words[1])
		if !ok {
			return nil
		}
		for _, k := range t.Kinds {
			out = append(out, head+" "+k.String())
		}
	}
	return out
}
