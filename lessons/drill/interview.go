package drill

import (
	"bytes"
	_ "embed"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/store"
	toml "github.com/pelletier/go-toml/v2"
)

// Prompt is a mock interview's design question and the rubric to grade an
// answer against. Prompts come from interview.toml, filled: every number
// in Text and in a point's Text is the engine's (see that file's head).
type Prompt struct {
	ID    string
	Title string
	Text  string
	// Scenario names the built-in scenario whose failure the prompt is
	// about, for trying the candidate's numbers in the sandbox; the
	// prompt's placeholders quote its numbers.
	Scenario string
	// Plays says which part of the scenario plays which part of the
	// prompt, where the names differ ("recommendations plays push"):
	// written from Parts where the prompt gives none (playsFromParts).
	Plays string
	// Parts maps a scenario's endpoint or dependency to the name the
	// prompt gives it (search: email), for the parts whose names differ:
	// a point names the prompt's own (checkParts).
	Parts map[string]string
	// Source says where the prompt comes from.
	Source string
	// Expect are claims the prompt's text makes about its scenario.
	Expect []string
	// Numbers are the lines the interview's numbers panel shows for a
	// prompt whose system is not its scenario's as it stands (search with
	// a ranking model plays cascade, where two endpoints make the calls
	// each search makes): the prompt's own system, with the scenario's
	// numbers, and how the scenario plays it. Without them the panel shows
	// the scenario's endpoints.
	Numbers []string
	// Warn are the numbers the warnings about harmful advice quote
	// (Warnings); a prompt without them gets the warnings without numbers.
	Warn   WarnNumbers
	Points []Point
}

// WarnNumbers are a prompt's numbers for its warnings, filled from its
// scenario as its text is: the rate of calls a second an immediate retry
// multiplies, the workers a long timeout holds, and the p99 a timeout is
// held against (empty when the prompt states none). Charges says which
// calls charge a customer, so that a retry with no idempotency key bills
// twice: "every" call, the calls a sentence "named" as a payment, or
// none.
type WarnNumbers struct {
	Rate, Workers, P99 string
	Charges            string
}

// Point is something a strong answer says out loud, with the words that
// hint it was said and the claims it makes about the engine's runs.
type Point struct {
	ID       string
	Text     string
	Keywords []string
	// Unless are phrases that, in the sentence of a keyword, say the
	// opposite of the point ("right away" beside "backoff"): that keyword
	// then hints nothing.
	Unless []string
	Expect []string
}

//go:embed interview.toml
var interviewTOML []byte

// InterviewFile is the name the built-in prompts' file is known by in
// messages.
const InterviewFile = "lessons/drill/interview.toml"

type pointTOML struct {
	ID       string   `toml:"id"`
	Text     string   `toml:"text"`
	Keywords []string `toml:"keywords"`
	Unless   []string `toml:"unless"`
	Expect   []string `toml:"expect"`
}

type warnTOML struct {
	Rate    string `toml:"rate"`
	Workers string `toml:"workers"`
	P99     string `toml:"p99"`
	Charges string `toml:"charges"`
}

// addTOML is a prompt's words for one of the common points: the prompt's
// own numbers for a rule every prompt states in general ("rate × p99"
// becomes this prompt's rate times its p99).
type addTOML struct {
	ID     string   `toml:"id"`
	Text   string   `toml:"text"`
	Expect []string `toml:"expect"`
}

type promptTOML struct {
	ID       string            `toml:"id"`
	Title    string            `toml:"title"`
	Scenario string            `toml:"scenario"`
	Plays    string            `toml:"plays"`
	Parts    map[string]string `toml:"parts"`
	Source   string            `toml:"source"`
	Text     string            `toml:"text"`
	Expect   []string          `toml:"expect"`
	Numbers  []string          `toml:"numbers"`
	Warn     warnTOML          `toml:"warn"`
	Points   []pointTOML       `toml:"points"`
	Adds     []addTOML         `toml:"adds"`
}

