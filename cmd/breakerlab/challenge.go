package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/breakerlab/breakerlab/internal/userfile"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/challengeui"
)

// `breakerlab challenges` lists the challenge levels; `breakerlab challenge
// ID|FILE` plays one, `--start` prints its starting design and `--check
// FILE` grades a design headless (exit 0 passes, 1 falls short, 2 bad
// input), so a teacher can grade a folder of students' files in a script.
func init() {
	register(command{name: "challenges", summary: "list the challenge levels and the stars earned, or check that every brief's numbers come from its scenario and its claims hold", usage: "challenges [--width N | --wide] [--check [FILE...]]", run: runChallenges})
	register(command{name: "challenge", summary: "play a challenge level, or grade a design for it headless", usage: "challenge ID|FILE [--start | --check FILE [--format text|json]]; no ID: the level list", run: runChallenge})
}

func runChallenges(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("challenges", flag.ContinueOnError)
	check := fs.Bool("check", false, "fill every level's brief, hint and whys, evaluate on its seeds the claims of its brief and of the whys its start is told, and list the numbers they type by hand (not a placeholder, a name or a goal's bound); exit 1 naming the level and the claim or number that is wrong. With FILEs, check those challenge files instead of the built-ins (a file whose [[claims]] the engine does not bear out is refused, exit 2)")
	widths := addListWidthFlags(fs, "a level")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *check {
		return checkBriefs(stdout, pos)
	}
	if len(pos) > 0 {
		return usagef("challenges takes no arguments, got %q; open one with `breakerlab challenge ID`", pos)
	}
	width, err := widths.resolve(stdout)
	if err != nil {
		return err
	}
	all, err := challenge.All()
	if err != nil {
		return err
	}
	progress := openChallengeProgress(stderr)
	stars := func(id string) int {
		if progress == nil {
			return 0
		}
		return progress.Get(id).Stars
	}
	idW := 0
	for _, c := range all {
		idW = max(idW, len(c.ID))
	}
	// The level map: the levels grouped by the lesson they follow, as
	// Learn Git Branching groups its levels, and the next one suggested.
	next := challenge.Next(all, stars)
	titles := lessonTitles()
	for gi, g := range challenge.Map(all) {
		if gi > 0 {
			fmt.Fprintln(stdout)
		}
		head := "other levels"
		if g.After > 0 {
			head = fmt.Sprintf("after lesson %d", g.After)
			if t, ok := titles[g.After]; ok {
				head += ": " + t
			}
		}
		fmt.Fprintln(stdout, wrapTo(head, width, "  "))
		for _, c := range g.Levels {
			mark := " "
			if c == next {
				mark = "▸"
			}
			// 1 + 2 + 1 + idW + 2 + 3 + 2 columns before the summary, which
			// wraps under itself, on a terminal and in a pipe; --wide
			// keeps it whole on the level's line.
			line := fmt.Sprintf("%s%2d %-*s  %s  ", mark, c.Number, idW, c.ID, challenge.StarsText(stars(c.ID)))
			lead := 1 + 2 + 1 + idW + 2 + 3 + 2
			fmt.Fprintln(stdout, line+wrapTo(c.Summary, max(width-lead, 0), strings.Repeat(" ", lead)))
		}
	}
	if next != nil {
		fmt.Fprintf(stdout, "\nnext: breakerlab challenge %d (%s)\n", next.Number, next.ID)
	} else {
		fmt.Fprintln(stdout, "\nevery level has all three stars")
	}
	return nil
}

// lessonTitles are the built-in lessons' titles by number, for the level
// map's headings (none if the lessons do not load).
func lessonTitles() map[int]string {
	out := map[int]string{}
	all, err := lessons.All()
	if err != nil {
		return out
	}
	for _, l := range all {
		out[l.Number] = l.Title
	}
	return out
}

// builtinLevels are the levels `challenges --check` checks without a
// FILE: a test puts an edited copy in their place to see the check fail.
var builtinLevels = challenge.All

