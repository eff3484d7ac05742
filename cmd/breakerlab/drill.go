package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/drillui"
)

// `breakerlab drill` opens the spaced-repetition drill in the terminal;
// --deck and --generate print cards and worksheets without one, and --stats
// the retention the review log shows.
func init() {
	register(command{name: "drill", summary: "practise for an interview: due cards, then new ones", usage: "drill [--topic T] [--new N] [--review] | --stats | --deck | --generate N --seed S | --check", run: runDrill})
}

const noDrill = "`breakerlab drill --deck` prints every card and `breakerlab drill --generate N --seed S` prints a worksheet of generated problems"

// maxProblems bounds a worksheet, so a typo cannot ask for millions.
const maxProblems = 1000

func runDrill(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("drill", flag.ContinueOnError)
	check := fs.Bool("check", false, "check the deck instead of drilling: fill every placeholder, evaluate every claim, find numbers nothing checks and unknown topics; exit 1 naming the card that is wrong")
	deck := fs.Bool("deck", false, "print every card as JSON lines (id, topic, kind, question, answer, source) instead of drilling")
	generate := fs.Int("generate", 0, "print N generated problems with their answers ("+rangeMark+") instead of drilling")
	ranged(fs, "generate", 1, maxProblems, "1 to "+strconv.Itoa(maxProblems))
	sayDefault(fs, "generate", "none, drill instead", false)
	seed := fs.Uint64("seed", 1, "the seed of --generate, `S`: the same seed prints the same problems")
	format := &choiceFlag{value: "text", choices: []string{"text", "json"}}
	fs.Var(format, "format", "the worksheet's format with --generate: text (problems, then answers) or json (one problem a line)")
	kinds := fs.String("kind", "", "with --generate, only these kinds, joined by commas: "+strings.Join(drill.Generators, ", "))
	topic := fs.String("topic", "", "only the cards of one topic, `T`: "+strings.Join(drill.Topics, ", "))
	// Left out, each takes them all, which the help says: it showed no
	// default, as if one had to be given.
	sayDefault(fs, "kind", "every kind", false)
	sayDefault(fs, "topic", "every topic", false)
	newCards := fs.Int("new", drill.DefaultNew, "how many cards never seen follow the due ones, "+rangeMark)
	openRange(fs, "new", 0, "0 or more")
	review := fs.Bool("review", false, "only the cards that are due, no new ones")
	stats := fs.Bool("stats", false, "print retention over time instead of drilling: reviews right (any grade but again) of all reviews, week by week, from the review log, the cards due and new now, and when the next card falls due (--topic, --new and --review choose the session counted)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *check {
		if len(set) > 1 || len(pos) > 0 {
			return usagef("--check checks the whole deck and takes nothing else: `breakerlab drill --check`")
		}
		return checkDeck(stdout)
	}
	switch {
	case len(pos) > 0:
		return usagef("drill takes no arguments, got %q; see `breakerlab drill --help`", pos)
	case *deck && set["generate"]:
		return usagef("--deck and --generate print different things: give one of them")
	case *topic != "":
		if err := drill.CheckTopic(*topic); err != nil {
			return flagUsagef("--topic: %v", err)
		}
	}
	if !set["generate"] {
		for _, f := range []string{"seed", "format", "kind"} {
			if set[f] {
				return usagef("--%s goes with --generate N: `breakerlab drill --generate 10 --seed %d`", f, *seed)
			}
		}
	}
	if *newCards < 0 {
		return flagUsagef("--new wants 0 or more cards, got %d", *newCards)
	}
	if set["new"] && *review {
		return usagef("--review draws only due cards, so --new does not go with it")
	}
	if (*deck || set["generate"]) && (set["new"] || *review) {
		return usagef("--new and --review choose the cards of a drill session, not of --deck or --generate")
	}
	if *stats && (*deck || set["generate"]) {
		return usagef("--stats prints the review log's retention, not cards: give it without --deck or --generate")
	}
	switch {
	case *stats:
		return printStats(stdout, stderr, drill.SessionOptions{Topic: *topic, New: *newCards, Review: *review}, time.Now())
	case *deck:
		return printDeck(stdout, stderr, *topic)
	case set["generate"]:
		if *topic != "" {
			return usagef("--topic does not choose generated problems; use --kind (%s)", strings.Join(drill.Generators, ", "))
		}
		var ks []string
		if *kinds != "" {
			ks = strings.Split(*kinds, ",")
		}
		ps, err := drill.Generate(*seed, *generate, ks...)
		if err != nil {
			return flagUsagef("--kind: %v", err)
		}
		if format.value == "json" {
			return printProblemsJSON(stdout, ps)
		}
		printWorksheet(stdout, ps, *seed)
		return nil
	}
	if err := needTerminal(stdout, "the drill", noDrill); err != nil {
		return err
	}
	o := drillui.Terminal()
	o.Session = drill.SessionOptions{Topic: *topic, New: *newCards, Review: *review}
	return drillui.Run(o)
}

