package drill

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/facts"
	"github.com/breakerlab/breakerlab/lessons/subjects"
)

// The cheat sheet's lines are data (cheatsheet.toml): sections of rows,
// each a label and a text whose every number is a placeholder, with the
// claims the row makes. Render fills them; Check holds them to the
// lessons' standard.

//go:embed cheatsheet.toml
var cheatSheetTOML []byte

// Sheet is the cheat sheet as data.
type Sheet struct {
	Title    string    `toml:"title"`
	Sections []Section `toml:"section"`
	// lessons caches the lessons rows quote, by ID.
	lessons map[string]*lessons.Lesson
}

// Section is a heading and its rows; Table, if set, names a table printed
// before the rows ("breaker-presets": engine/breaker's presets).
type Section struct {
	Title string `toml:"title"`
	Table string `toml:"table"`
	Rows  []Row  `toml:"row"`
}

// Row is one line: a label, a text with placeholders, the claims it makes,
// and the lesson whose steps its placeholders may quote (stepN).
type Row struct {
	Label  string   `toml:"label"`
	Text   string   `toml:"text"`
	Lesson string   `toml:"lesson"`
	Expect []string `toml:"expect"`
}

const tableBreakerPresets = "breaker-presets"

// DefaultSheet parses the embedded cheatsheet.toml.
func DefaultSheet() (*Sheet, error) { return ParseSheet(cheatSheetTOML) }

// ParseSheet reads a cheat sheet in the cheatsheet.toml format; a key the
// format does not have, or a row without a label or a text, is an error.
func ParseSheet(data []byte) (*Sheet, error) {
	var sh Sheet
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sh); err != nil {
		return nil, fmt.Errorf("cheat sheet: %w", err)
	}
	if sh.Title == "" {
		return nil, errors.New("cheat sheet: no title")
	}
	for i, sec := range sh.Sections {
		if sec.Title == "" {
			return nil, fmt.Errorf("cheat sheet: section %d has no title", i+1)
		}
		if sec.Table != "" && sec.Table != tableBreakerPresets {
			return nil, fmt.Errorf("cheat sheet: section %q: table %q (allowed: %s)", sec.Title, sec.Table, tableBreakerPresets)
		}
		for j, r := range sec.Rows {
			if r.Label == "" || r.Text == "" {
				return nil, fmt.Errorf("cheat sheet: section %q, row %d: a row needs a label and a text", sec.Title, j+1)
			}
		}
	}
	sh.lessons = map[string]*lessons.Lesson{}
	return &sh, nil
}

// RowError is what is wrong with one row, named by its section and label.
type RowError struct {
	Section, Row string
	Err          error
}

func (e *RowError) Error() string {
	return fmt.Sprintf("section %q, row %q: %v", e.Section, e.Row, e.Err)
}

func (e *RowError) Unwrap() error { return e.Err }

// lesson finds the lesson a row quotes.
func (sh *Sheet) lesson(id string) (*lessons.Lesson, error) {
	if l, ok := sh.lessons[id]; ok {
		return l, nil
	}
	l, err := lessons.Lookup(id)
	if err != nil {
		return nil, fmt.Errorf("lesson %q: %w", id, err)
	}
	if sh.lessons == nil {
		sh.lessons = map[string]*lessons.Lesson{}
	}
	sh.lessons[id] = l
	return l, nil
}

// fill fills a row's placeholders, in its lesson's context if it has one.
func (sh *Sheet) fill(lab *lessons.Lab, sec Section, r Row) (string, error) {
	name := fmt.Sprintf("section %q, row %q", sec.Title, r.Label)
	if r.Lesson == "" {
		return lab.FillText(name, r.Text)
	}
	l, err := sh.lesson(r.Lesson)
	if err != nil {
		return "", &RowError{sec.Title, r.Label, err}
	}
	return lab.FillLessonText(l, name, r.Text)
}

// claim evaluates one of a row's claims.
func (sh *Sheet) claim(lab *lessons.Lab, r Row, name, claim string) (lessons.ClaimResult, error) {
	if r.Lesson == "" {
		return lab.CheckClaim(name, claim)
	}
	l, err := sh.lesson(r.Lesson)
	if err != nil {
		return lessons.ClaimResult{}, err
	}
	return lab.CheckLessonClaim(l, name, claim)
}

// CheckSummary counts what Check checked.
type CheckSummary struct {
	Sections, Rows, Placeholders, Claims, Libraries int
}