// checkBriefs is `challenges --check [FILE...]`: each challenge is loaded
// (which fills its brief, hint and whys, refusing a placeholder that
// cannot be filled with exit 2), the claims of its brief and of the whys
// its start is told evaluated on its seeds, and the numbers it types by
// hand listed; a level wrong in either is named, with what is wrong
// (exit 1).
func checkBriefs(stdout io.Writer, files []string) error {
	var cs []*challenge.Challenge
	if len(files) == 0 {
		all, err := builtinLevels()
		if err != nil {
			return err
		}
		cs = all
	}
	for _, f := range files {
		if _, err := os.Stat(f); errors.Is(err, os.ErrNotExist) {
			return missingChallengeFile(f)
		}
		c, err := challenge.LoadFile(f)
		if err != nil {
			return usagef("%w", err)
		}
		cs = append(cs, c)
	}
	bad, placeholders, claims := 0, 0, 0
	for _, c := range cs {
		name := levelName(c)
		tc, err := c.CheckTexts()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		placeholders += tc.Placeholders
		claims += tc.Claims
		wrong := false
		if us := c.UncheckedTexts(); len(us) > 0 {
			wrong = true
			var parts []string
			for _, u := range us {
				parts = append(parts, u.Where+" types "+strings.Join(u.Numbers, ", "))
			}
			fmt.Fprintf(stdout, "✗ %s: %s by hand: quote the scenario with {{param KEY}}, {{little ENDPOINT timeout|slow}} or a fact\n", name, strings.Join(parts, "; "))
		}
		for _, line := range falseClaimLines(c, tc) {
			wrong = true
			fmt.Fprintln(stdout, line)
		}
		if wrong {
			bad++
		}
	}
	what := "level"
	if len(files) > 0 {
		what = "challenge file"
	}
	if len(cs) != 1 {
		what += "s"
	}
	if bad > 0 {
		verb := "are"
		if bad == 1 {
			verb = "is"
		}
		return fmt.Errorf("%d of %d %s %s wrong: a claim the engine does not bear out, or a number typed by hand in a brief, hint or why", bad, len(cs), what, verb)
	}
	fmt.Fprintf(stdout, "%d %s checked: %d placeholders, %d claims\n", len(cs), what, placeholders, claims)
	return nil
}

// levelName names a level in --check's lines: a built-in by its number
// and ID, a teacher's file by its path, which is what the teacher edits
// (its ID is only the file's name), and its title.
func levelName(c *challenge.Challenge) string {
	if c.Number > 0 {
		return fmt.Sprintf("level %d, %s", c.Number, c.ID)
	}
	if c.Path != "" {
		return fmt.Sprintf("%s, level %q", c.Path, c.Title)
	}
	return c.ID
}

// falseClaimLines are --check's lines for each claim of c's texts (its
// brief's, and those of the whys its start is told) that the engine, as
// tc found, does not bear out.
func falseClaimLines(c *challenge.Challenge, tc challenge.TextCheck) []string {
	var out []string
	for _, f := range tc.False {
		out = append(out, fmt.Sprintf("✗ %s: %s; what a text says must hold on every seed (%s)", levelName(c), f, seedWords(c.Seeds)))
	}
	return out
}

// checkFileClaims is what opening a teacher's challenge file checks
// before a learner sees it: the claims `challenges --check FILE`
// evaluates, refused (exit 2) with its lines when one does not hold. The
// brief's [[claims]] are already held when the file loads; a why the
// start is told whose claims are false would otherwise be left out of the
// screen without a word, the teacher's explanation of the start lost. The
// built-in levels are not checked here: TestBriefClaimsHold and
// `challenges --check` hold them, and checking costs a grading of the
// start on every seed each time a level opens.
func checkFileClaims(c *challenge.Challenge) error {
	if c.Path == "" {
		return nil
	}
	tc, err := c.CheckTexts()
	if err != nil {
		return fmt.Errorf("%s: %w", levelName(c), err)
	}
	lines := falseClaimLines(c, tc)
	if len(lines) == 0 {
		return nil
	}
	return usagef("%s says what the engine does not do, so it is not opened:\n%s\nfix the text or its claims; `breakerlab challenges --check %s` checks it again", c.Path, strings.Join(lines, "\n"), c.Path)
}

// seedWords is "1, 2, 3".
func seedWords(seeds []uint64) string {
	var out []string
	for _, s := range seeds {
		out = append(out, fmt.Sprint(s))
	}
	return strings.Join(out, ", ")
}