// printStats prints `drill --stats`: where the schedule is, then
// drill.Stats at now for a session chosen by o. It only reads: a schedule
// file that cannot be read is named on stderr and left where it is, and the
// stats are those of an empty schedule.
func printStats(w, stderr io.Writer, o drill.SessionOptions, now time.Time) error {
	dir, err := drill.DefaultDir()
	if err != nil {
		return err
	}
	s, err := drill.ViewStore(dir)
	if err != nil {
		return err
	}
	if n := s.Notice(); n != "" {
		fmt.Fprintf(stderr, "breakerlab drill: %s\n", n)
	}
	d, err := drill.Deck()
	if len(d) == 0 {
		return err
	}
	if err != nil {
		fmt.Fprintf(stderr, "breakerlab drill: %v\n", err)
	}
	fmt.Fprintf(w, "Drill schedule and review log: %s\n", s.Path())
	_, err = io.WriteString(w, s.Stats(d, now, o).Text())
	return err
}

// checkDeck runs drill.Check: a one-line summary when every card is right,
// else an error (exit 1) naming each card and point that is wrong.
func checkDeck(w io.Writer) error {
	r, err := drill.Check()
	if err != nil {
		return fmt.Errorf("the deck is wrong:\n%w", err)
	}
	fmt.Fprintln(w, r)
	return nil
}

// deckLine is one card of `drill --deck`.
type deckLine struct {
	ID       string   `json:"id"`
	Topic    string   `json:"topic"`
	Kind     string   `json:"kind"`
	Question string   `json:"question"`
	Choices  []string `json:"choices,omitempty"`
	Answer   string   `json:"answer"`
	Source   string   `json:"source"`
}

func printDeck(w, stderr io.Writer, topic string) error {
	d, err := drill.Deck()
	if len(d) == 0 {
		return err
	}
	if err != nil {
		// The rest of the deck is still worth printing.
		fmt.Fprintf(stderr, "breakerlab drill: %v\n", err)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, c := range drill.Filter(d, topic) {
		l := deckLine{ID: c.ID, Topic: c.Topic, Kind: string(c.Kind), Question: c.Question, Answer: c.Answer(), Source: drill.Cite(c.Source)}
		for _, o := range c.Choices {
			l.Choices = append(l.Choices, o.Text)
		}
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	return nil
}

// problemLine is one problem of `drill --generate N --format json`.
type problemLine struct {
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Topic    string   `json:"topic"`
	Question string   `json:"question"`
	Choices  []string `json:"choices,omitempty"`
	Answer   string   `json:"answer"`
	Value    *float64 `json:"value,omitempty"`
	Explain  string   `json:"explain"`
	Verified string   `json:"verified"`
}

func printProblemsJSON(w io.Writer, ps []drill.Problem) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, p := range ps {
		l := problemLine{ID: p.ID, Kind: p.Generator, Topic: p.Topic, Question: p.Question, Answer: answerOf(p), Explain: p.Explain, Verified: p.Verified}
		for _, o := range p.Choices {
			l.Choices = append(l.Choices, o.Text)
		}
		if p.Check != nil {
			v := p.Check.Answer
			l.Value = &v
		}
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	return nil
}

// answerOf is a problem's answer in a few words: the number and its unit,
// or the right choice.
func answerOf(p drill.Problem) string {
	if p.Check != nil {
		// The drill's reveal writes it so (one rule: "1 call", "2 calls").
		return p.Card().AnswerWithUnit()
	}
	for _, o := range p.Choices {
		if o.Right {
			return o.Text
		}
	}
	return ""
}

// printWorksheet writes the problems, then their answers with the working,
// in 80 columns, so a teacher can hand out the first part.
func printWorksheet(w io.Writer, ps []drill.Problem, seed uint64) {
	var b strings.Builder
	noun := "problems"
	if len(ps) == 1 {
		noun = "problem"
	}
	fmt.Fprintf(&b, "Worksheet: %d %s, seed %d (the same seed prints the same problems)\n", len(ps), noun, seed)
	for i, p := range ps {
		b.WriteString("\n")
		first := fmt.Sprintf("%2d. ", i+1)
		wrap(&b, first, "    ", p.Question, 80)
		for j, o := range p.Choices {
			wrap(&b, fmt.Sprintf("    %c) ", 'a'+j), "       ", o.Text, 80)
		}
	}
	fmt.Fprintf(&b, "\nAnswers\n")
	for i, p := range ps {
		b.WriteString("\n")
		a := answerOf(p)
		for j, o := range p.Choices {
			if o.Right {
				a = fmt.Sprintf("%c) %s", 'a'+j, o.Text)
			}
		}
		wrap(&b, fmt.Sprintf("%2d. ", i+1), "    ", a, 80)
		wrap(&b, "    ", "    ", p.Explain, 80)
		wrap(&b, "    ", "    ", "Checked: "+p.Verified+".", 80)
	}
	io.WriteString(w, b.String())
}