func (c CheckSummary) String() string {
	return fmt.Sprintf("cheat sheet: %d sections, %d rows; %d placeholders filled, %d claims hold, "+
		"no unchecked numbers, %d library mentions quoted from facts and presets",
		c.Sections, c.Rows, c.Placeholders, c.Claims, c.Libraries)
}

// Check fills every placeholder, evaluates every claim, refuses a row with
// a number nothing checks (in digits, or in words: "twice", "ten calls"), and checks that a row naming a library quotes
// its numbers from lessons/facts or engine/breaker's presets (and that a
// row quoting a library's fact names it). The error joins one *RowError
// per problem, each naming its section and row.
func (sh *Sheet) Check(lab *lessons.Lab) (CheckSummary, error) {
	sum := CheckSummary{Sections: len(sh.Sections)}
	var errs []error
	bad := func(sec Section, r Row, err error) {
		var re *RowError
		if errors.As(err, &re) {
			errs = append(errs, err)
			return
		}
		errs = append(errs, &RowError{sec.Title, r.Label, err})
	}
	for _, sec := range sh.Sections {
		for _, r := range sec.Rows {
			sum.Rows++
			name := fmt.Sprintf("section %q, row %q", sec.Title, r.Label)
			if _, err := sh.fill(lab, sec, r); err != nil {
				errs = append(errs, err)
			} else {
				sum.Placeholders += strings.Count(r.Text, "{{")
			}
			if n := lessons.UncheckedNumbers(r.Label + ": " + r.Text); len(n) > 0 {
				bad(sec, r, fmt.Errorf("typed numbers nothing checks: %s (write each as a placeholder)", strings.Join(n, ", ")))
			}
			if w := lessons.UncheckedNumberWords(r.Label + ": " + r.Text); len(w) > 0 {
				bad(sec, r, fmt.Errorf("%s: a number written in words where the engine computes it (write it as a placeholder, or reword)", quoteAll(w)))
			}
			for _, c := range r.Expect {
				res, err := sh.claim(lab, r, name, c)
				if err != nil {
					errs = append(errs, err)
					continue
				}
				if f := res.Failure(name); f != nil {
					errs = append(errs, f)
					continue
				}
				sum.Claims++
			}
			named, err := checkLibraries(r)
			if err != nil {
				bad(sec, r, err)
			}
			sum.Libraries += named
			if err := checkSubjects(r.Label + ": " + r.Text); err != nil {
				bad(sec, r, err)
			}
			if err := checkEra(r.Label + ": " + r.Text); err != nil {
				bad(sec, r, err)
			}
		}
	}
	return sum, errors.Join(errs...)
}

// library is a library the sheet may name, with the facts and the breaker
// preset that hold its numbers. The references' rules of thumb (guide.*)
// count as a library named by citing a seed.
type library struct {
	name   string
	named  *regexp.Regexp
	facts  string // the prefix of its facts' names
	preset string // its engine/breaker preset
}

var libraries = []library{
	{"Resilience4j", regexp.MustCompile(`(?i)\bresilience4j\b`), "r4j.", "resilience4j"},
	{"Polly", regexp.MustCompile(`(?i)\bpolly\b`), "", "polly"},
	{"gobreaker", regexp.MustCompile(`(?i)\bgobreaker\b`), "", "gobreaker"},
	{"Hystrix", regexp.MustCompile(`(?i)\bhystrix\b`), "hystrix.", "hystrix"},
	{"failsafe-go", regexp.MustCompile(`(?i)\bfailsafe`), "", "failsafe-go"},
	{"Envoy", regexp.MustCompile(`(?i)\benvoy\b`), "envoy.", ""},
	{"AWS", regexp.MustCompile(`\bAWS\b`), "aws.", ""},
	{"the references (seeds/NNN)", regexp.MustCompile(`\bseeds/\d+`), "guide.", ""},
}

// placeholderExprRE finds a placeholder's expression, without its format.
var placeholderExprRE = regexp.MustCompile(`\{\{\s*([^}|]+?)\s*(?:\|[^}]*)?\}\}`)

// runArgRE is an argument that names a simulation run: its metric states
// a scenario's number, not a library's.
var runArgRE = regexp.MustCompile(`^(?:[a-z-]+/\d+|step\d*)$`)