type interviewTOMLFile struct {
	Common  []pointTOML  `toml:"common"`
	Prompts []promptTOML `toml:"prompts"`
}

// ParsePrompts reads a prompts file (the format of interview.toml) and
// returns its prompts as written, placeholders unfilled, each with the
// common points first. name names the file in errors.
func ParsePrompts(name string, data []byte) ([]Prompt, error) {
	var f interviewTOMLFile
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fileError(name, err, reflect.TypeOf(f))
	}
	point := func(where string, pt pointTOML) (Point, error) {
		switch {
		case pt.ID == "":
			return Point{}, fmt.Errorf("%s: %s: a point needs an id", name, where)
		case strings.TrimSpace(pt.Text) == "":
			return Point{}, fmt.Errorf("%s: %s point %q: a point needs a text", name, where, pt.ID)
		case len(pt.Keywords) == 0:
			return Point{}, fmt.Errorf("%s: %s point %q: a point needs keywords that hint it was said", name, where, pt.ID)
		}
		for _, k := range append(append([]string(nil), pt.Keywords...), pt.Unless...) {
			if strings.TrimSpace(k) == "" || k != strings.ToLower(k) {
				return Point{}, fmt.Errorf("%s: %s point %q: keyword %q: write keywords (and unless) in lower case, not empty", name, where, pt.ID, k)
			}
		}
		return Point{ID: pt.ID, Text: strings.TrimSpace(pt.Text), Keywords: pt.Keywords, Unless: pt.Unless, Expect: pt.Expect}, nil
	}
	var common []Point
	for _, pt := range f.Common {
		p, err := point("common", pt)
		if err != nil {
			return nil, err
		}
		common = append(common, p)
	}
	if len(f.Prompts) == 0 {
		return nil, fmt.Errorf("%s: no [[prompts]]", name)
	}
	var out []Prompt
	seen := map[string]bool{}
	for _, pr := range f.Prompts {
		switch {
		case pr.ID == "" || seen[pr.ID]:
			return nil, fmt.Errorf("%s: a prompt needs an id of its own, got %q", name, pr.ID)
		case pr.Title == "" || strings.TrimSpace(pr.Text) == "" || pr.Scenario == "":
			return nil, fmt.Errorf("%s: prompt %q needs a title, a text and a scenario", name, pr.ID)
		case pr.Warn.Charges != "" && pr.Warn.Charges != ChargesEvery && pr.Warn.Charges != ChargesNamed:
			return nil, fmt.Errorf("%s: prompt %q: warn.charges is %q, not %q, %q or left out", name, pr.ID, pr.Warn.Charges, ChargesEvery, ChargesNamed)
		}
		seen[pr.ID] = true
		if pr.Plays == "" {
			pr.Plays = playsFromParts(Prompt{Scenario: pr.Scenario, Text: pr.Text, Parts: pr.Parts})
		}
		warn := WarnNumbers{Rate: pr.Warn.Rate, Workers: pr.Warn.Workers, P99: pr.Warn.P99, Charges: pr.Warn.Charges}
		p := Prompt{ID: pr.ID, Title: pr.Title, Text: strings.TrimSpace(pr.Text), Scenario: pr.Scenario,
			Plays: pr.Plays, Parts: pr.Parts, Source: pr.Source, Expect: pr.Expect, Numbers: pr.Numbers, Warn: warn, Points: append([]Point(nil), common...)}
		ids := map[string]bool{}
		for _, c := range common {
			ids[c.ID] = true
		}
		if err := addToCommon(name, pr.ID, p.Points, pr.Adds); err != nil {
			return nil, err
		}
		for _, pt := range pr.Points {
			q, err := point("prompt "+pr.ID, pt)
			if err != nil {
				return nil, err
			}
			if ids[q.ID] {
				return nil, fmt.Errorf("%s: prompt %q: two points are called %q", name, pr.ID, q.ID)
			}
			ids[q.ID] = true
			p.Points = append(p.Points, q)
		}
		out = append(out, p)
	}
	return out, nil
}