// missingChallengeFile is the refusal of `challenges --check FILE` for a
// file that is not there: what --check takes, and for the name of a
// built-in level ("3", "timeout-pool") that it checks those with no FILE.
func missingChallengeFile(f string) error {
	if c, err := challenge.Lookup(f); err == nil {
		return usagef("%s is built-in level %d (%s), not a file: --check takes challenge files (TOML), or none to check every built-in level", f, c.Number, c.ID)
	}
	return usagef("the challenge file %s does not exist: --check takes challenge files (TOML), or none to check every built-in level", f)
}

// wrapTo wraps s at words to n columns (wrapText), or leaves it whole when
// n is 0 (a pipe, --wide) or too narrow to wrap into.
func wrapTo(s string, n int, indent string) string {
	if n < 20 {
		return s
	}
	return wrapText(s, n, indent)
}

// openChallengeProgress opens the stars file to read, reporting a problem
// on stderr rather than failing: a list without stars is still a list. A
// file it cannot read is named there and left where it is; the level view,
// which saves stars, sets it aside.
func openChallengeProgress(stderr io.Writer) *challenge.Progress {
	path, err := challenge.DefaultProgressPath()
	if err != nil {
		return nil
	}
	p, err := challenge.ViewProgress(path)
	if err != nil {
		fmt.Fprintf(stderr, "breakerlab: %v\n", err)
	}
	if n := p.Notice(); n != "" {
		fmt.Fprintf(stderr, "breakerlab: %s\n", n)
	}
	return p
}

func runChallenge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("challenge", flag.ContinueOnError)
	check := fs.String("check", "", "grade the design in `FILE` (a scenario file, or a [shuffle] table) against the challenge, without opening it")
	start := fs.Bool("start", false, "print the challenge's starting design, a file to edit and hand in with --check")
	format := &choiceFlag{value: "text", choices: []string{"text", "json"}}
	fs.Var(format, "format", "with --check: text or json")
	budget := addBudgetFlag(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if given(fs, "format") && *check == "" {
		// Only a grade has a format: the level, --start's file and the
		// list took it without a word.
		return usagef("--format %s goes with --check, which grades a design: `breakerlab challenge 1 --check design.toml --format %s`", format.value, format.value)
	}
	if len(pos) == 0 && *check == "" && !*start {
		// No challenge named: the list, as `breakerlab lesson` opens the
		// lessons'.
		if err := needTerminal(stdout, "the challenge list", "`breakerlab challenges` lists them and `breakerlab challenge N --start` prints one's starting design"); err != nil {
			return err
		}
		return challengeui.RunPicker(terminal().Out, challengeui.Terminal(nil, os.Getenv))
	}
	if len(pos) == 0 {
		// --check or --start alone: each works on one challenge, which
		// the command line leaves out.
		what, flagLine := "--start prints a challenge's starting design", "--start"
		if *check != "" {
			what, flagLine = "--check grades a design against a challenge", "--check "+*check
		}
		return usagef("%s: name the challenge before it, as in `breakerlab challenge 2 %s` (a number, an ID or a challenge file; `breakerlab challenges` lists them)", what, flagLine)
	}
	if len(pos) > 1 {
		return usagef("challenge takes one challenge: a number, an ID (`breakerlab challenges` lists them) or a challenge file, got %s", argsWords(pos))
	}
	if *start && *check != "" {
		return usagef("--start prints the starting design and --check grades one; give one of them")
	}
	// A challenge file's scenario is checked against the budget before
	// loading runs it (once a goal), --start included.
	c, err := challenge.OpenBudget(pos[0], budget.n)
	if err != nil {
		if err := budgetRefusal(err); errors.As(err, new(usageError)) {
			return err
		}
		if errors.Is(err, challenge.ErrUnknown) {
			return nameRefusal(err)
		}
		return usagef("%w", err)
	}
	if err := checkFileClaims(c); err != nil {
		return err
	}
	switch {
	case *start:
		text, err := c.StartFile()
		if err != nil {
			return err
		}
		// The knobs and the goals as comments: the file is the whole
		// assignment, and --check reads past them. Its grading command
		// names a teacher's file from here, where the output is saved.
		cwd, _ := os.Getwd()
		_, err = stdout.Write(append([]byte(c.StartHeader(cwd)), text...))
		return err
	case *check != "":
		return checkDesign(c, *check, format.value, stdout, stderr)
	}
	// A teacher's file is named by its path: its ID names no built-in.
	cwd, _ := os.Getwd()
	if err := needTerminal(stdout, "the challenge", "`breakerlab challenge "+c.CommandArg(cwd)+" --start` prints the starting design and `--check FILE` grades one"); err != nil {
		return err
	}
	return challengeui.Run(terminal().Out, challengeui.Terminal(c, os.Getenv))
}

