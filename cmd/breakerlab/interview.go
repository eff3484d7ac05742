package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/internal/userfile"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/interviewui"
)

// `breakerlab interview` runs a mock system-design interview in the
// terminal; --list and --rubric print the prompts and their rubrics
// without one, --history the interviews saved (interview_history.go), and
// --check holds the prompts and rubrics to the lessons' standard (every
// number filled by the engine, every claim true).
func init() {
	register(command{name: "interview", summary: "a mock design interview: a prompt, a countdown, then a rubric", usage: "interview [PROMPT] [--minutes N] | --list | --rubric PROMPT | --history [N|ID] | --check [FILE]", run: runInterview})
}

const noInterview = "`breakerlab interview --list` prints the prompts, `breakerlab interview --rubric PROMPT` a prompt with its rubric and `breakerlab interview --history` the interviews saved"

func runInterview(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("interview", flag.ContinueOnError)
	minutes := intIn(fs, "minutes", int(interviewui.DefaultTime/time.Minute), 1, 120, "the countdown, in minutes ("+rangeMark+")")
	// Checked below, after the modes that leave it unused: --history
	// --minutes -1 is told to leave --minutes out, whatever its value.
	mustRange(fs.Lookup("minutes")).own = true
	list := fs.Bool("list", false, "print the prompts, one a line: id, title")
	rubric := fs.String("rubric", "", "print a prompt, `PROMPT`, and the points of its rubric instead of interviewing")
	var history historyFlag
	fs.Var(&history, "history", "list the interviews saved from the rubric, oldest first (when, prompt, time used, points said); --history N, or an interview's id, prints that one: the prompt, the answer as typed and the rubric as marked")
	check := fs.Bool("check", false, "fill every prompt's and rubric point's placeholders, evaluate their claims and list numbers typed by hand; exit 1 naming the prompt and point that is wrong (a FILE checks a prompts file written as lessons/drill/interview.toml)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	ids := promptIDs()
	// --minutes sets the clock of an interview about to start: beside a
	// flag that prints instead, it was dropped without a word (--history
	// --minutes -1 listed the history), so it is refused naming the flag
	// that chose the other mode.
	if given(fs, "minutes") {
		for _, m := range []struct {
			on    bool
			words string
		}{
			{*check, "--check checks the prompts"},
			{history.on, "--history lists past ones"},
			{*list, "--list prints the prompts"},
			{*rubric != "", "--rubric prints a prompt's rubric"},
		} {
			if m.on {
				return usagef("--minutes sets a new interview's clock; %s, and starts none: leave out --minutes", m.words)
			}
		}
	}
	if err := checkOwnRange(fs, "minutes"); err != nil {
		return err
	}
	switch {
	case *check && (*list || *rubric != "" || history.on || len(pos) > 1):
		return usagef("--check takes at most a prompts FILE, and no --list, --rubric or --history")
	case *check:
		return checkInterview(stdout, pos)
	case history.on && (*list || *rubric != ""):
		return usagef("--history lists the saved interviews: it takes no --list or --rubric")
	case history.on && (len(pos) > 1 || len(pos) == 1 && history.key != ""):
		return usagef("--history shows one saved interview at a time: give its number or its id once, got %q", append(pos, history.key))
	case history.on:
		key := history.key
		if len(pos) == 1 {
			key = pos[0]
		}
		return runHistory(stdout, stderr, key)
	case len(pos) > 1:
		return usagef("interview takes at most one prompt, got %q (allowed: %s)", pos, ids)
	case *list && (*rubric != "" || len(pos) > 0):
		return usagef("--list prints every prompt: it takes no prompt and no --rubric")
	case *list:
		prompts := drill.Prompts()
		for _, p := range prompts {
			fmt.Fprintf(stdout, "%-17s %s\n", p.ID, p.Title)
		}
		// The list stays one prompt a line for scripts; how to start one
		// goes to stderr, where a newcomer at a terminal reads it: the
		// list alone left them with six ids and no next step.
		if len(prompts) > 0 {
			id := prompts[0].ID
			fmt.Fprintf(stderr, "\nstart one: breakerlab interview %s (or breakerlab interview, to choose)\nits rubric: breakerlab interview --rubric %s\n", id, id)
		}
		return nil
	case *rubric != "":
		p, err := drill.PromptNamed(strings.ToLower(*rubric)) // IDs are lower case
		if err != nil {
			return flagUsagef("--rubric: %v", err)
		}
		printRubric(stdout, p)
		return nil
	}
	o := interviewui.Terminal()
	o.Time = time.Duration(*minutes) * time.Minute
	if len(pos) == 1 {
		id := strings.ToLower(pos[0]) // IDs are lower case
		if _, err := drill.PromptNamed(id); err != nil {
			return nameUsagef("%v", err)
		}
		o.Prompt = id
	}
	if err := needTerminal(stdout, "the mock interview", noInterview); err != nil {
		return err
	}
	return interviewui.Run(o)
}

func promptIDs() string {
	var ids []string
	for _, p := range drill.Prompts() {
		ids = append(ids, p.ID)
	}
	return strings.Join(ids, ", ")
}

// printRubric writes a prompt and what a strong answer says, in 80 columns.
func printRubric(w io.Writer, p drill.Prompt) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s)\n\n", p.Title, p.ID)
	wrap(&b, "", "", p.Text, 80)
	b.WriteString("\nA strong answer says, for each dependency:\n")
	for i, pt := range p.Points {
		wrap(&b, fmt.Sprintf("%3d. ", i+1), "     ", pt.Text, 80)
	}
	// The sandbox plays the scenario's own designs; the candidate's
	// numbers go in by hand, through its knob form.
	play := fmt.Sprintf("Play it: `breakerlab sandbox %s`", p.Scenario)
	if p.Plays != "" {
		play += " (" + p.Plays + ")"
	}
	play += "; e edits its knobs, to try your own timeouts and bulkheads"
	b.WriteString("\n")
	wrap(&b, "", "", play+".", 80)
	io.WriteString(w, b.String())
}

// checkInterview is `interview --check [FILE]`: the built-in prompts, or a
// prompts file's, checked by drill.CheckPrompts. A problem is exit 1, a
// file that does not parse exit 2.
func checkInterview(w io.Writer, pos []string) error {
	raw, err := drill.BuiltinPrompts()
	if len(pos) == 1 {
		data, rerr := userfile.Read(pos[0], "prompts file", "TOML of [[prompts]]", 0)
		if rerr != nil {
			return usagef("%w", rerr)
		}
		raw, err = drill.ParsePrompts(pos[0], data)
	}
	if err != nil {
		return usagef("%w", err)
	}
	c := drill.CheckPrompts(nil, raw)
	if !c.OK() {
		for _, p := range c.Problems {
			fmt.Fprintln(w, "✗ "+p)
		}
		return fmt.Errorf("%d problem(s) in the interview prompts", len(c.Problems))
	}
	for _, p := range raw {
		fmt.Fprintf(w, "✓ %-17s %2d points, plays %s\n", p.ID, len(p.Points), p.Scenario)
	}
	fmt.Fprintln(w, c.Summary())
	return nil
}