// addToCommon appends each of a prompt's adds to the common point it names,
// in points (the prompt's copy of the common points): a rule every design
// states ("a bulkhead sized by rate × p99") is worth memorising only with
// the numbers it gives for the system at hand, and those differ from
// prompt to prompt. An add's claims join the point's, so --check proves
// them with the rest.
func addToCommon(file, prompt string, points []Point, adds []addTOML) error {
	done := map[string]bool{}
	for _, a := range adds {
		i := slices.IndexFunc(points, func(p Point) bool { return p.ID == a.ID })
		switch {
		case i < 0:
			ids := make([]string, len(points))
			for j, p := range points {
				ids[j] = p.ID
			}
			return fmt.Errorf("%s: prompt %q: adds to %q, which is no common point (common: %s)", file, prompt, a.ID, strings.Join(ids, ", "))
		case done[a.ID]:
			return fmt.Errorf("%s: prompt %q: adds to %q twice: write one add per common point", file, prompt, a.ID)
		case strings.TrimSpace(a.Text) == "":
			return fmt.Errorf("%s: prompt %q: its add to %q needs a text", file, prompt, a.ID)
		}
		done[a.ID] = true
		// Copy the claims: points shares the common points' slices with
		// every other prompt.
		points[i].Text += "; " + strings.TrimSpace(a.Text)
		points[i].Expect = append(slices.Clip(points[i].Expect), a.Expect...)
	}
	return nil
}

// FillPrompts fills the placeholders of every prompt's text and points
// through lab (nil makes one), so that each number is the engine's.
func FillPrompts(lab *lessons.Lab, raw []Prompt) ([]Prompt, error) {
	if lab == nil {
		lab = lessons.NewLab()
	}
	out := make([]Prompt, len(raw))
	for i, p := range raw {
		text, err := lab.FillText("prompt "+p.ID, p.Text)
		if err != nil {
			return nil, err
		}
		p.Text = text
		p.Numbers = append([]string(nil), p.Numbers...)
		for j, line := range p.Numbers {
			if p.Numbers[j], err = lab.FillText(fmt.Sprintf("prompt %s, numbers line %d", p.ID, j+1), line); err != nil {
				return nil, err
			}
		}
		if err := p.Warn.fill(lab, p.ID, p.Scenario); err != nil {
			return nil, err
		}
		p.Points = append([]Point(nil), p.Points...)
		for j, pt := range p.Points {
			if p.Points[j].Text, err = lab.FillText(fmt.Sprintf("prompt %s, point %s", p.ID, pt.ID), pt.Text); err != nil {
				return nil, err
			}
			// A point names the reference a rule of thumb comes from as
			// the checks want it (seeds/002); the candidate reads its title.
			p.Points[j].Text = Cite(p.Points[j].Text)
		}
		out[i] = p
	}
	return out, nil
}

var builtinPrompts = sync.OnceValues(func() ([]Prompt, error) {
	raw, err := ParsePrompts(InterviewFile, interviewTOML)
	if err != nil {
		return nil, err
	}
	filled, err := FillPrompts(nil, raw)
	if err != nil {
		return raw, err
	}
	return filled, nil
})

// Prompts are the mock interviews: the places the references say the
// pattern shows up (an API gateway, notifications, a shop, slow APIs, a
// payment checkout) and a search service with a flaky ranking model, with
// their numbers filled from the engine. The tests and `breakerlab
// interview --check` prove the file parses and fills; should it not, the
// prompts are shown as written rather than not at all.
func Prompts() []Prompt {
	ps, _ := builtinPrompts()
	return ps
}