// checkDesign grades a design file: exit 0 when it passes, 1 when it falls
// short (the error says what), 2 when the file cannot be read or is not a
// design for this challenge.
func checkDesign(c *challenge.Challenge, path, format string, stdout, stderr io.Writer) error {
	// Empty, binary or a folder, a design is refused as such, where an
	// empty one "needs a duration".
	data, err := userfile.Read(path, "design", "a scenario file of one variant (TOML); `breakerlab challenge "+c.ID+" --start` writes one to start from", 0)
	if err != nil {
		return usagef("%w", err)
	}
	r, setting, err := c.Check(path, data)
	if err != nil {
		return usagef("%w", err)
	}
	if format == "json" {
		if err := writeCheckJSON(stdout, c, path, r, setting); err != nil {
			return err
		}
	} else {
		writeCheckText(stdout, c, path, r)
		if !r.Pass {
			writeWhy(stdout, c, setting, r)
		}
	}
	// A check grades and saves nothing: it runs on a teacher's machine or
	// in CI as often as on the learner's own, and stars written there
	// would mark levels done for whoever owns that config. Stars are
	// earned by playing the level, whose view keeps them.
	if r.Stars > 0 && c.Number > 0 && format != "json" {
		fmt.Fprintf(stdout, "--check saves no stars; those you earn in `breakerlab challenge %s` are kept\n", c.ID)
	}
	if r.Pass {
		return nil
	}
	// The worst seed's cause (which customer lost every worker) is left
	// to the why above, which names the goal it explains: said once.
	var short []string
	for _, g := range r.Goals {
		if !g.Pass {
			seed, _ := g.WorstSeed()
			short = append(short, fmt.Sprintf("%s is %s on seed %d, want %s", challenge.LabelWithWindow(g.Goal.Label, g.Goal), g.Shown(), seed, g.Goal.WantText()))
		}
	}
	return fmt.Errorf("%s falls short: %s", path, strings.Join(short, "; "))
}

func writeCheckText(w io.Writer, c *challenge.Challenge, path string, r *challenge.Result) {
	fmt.Fprintf(w, "%s: %s\n", c.ID, c.Title)
	fmt.Fprintf(w, "design %s\ngraded on seeds %s; each value is the worst seed's\n", path, seedWords(c.Seeds))
	// ✓ or ✗; par's mark is · until the goals are met, since par counts
	// only then.
	line := func(ok bool, label, value, want string) {
		mark := "✗"
		if ok {
			mark = "✓"
		}
		if strings.HasPrefix(label, "par: ") && !r.Pass {
			mark = "·"
		}
		const labelW = 46
		if len([]rune(label)) > labelW {
			fmt.Fprintf(w, "  %s %s\n    %*s  %s\n", mark, label, labelW+10, value, want)
			return
		}
		fmt.Fprintf(w, "  %s %-*s %10s  %s\n", mark, labelW, label, value, want)
	}
	for _, g := range r.Goals {
		line(g.Pass, challenge.LabelWithWindow(g.Goal.Label, g.Goal), g.Shown(), g.Goal.WantText())
	}
	if r.Par != nil {
		line(r.MeetsPar, challenge.LabelWithWindow(r.Par.Goal.Label, r.Par.Goal), r.Par.Shown(), r.Par.Goal.WantText())
	} else {
		line(r.MeetsPar, "par: knobs changed from the start", fmt.Sprint(r.Changes), c.Par.ChangesWant())
	}
	// The verdict's words are the challenge screen's (Result.Verdict): a
	// par of changes is met at the fewest knobs, which earns ★★★ "at par".
	if r.Stars > 0 {
		fmt.Fprintf(w, "passes: %s %s\n", challenge.StarsText(r.Stars), r.Verdict())
	} else {
		fmt.Fprintf(w, "falls short: %s\n", challenge.StarsText(0))
	}
}