// checkLibraries checks a row's library mentions: a library's fact or
// preset is quoted only in a row that names the library; a row that names
// a library quotes no simulation's number, and if it states numbers, at
// least one is that library's fact or preset. It returns how many
// libraries the row names.
func checkLibraries(r Row) (int, error) {
	whole := r.Label + ": " + r.Text
	quoted := map[string]bool{} // libraries whose facts or presets the row quotes
	var sim []string
	numbers := 0
	for _, m := range placeholderExprRE.FindAllStringSubmatch(r.Text, -1) {
		numbers++
		f := strings.Fields(m[1])
		if len(f) < 2 {
			continue
		}
		lib, ok := libraryOf(f[0], f[1])
		switch {
		case ok:
			if !lib.named.MatchString(whole) {
				return 0, fmt.Errorf("quotes %s's {{%s}} without naming %s", lib.name, m[1], lib.name)
			}
			quoted[lib.name] = true
		case runArgRE.MatchString(f[1]):
			sim = append(sim, "{{"+m[1]+"}}")
		}
	}
	named := 0
	for _, lib := range libraries {
		if !lib.named.MatchString(whole) {
			continue
		}
		named++
		if lib.facts == "guide." {
			continue // a seed is cited for words too
		}
		if len(sim) > 0 {
			return named, fmt.Errorf("names %s but quotes a simulation's number (%s): a library's numbers come from `fact` or `preset`", lib.name, strings.Join(sim, ", "))
		}
		if numbers > 0 && !quoted[lib.name] {
			return named, fmt.Errorf("names %s and states numbers, none of them its `fact` or `preset`", lib.name)
		}
	}
	return named, nil
}

// checkLibraryQuotes is the rule every checked text keeps (cards, rubric
// points, sheet rows): a library's fact or preset is quoted only in a text
// that names the library, so a number is never put in another library's
// mouth.
func checkLibraryQuotes(text string) error {
	if err := checkEra(text); err != nil {
		return err
	}
	for _, m := range placeholderExprRE.FindAllStringSubmatch(text, -1) {
		f := strings.Fields(m[1])
		if len(f) < 2 {
			continue
		}
		if lib, ok := libraryOf(f[0], f[1]); ok && !lib.named.MatchString(text) {
			return fmt.Errorf("quotes %s's {{%s}} without naming %s", lib.name, m[1], lib.name)
		}
	}
	return nil
}

// checkSubjects reports where a text contradicts a lesson's checked claim
// (lessons/subjects): the same scan the cross-text test makes, so each
// --check names the card, row or point itself.
func checkSubjects(text string) error {
	var errs []error
	for _, c := range subjects.Contradictions(text) {
		errs = append(errs, fmt.Errorf("contradicts the lessons on %s (%s): %q", c.Subject.Name, c.Subject.Truth, c.Sentence))
	}
	return errors.Join(errs...)
}

// libraryOf finds the library whose fact or preset a placeholder quotes.
func libraryOf(metric, arg string) (library, bool) {
	for _, lib := range libraries {
		switch {
		case metric == "fact" && lib.facts != "" && strings.HasPrefix(arg, lib.facts):
			return lib, true
		case metric == "preset" && lib.preset != "" && arg == lib.preset:
			return lib, true
		}
	}
	return library{}, false
}

// CheckCheatSheet checks the embedded cheat sheet with a new lab.
func CheckCheatSheet() (CheckSummary, error) {
	sh, err := DefaultSheet()
	if err != nil {
		return CheckSummary{}, err
	}
	return sh.Check(lessons.NewLab())
}

// supersededMark is how a fact's Says marks a value the library has since
// changed: the engine simulates aws-sdk-go-v2's retry prices from before
// v1.48.0, and v1.48.0 (every AWS SDK's 2026 update) made them dearer.
const supersededMark = "before the 2026 update"

// eraRE finds a text that says which version its figure holds for.
var eraRE = regexp.MustCompile(`v1\.4[78]|2026`)

// checkEra refuses a text that quotes a superseded fact without saying
// which version it holds for. Memorised bare ("AWS: 100 retries an
// outage"), such a figure is one today's SDK no longer gives, and an
// interviewer who knows the update hears it as wrong.
func checkEra(text string) error {
	if eraRE.MatchString(text) {
		return nil
	}
	for _, m := range placeholderExprRE.FindAllStringSubmatch(text, -1) {
		f := strings.Fields(m[1])
		if len(f) < 2 || f[0] != "fact" {
			continue
		}
		if fact, err := facts.Lookup(f[1]); err == nil && strings.Contains(fact.Says, supersededMark) {
			return fmt.Errorf("quotes {{%s}}, a price from %s, without saying so: name the version (\"before v1.48.0\", \"the 2026 update\") or quote today's price (facts aws.retry.v2026.*)", m[1], supersededMark)
		}
	}
	return nil
}