// BuiltinPrompts returns the built-in prompts as written, placeholders
// unfilled, for checking.
func BuiltinPrompts() ([]Prompt, error) {
	return ParsePrompts(InterviewFile, interviewTOML)
}

// PromptNamed finds a prompt by its ID.
func PromptNamed(id string) (Prompt, error) {
	var ids []string
	for _, p := range Prompts() {
		if p.ID == id {
			return p, nil
		}
		ids = append(ids, p.ID)
	}
	return Prompt{}, fmt.Errorf("unknown interview prompt %q (allowed: %s)", id, strings.Join(ids, ", "))
}

// Span is where a keyword was found in an answer: bytes [Start, End).
type Span struct{ Start, End int }

// Hints finds, for each rubric point, whether the answer uses one of its
// keywords, and every place a keyword occurs (merged, in order), for
// highlighting. It is a hint for the learner's own grading, never a grade:
// nothing here marks a point said (see Grade).
func Hints(p Prompt, answer string) (hinted []bool, spans []Span) {
	hinted = make([]bool, len(p.Points))
	for i, pt := range p.Points {
		s := HintSpans(pt, answer)
		hinted[i] = len(s) > 0
		spans = append(spans, s...)
	}
	return hinted, mergeSpans(spans)
}

// HintSpans are the places where the answer uses one of the point's
// keywords, merged and in order: what the grading screen highlights beside
// the point.
//
// A keyword that heads a header's name, written as one (each part
// capitalised: Retry-After, Cache-Control), is not the word: "Retry-After"
// on a fail-fast answer says nothing of retries. Other compounds keep
// their hint ("health-check", "window-size", "retry-safe" are the words'
// ideas), and a keyword may end a name ("Circuit-Breaker").
//
// A keyword whose sentence holds one of the point's Unless phrases ("retry
// with backoff? no, right away") hints nothing: the answer says the
// opposite of the point there.
func HintSpans(pt Point, answer string) []Span {
	lower := strings.ToLower(answer)
	upper := func(i int) bool {
		// Offsets are lower's; they are answer's too when lowering kept
		// every byte where it was (it does for ASCII).
		return len(lower) == len(answer) && i < len(answer) && answer[i] >= 'A' && answer[i] <= 'Z'
	}
	var spans []Span
	for _, k := range pt.Keywords {
		for _, loc := range keywordRE(k).FindAllStringSubmatchIndex(lower, -1) {
			// Group 2 is the keyword without the character before it.
			start, end := loc[4], loc[5]
			w := end // the end of the word the keyword begins
			for w < len(lower) && (lower[w] >= 'a' && lower[w] <= 'z' || lower[w] >= '0' && lower[w] <= '9') {
				w++
			}
			if w+1 < len(lower) && lower[w] == '-' && (upper(start) && upper(w+1) || headerNames[compound(lower, start, w+1)]) {
				continue
			}
			if sayingOpposite(lower, start, pt.Unless) {
				continue
			}
			spans = append(spans, Span{start, end})
		}
	}
	return mergeSpans(spans)
}

// headerNames are HTTP header names that begin with a rubric's keyword
// but name something else: "retry-after" is the server telling the client
// when to come back, not a retry. Written capitalised ("Retry-After") any
// header is passed over (HintSpans); these are passed over as typed too.
var headerNames = map[string]bool{"retry-after": true}

// compound is the hyphenated word of lower that starts at start and whose
// second part starts at next: "retry-after" in "a retry-after header".
func compound(lower string, start, next int) string {
	end := next
	for end < len(lower) && (lower[end] >= 'a' && lower[end] <= 'z' || lower[end] >= '0' && lower[end] <= '9') {
		end++
	}
	return lower[start:end]
}