// writeWhy explains the design's wrong choices, graded as r, wrapped to
// 80 columns.
func writeWhy(w io.Writer, c *challenge.Challenge, s challenge.Setting, r *challenge.Result) {
	for _, why := range c.ExplainResult(s, r) {
		fmt.Fprintln(w, "  why: "+wrapText(why, 72, "       "))
	}
}

// wrapText breaks s at words into lines of at most n columns (wrap's,
// display cells), each after the first starting with indent, which the n
// columns do not count.
func wrapText(s string, n int, indent string) string {
	var b strings.Builder
	wrap(&b, "", "", s, n)
	return strings.ReplaceAll(strings.TrimSuffix(b.String(), "\n"), "\n", "\n"+indent)
}

type checkJSON struct {
	Challenge string     `json:"challenge"`
	File      string     `json:"file"`
	Seeds     []uint64   `json:"seeds"`
	Pass      bool       `json:"pass"`
	Stars     int        `json:"stars"`
	Changes   int        `json:"changes"`
	Goals     []goalJSON `json:"goals"`
	Par       *goalJSON  `json:"par,omitempty"`
	ParMax    *int       `json:"par_changes,omitempty"`
	// Why explains the design's wrong choices, as the text's "why:"
	// lines do: only when it falls short.
	Why []string `json:"why,omitempty"`
}

type goalJSON struct {
	Label    string    `json:"label"`
	Expect   string    `json:"expect"`
	WindowMS *[2]int64 `json:"window_ms,omitempty"` // the goal's own window
	// MeasuredWindowMS is the window the values are measured over: the
	// goal's own, or the scenario's where its metric counts only the
	// requests that arrived in it; omitted where it counts the whole run.
	MeasuredWindowMS *[2]int64   `json:"measured_window_ms,omitempty"`
	Pass             bool        `json:"pass"`
	WorstSeed        uint64      `json:"worst_seed"`
	Values           []valueJSON `json:"values"`
}

// valueJSON is a goal's value on one seed: a share from 0 to 1, a count,
// or seconds for a duration; null when there is none (a breaker that never
// opens).
type valueJSON struct {
	Seed  uint64   `json:"seed"`
	Value *float64 `json:"value"`
	Text  string   `json:"text"`
	OK    bool     `json:"ok"`
	// Why says what made a failing seed fail, where the goal can tell
	// (which customer lost every worker); omitted where it is the cause
	// the top-level "why" already gives, the worst seed's.
	Why string `json:"why,omitempty"`
}

func goalOf(g *challenge.GoalResult) goalJSON {
	out := goalJSON{Label: g.Goal.Label, Expect: g.Goal.Text, Pass: g.Pass, Values: []valueJSON{}}
	out.WorstSeed, _ = g.WorstSeed()
	if w := g.Goal.Window; w != nil {
		out.WindowMS = &[2]int64{w[0].Milliseconds(), w[1].Milliseconds()}
	}
	if w := g.Goal.MeasuredWindow(); w != nil {
		out.MeasuredWindowMS = &[2]int64{w[0].Milliseconds(), w[1].Milliseconds()}
	}
	// The worst seed's cause is the top-level "why"'s (ExplainResult), in
	// a sentence that names the goal: a seed repeats it only where its own
	// cause differs (on another seed, another customer lost every worker).
	stated := ""
	if !g.Pass {
		stated = g.Measures[g.Worst].Why
	}
	for i, m := range g.Measures {
		v := valueJSON{Seed: m.Seed, OK: m.OK, Text: g.ShownOn(i)}
		if m.Why != stated {
			v.Why = m.Why
		}
		if m.Has {
			f := m.Value.F
			v.Value = &f
		}
		out.Values = append(out.Values, v)
	}
	return out
}

func writeCheckJSON(w io.Writer, c *challenge.Challenge, path string, r *challenge.Result, s challenge.Setting) error {
	out := checkJSON{Challenge: c.ID, File: path, Seeds: c.Seeds, Pass: r.Pass, Stars: r.Stars, Changes: r.Changes}
	if !r.Pass {
		out.Why = c.ExplainResult(s, r)
	}
	for i := range r.Goals {
		out.Goals = append(out.Goals, goalOf(&r.Goals[i]))
	}
	if r.Par != nil {
		p := goalOf(r.Par)
		out.Par = &p
	} else {
		n := c.Par.Changes
		out.ParMax = &n
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // goals hold >= and <=
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