// mergeSpans sorts spans and merges the ones that meet.
func mergeSpans(spans []Span) []Span {
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	var merged []Span
	for _, s := range spans {
		if n := len(merged); n > 0 && s.Start <= merged[n-1].End {
			merged[n-1].End = max(merged[n-1].End, s.End)
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

// GradeRubric builds the graded rubric of an answer: each point said only if the
// learner marked it so (marks, one per point; a missing mark is "not
// said"), and hinted where the answer uses its words. Keywords never tick
// a point: a sentence that names every pattern says none of them until
// the learner, reading the point beside it, says it did.
func GradeRubric(p Prompt, answer string, marks []bool) []GradedPoint {
	hinted, _ := Hints(p, answer)
	warned := AnswerPointWarnings(p, answer)
	out := make([]GradedPoint, len(p.Points))
	for i, pt := range p.Points {
		out[i] = GradedPoint{ID: pt.ID, Text: pt.Text, Said: i < len(marks) && marks[i], Hinted: hinted[i], Warnings: warned[i]}
	}
	return out
}

// keywordRE matches a keyword at the start of a word (so "retry" finds
// "retrying" but "cost" does not find "accost"); a # in it matches any
// number ("open #" finds "open 30 s" and "open 1.5 s"), which no list of
// words could; a keyword that ends in a space must end a word there ("slo "
// finds "SLO" and "SLO." but not "slow"), and the space is not part of
// what it highlights.
func keywordRE(k string) *regexp.Regexp {
	whole := strings.HasSuffix(k, " ")
	parts := strings.Split(strings.TrimRight(k, " "), "#")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	end := ""
	if whole {
		end = `\b`
	}
	return regexp.MustCompile(`(^|[^a-z0-9])(` + strings.Join(parts, `[0-9][0-9.,]*`) + `)` + end)
}

// Interview is a finished mock interview as it is saved.
type Interview struct {
	Prompt string `json:"prompt"`
	Title  string `json:"title"`
	// Text is the prompt's text as the candidate read it; files saved
	// before it was kept have none.
	Text    string        `json:"text,omitempty"`
	Started time.Time     `json:"started"`
	Allowed time.Duration `json:"allowed_ns"`
	Used    time.Duration `json:"used_ns"`
	Answer  string        `json:"answer"`
	Points  []GradedPoint `json:"points"`
	// Said counts the points the learner marked said; Hinted those whose
	// words the answer uses.
	Said     int `json:"said"`
	Hinted   int `json:"hinted"`
	Possible int `json:"possible"`
}

// GradedPoint is one rubric point with the learner's mark and the hint,
// kept apart: Said is what the learner marked, reading the point beside the
// answer; Hinted is whether the answer uses the point's keywords.
type GradedPoint struct {
	ID     string `json:"id"`
	Text   string `json:"text"`
	Said   bool   `json:"said"`
	Hinted bool   `json:"hinted"`
	// Warnings say where the answer, on this point, proposes what the
	// point warns against (an immediate retry, a timeout far above the
	// p99) or states what a lesson shows false, and why it harms:
	// AnswerWarnings.
	Warnings []string `json:"warnings,omitempty"`
}

// InterviewDir is the folder of saved interviews inside the progress
// directory.
const InterviewDir = "interviews"

// SaveInterview writes the interview to dir/interviews/TIME-PROMPT.json,
// atomically, and returns the file's path. Every interview has its own
// file, so one bad file never costs another.
func SaveInterview(dir string, iv Interview) (string, error) {
	iv.Said, iv.Hinted, iv.Possible = 0, 0, len(iv.Points)
	for _, p := range iv.Points {
		if p.Said {
			iv.Said++
		}
		if p.Hinted {
			iv.Hinted++
		}
	}
	b, err := store.Encode(iv)
	if err != nil {
		return "", fmt.Errorf("encoding the interview: %w", err)
	}
	name := fmt.Sprintf("%s-%s.json", iv.Started.UTC().Format("20060102T150405Z"), iv.Prompt)
	path := filepath.Join(dir, InterviewDir, name)
	return path, writeAtomic(path, b)
}
