package challenge

import (
	"errors"
	"fmt"
	"math"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/userfile"
	"github.com/breakerlab/breakerlab/lessons"
	toml "github.com/pelletier/go-toml/v2"
)

// Challenge is a loaded challenge file.
type Challenge struct {
	ID      string // the file's name without its number and .toml
	Number  int    // the built-in's place in the list, from 1; 0 for a teacher's file
	Title   string
	Summary string
	// Brief and Hint are filled: each placeholder replaced by its value
	// (brief.go); BriefSource and HintSource are as the file writes them.
	Brief       string
	Hint        string
	BriefSource string
	HintSource  string
	Seeds       []uint64
	Knobs       []Knob
	Goals       []Goal
	Par         Par
	// Claims are what the brief says of the start, each a goal's form
	// that the start must meet on every seed: CheckClaims holds them.
	Claims []Goal
	// Whys are what knobs get wrong together ([[whys]]): a deadline no
	// longer than the timeout leaves no room for a retry.
	Whys []JointWhy

	// Exactly one of these is set: the scenario the knobs act on, or the
	// shuffle lab's fleet.
	Scenario *engine.Scenario
	Fleet    *Fleet
	// ScenarioFile is the scenario file's name as the challenge gives it.
	ScenarioFile string
	// After is the number of the lesson the level follows, for the level
	// map; 0 when the file names none.
	After int

	// Path is a teacher's file as it was opened (LoadFile), to name it on
	// a command line; "" for a built-in. key is where its progress is kept
	// (ProgressKey).
	Path string
	key  string

	// traffic is what the level's endpoints send on each seed, drawn
	// once and replayed by every design graded (run); nil for a
	// Challenge made without parse, whose runs draw their own.
	traffic *trafficCache
}

// ProgressKey is where challenges.json keeps the challenge's stars: a
// built-in's ID, or for a teacher's file "file:" and its absolute path, so
// that a file named like a built-in level (bulkhead-20.toml) never writes
// into that level's record, and two files of one name in two folders keep
// their own.
func (c *Challenge) ProgressKey() string {
	if c.key != "" {
		return c.key
	}
	return c.ID
}

// fileKey is a teacher's file's progress key: "file:" and its absolute
// path, through any symbolic link, so that the file keeps its stars
// whichever folder it is opened from.
func fileKey(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = filepath.Clean(path)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	return "file:" + abs
}

// CommandArg is what names the challenge after `breakerlab challenge` when
// run from the folder dir: a built-in's ID, or a teacher's file's path
// (relative to dir where it lies below it, "./" before a bare name so that
// it reads as a path), quoted for a shell if it needs to be.
func (c *Challenge) CommandArg(dir string) string {
	if c.Path == "" {
		return c.ID
	}
	arg := c.Path
	if abs, err := filepath.Abs(c.Path); err == nil {
		arg = abs
		if dir != "" {
			if rel, err := filepath.Rel(dir, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				arg = rel
			}
		}
	}
	if !filepath.IsAbs(arg) && !strings.ContainsAny(arg, `/\`) {
		arg = "." + string(filepath.Separator) + arg
	}
	return shellQuote(arg)
}

// GradeCommand is the command line that grades the design file design
// against this challenge, run from the folder dir (CommandArg): the
// headers of --start and of a saved design print it, and the screen's
// notes, so that a teacher's file is named by its path wherever one is
// read; its ID names no built-in, or the wrong one.
func (c *Challenge) GradeCommand(dir, design string) string {
	return "breakerlab challenge " + c.CommandArg(dir) + " --check " + design
}

// shellQuote quotes a path for a POSIX shell when it holds anything but
// letters, digits and . _ - / + : , @ %.
func shellQuote(s string) string {
	plain := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-/+:,@%", r)) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Par is the fewest resources or the least change that meets the goals:
// either a goal of its own (met: two stars; met with room to spare, that is
// with the bound itself excluded: three) or the fewest knobs a design must
// move from the start to meet the goals (Changes). No design can do with
// fewer, so one that moves no more than Changes is the best there is and
// earns three stars; one that moves more meets the goals only, one star.
// (A par of changes that counted "fewer" as beating it could never be
// beaten: the start, which moves none, falls short.)
type Par struct {
	Goal    *Goal
	Changes int
	Note    string
}

// ChangesWant is the bound of a par that counts the knobs changed, as the
// par's row writes it beside the changes a design made, on the challenge
// screen and in `challenge --check`: "≤ 2", or "none" for a par of 0,
// where "≤ 0" would read as a count that could go below none.
func (p *Par) ChangesWant() string {
	if p.Changes == 0 {
		return "none"
	}
	return fmt.Sprintf("≤ %d", p.Changes)
}

// Text is the par in words, as the brief and the list write it: "the
// process's memory at its peak ≤ 165 MiB", or "at most 2 knobs changed from
// the start, the fewest that do it". (A design file's header writes a goal
// par in the file's own language, Goal.Written.)
func (p *Par) Text() string {
	name, bound := p.Parts()
	if bound == "" {
		return name
	}
	return name + " " + bound
}

// Parts is the par in words in two parts, what it measures and its bound,
// as the goals panel and the list set them apart: "recommendations
// timeout", "≤ 500 ms"; name ends with the window the par is measured
// over, where it has one, as a goal's label does. A par that names nothing in words (a file's own,
// with no label, on what no goal or knob measures) and a par on the knobs
// changed have no separate bound: name is all of it.
func (p *Par) Parts() (name, bound string) {
	g := p.Goal
	if g == nil {
		knobs := "knobs"
		if p.Changes == 1 {
			knobs = "knob"
		}
		return fmt.Sprintf("at most %d %s changed from the start, the fewest that do it", p.Changes, knobs), ""
	}
	name = strings.TrimPrefix(g.Label, "par: ")
	if name == g.Written() {
		return LabelWithWindow(name, g), ""
	}
	return LabelWithWindow(name, g), g.WantText()
}

// StarsRule says what each star stands for on this challenge.
func (c *Challenge) StarsRule() string {
	if c.Par.Goal == nil {
		return fmt.Sprintf("One star meets every goal on every seed; three do it moving no more than %d %s from the start, the fewest that can.", c.Par.Changes, map[bool]string{true: "knob", false: "knobs"}[c.Par.Changes == 1])
	}
	return "One star meets every goal on every seed; two meet par; three beat it."
}

// DefaultSeeds are the seeds a challenge is graded on when it names none.
var DefaultSeeds = []uint64{1, 2, 3}

// MaxSeeds bounds the seeds a challenge may name: each costs a run for every
// change of a knob.
const MaxSeeds = 20

type fileTOML struct {
	Title    string         `toml:"title"`
	After    int            `toml:"after"`
	Summary  string         `toml:"summary"`
	Brief    string         `toml:"brief"`
	Hint     string         `toml:"hint"`
	Scenario string         `toml:"scenario"`
	Shuffle  *fleetTOML     `toml:"shuffle"`
	Seeds    []int64        `toml:"seeds"`
	Knobs    []knobTOML     `toml:"knobs"`
	Goals    []goalTOML     `toml:"goals"`
	Par      *parTOML       `toml:"par"`
	Claims   []goalTOML     `toml:"claims"`
	Whys     []jointWhyTOML `toml:"whys"`
}

type fleetTOML struct {
	Workers     int    `toml:"workers"`
	Customers   int    `toml:"customers"`
	PerCustomer int    `toml:"per_customer"`
	Strategy    string `toml:"strategy"`
	MaxShared   int    `toml:"max_shared"`
	Zones       int    `toml:"zones"`
}

type knobTOML struct {
	Path    string    `toml:"path"`
	Label   string    `toml:"label"`
	Min     any       `toml:"min"`
	Max     any       `toml:"max"`
	Step    any       `toml:"step"`
	Choices []any     `toml:"choices"`
	Why     []whyTOML `toml:"why"`
}

// whyTOML explains a choice, or a numeric knob's values from min to max,
// that fall short: [[knobs.why]].
type whyTOML struct {
	Choice any `toml:"choice"`
	Min    any `toml:"min"`
	Max    any `toml:"max"`
	// Above and Below end the values apart from the bound itself: a why
	// of a semaphore past Little's law speaks of the permits above
	// {{little search p99}}, not of that many, which is the right size.
	Above any    `toml:"above"`
	Below any    `toml:"below"`
	Text  string `toml:"text"`
	// Goals are the labels of the goals the text explains a miss of: it
	// is shown only when the design misses one of them, so that it never
	// tells of a failure the goals beside it say did not happen.
	Goals []string `toml:"goals"`
	// Claims are what the text says of the design it explains, in the
	// goals' form: the why is shown only where each holds on every seed.
	Claims []string `toml:"claims"`
}

// whyGoals checks that every goal a [[knobs.why]] names is one of the
// challenge's goals, by its label.
func (l *loader) whyGoals(c *Challenge) error {
	var labels []string
	for _, g := range c.Goals {
		labels = append(labels, strconv.Quote(g.Label))
	}
	for i, k := range c.Knobs {
		for _, ch := range k.Choices {
			name := FormatValue(ch)
			for _, label := range k.WhyGoals[name] {
				if !slices.ContainsFunc(c.Goals, func(g Goal) bool { return g.Label == label }) {
					at := l.whyAt[k.Path+"="+name]
					return l.errorf(l.ln.find("knobs.why", at[0], "goals"), fmt.Sprintf("knobs[%d].why[%d].goals", i+1, at[1]+1),
						"the why of the choice %s names %q, which is not a goal's label; the goals are: %s", name, label, strings.Join(labels, ", "))
				}
			}
		}
		for j, w := range k.Ranges {
			for _, label := range w.Goals {
				if !slices.ContainsFunc(c.Goals, func(g Goal) bool { return g.Label == label }) {
					at := l.whyAt[fmt.Sprintf("%s#%d", k.Path, j)]
					return l.errorf(l.ln.find("knobs.why", at[0], "goals"), fmt.Sprintf("knobs[%d].why[%d].goals", i+1, at[1]+1),
						"the why of %s %s names %q, which is not a goal's label; the goals are: %s", k.Label, w.rangeText(&k), label, strings.Join(labels, ", "))
				}
			}
		}
	}
	return nil
}

// rangeText is the values a numeric knob's why speaks of, as a refusal
// names them: "from 1 s to 10 s".
func (w *RangeWhy) rangeText(k *Knob) string {
	return "from " + k.formatNumber(w.Min) + " to " + k.formatNumber(w.Max)
}

// rangeWhys reads a numeric knob's [[knobs.why]]: each speaks of the
// values from its min to its max (an end left out is the knob's), within
// the knob's range and apart from the others', so that one value has at
// most one why. whys counts the file's [[knobs.why]] before this knob's.
func (l *loader) rangeWhys(c *Challenge, k *Knob, i int, ws []whyTOML, whys *int) error {
	field := func(j int, key string) string { return fmt.Sprintf("knobs[%d].why[%d].%s", i+1, j+1, key) }
	for j, w := range ws {
		line := l.ln.find("knobs.why", *whys, "")
		if w.Choice != nil {
			return l.errorf(line, field(j, "choice"), "%s takes min, max and step, not choices: its why gives min, max or both, the values it speaks of", k.Path)
		}
		if w.Min == nil && w.Max == nil && w.Above == nil && w.Below == nil {
			return l.errorf(line, field(j, "min"), "a why of %s needs min or above, max or below, or one of each: the values it speaks of, within %s", k.Path, k.Range())
		}
		for _, pair := range [][2]string{{"min", "above"}, {"max", "below"}} {
			if set := map[string]bool{"min": w.Min != nil, "above": w.Above != nil, "max": w.Max != nil, "below": w.Below != nil}; set[pair[0]] && set[pair[1]] {
				return l.errorf(l.ln.find("knobs.why", *whys, pair[1]), field(j, pair[1]), "a why's values start at min or above and end at max or below, not both: %s = ... takes in the value it names, %s = ... stops one step short of it", pair[0], pair[1])
			}
		}
		text, err := l.fillWhy(c, *whys, field(j, "text"), w.Text)
		if err != nil {
			return err
		}
		claims, err := l.whyClaims(c, *whys, fmt.Sprintf("knobs[%d].why[%d]", i+1, j+1), w.Claims)
		if err != nil {
			return err
		}
		rw := RangeWhy{Min: k.Min, Max: k.Max, Text: strings.Join(strings.Fields(text), " "), Source: strings.Join(strings.Fields(w.Text), " "), Goals: w.Goals, Claims: claims}
		for _, b := range []struct {
			key string
			v   any
			dst *float64
			// step is where a bound that leaves its own value out puts
			// the end: the knob's next value past it (+1, above) or
			// before it (-1, below); 0 takes the value in.
			step float64
		}{{"min", w.Min, &rw.Min, 0}, {"max", w.Max, &rw.Max, 0}, {"above", w.Above, &rw.Min, 1}, {"below", w.Below, &rw.Max, -1}} {
			if b.v == nil {
				continue
			}
			v, err := l.filledBound(c, k.Kind, b.v)
			if err != nil {
				return l.errorf(l.ln.find("knobs.why", *whys, b.key), field(j, b.key), "%v", err)
			}
			f, err := boundOf(k.Kind, v)
			if err != nil {
				return l.errorf(l.ln.find("knobs.why", *whys, b.key), field(j, b.key), "%v", err)
			}
			if b.step != 0 {
				past, ok := k.valueBeyond(f, b.step)
				if !ok {
					return l.errorf(l.ln.find("knobs.why", *whys, b.key), field(j, b.key), "no value of the knob lies %s %s: it takes %s", b.key, k.formatNumber(f), k.Range())
				}
				f = past
			}
			if f < k.Min-1e-9 || f > k.Max+1e-9 {
				return l.errorf(l.ln.find("knobs.why", *whys, b.key), field(j, b.key), "%s is outside the knob's range, %s", k.formatNumber(f), k.Range())
			}
			*b.dst = f
		}
		switch {
		case rw.Max < rw.Min:
			return l.errorf(l.ln.find("knobs.why", *whys, "max"), field(j, "max"), "max must be at least min (%s), got %s", k.formatNumber(rw.Min), k.formatNumber(rw.Max))
		case rw.Text == "":
			return l.errorf(line, field(j, "text"), "a why needs text = \"...\": what these values get wrong")
		}
		for _, o := range k.Ranges {
			if rw.Min <= o.Max+1e-9 && o.Min <= rw.Max+1e-9 {
				return l.errorf(line, field(j, "min"), "the values %s overlap another why's, %s: give each value one why", rw.rangeText(k), o.rangeText(k))
			}
		}
		if l.whyAt == nil {
			l.whyAt = map[string][2]int{}
		}
		l.whyAt[fmt.Sprintf("%s#%d", k.Path, len(k.Ranges))] = [2]int{*whys, j}
		*whys++
		k.Ranges = append(k.Ranges, rw)
	}
	return nil
}

type goalTOML struct {
	Expect string `toml:"expect"`
	Label  string `toml:"label"`
	From   string `toml:"from"`
	To     string `toml:"to"`
}

type parTOML struct {
	Expect  string `toml:"expect"`
	Label   string `toml:"label"`
	From    string `toml:"from"`
	To      string `toml:"to"`
	Changes *int   `toml:"changes"`
	Note    string `toml:"note"`
}

// loader parses one file, naming its lines in errors.
type loader struct {
	file string
	ln   *lines
	// budget bounds the simulated requests loading may cost (each goal
	// runs the start once); 0 means engine.DefaultBudget.
	budget int64
	// scenario is the scenario file as read, for the brief's placeholders.
	scenario *lessons.ScenarioFile
	// lab fills placeholders: the brief's, the hint's, and a goal's bound.
	lab *lessons.Lab
	// whyAt places each [[knobs.why]] by its knob's path and choice, for
	// whyGoals' errors: its index among all the file's [[knobs.why]]
	// (nth) and among its knob's (j).
	whyAt map[string][2]int
	// before is the start's snapshot before any request arrives, made
	// for the first goal with a window of its own (window).
	before *engine.Snapshot
}

func (l *loader) errorf(line int, field, format string, args ...any) error {
	return &Error{File: l.file, Line: line, Field: field, Err: fmt.Errorf(format, args...)}
}

// Parse reads a challenge file. name names it in messages and gives its ID;
// open reads the scenario file it names, by the path the challenge gives
// (relative to the challenge's own folder).
func Parse(name string, data []byte, open func(rel string) ([]byte, error)) (*Challenge, error) {
	return parseBudget(name, data, open, 0)
}

// parseBudget is Parse with a budget of simulated requests for the runs
// that loading makes (0: engine.DefaultBudget).
func parseBudget(name string, data []byte, open func(rel string) ([]byte, error), budget int64) (*Challenge, error) {
	return parse(name, data, open, budget, false)
}

// parse reads a challenge file; with claims, it also runs the start on
// every seed and refuses the file when a claim of its brief does not hold
// (a teacher's file, LoadFileBudget: the built-ins' claims are held by the
// package's tests, not checked at every start of the program).
func parse(name string, data []byte, open func(rel string) ([]byte, error), budget int64, claims bool) (*Challenge, error) {
	if budget == 0 {
		budget = engine.DefaultBudget
	}
	l := &loader{file: name, ln: newLines(data), budget: budget, lab: lessons.NewLab()}
	var f fileTOML
	dec := toml.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, l.decodeError(err)
	}
	c := &Challenge{ID: idOf(name), Title: strings.TrimSpace(f.Title), Summary: strings.TrimSpace(f.Summary),
		Brief: strings.TrimSpace(f.Brief), Hint: strings.TrimSpace(f.Hint), traffic: &trafficCache{}}
	if c.Title == "" {
		return nil, l.errorf(l.ln.find("", 0, "title"), "title", "a challenge needs a title, such as title = \"Size a timeout against the pool\"")
	}
	if c.Summary == "" {
		c.Summary = c.Title
	}
	if f.After < 0 {
		return nil, l.errorf(l.ln.find("", 0, "after"), "after", "after is the number of the lesson the level follows, from 1, got %d", f.After)
	}
	c.After = f.After
	if err := l.subject(c, &f, open); err != nil {
		return nil, err
	}
	if err := l.seeds(c, f.Seeds); err != nil {
		return nil, err
	}
	if err := l.knobs(c, f.Knobs); err != nil {
		return nil, err
	}
	if len(f.Goals) == 0 {
		return nil, l.errorf(0, "goals", "a challenge needs at least one [[goals]] table with expect = \"METRIC ARGS OP VALUE\", such as expect = \"share search ok >= 99%%\"")
	}
	for i, gt := range f.Goals {
		g, err := l.goal(c, gt.Expect, "goals", i)
		if err != nil {
			return nil, err
		}
		if err := l.window(c, &g, gt, i, "goals"); err != nil {
			return nil, err
		}
		g.Label = strings.TrimSpace(gt.Label)
		if g.Label == "" {
			g.Label = g.Written()
		}
		c.Goals = append(c.Goals, g)
	}
	if err := l.whyGoals(c); err != nil {
		return nil, err
	}
	if err := l.jointWhysOf(c, f.Whys); err != nil {
		return nil, err
	}
	if err := l.par(c, f.Par); err != nil {
		return nil, err
	}
	linkPeers(c)
	for i, ct := range f.Claims {
		g, err := l.goal(c, ct.Expect, "claims", i)
		if err != nil {
			return nil, err
		}
		if err := l.window(c, &g, ct, i, "claims"); err != nil {
			return nil, err
		}
		if ct.Label != "" {
			return nil, l.errorf(l.ln.find("claims", i, "label"), fmt.Sprintf("claims[%d].label", i+1), "a claim has no label: it is checked, not shown")
		}
		c.Claims = append(c.Claims, g)
	}
	if err := measuredWindows(c); err != nil {
		return nil, err
	}
	if err := l.feasible(c); err != nil {
		return nil, err
	}
	c.BriefSource, c.HintSource = c.Brief, c.Hint
	var err error
	if c.Brief, err = l.fillBrief(c, "brief", c.BriefSource, l.scenario, l.lab); err != nil {
		return nil, err
	}
	if c.Hint, err = l.fillBrief(c, "hint", c.HintSource, l.scenario, l.lab); err != nil {
		return nil, err
	}
	if claims {
		if err := l.claimsHold(c); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// claimsHold runs the start on every seed and names each claim that does
// not hold, on its line: the claim, the seed and the engine's value.
func (l *loader) claimsHold(c *Challenge) error {
	fails, err := c.falseClaims()
	if err != nil {
		return err
	}
	var errs []error
	for _, f := range fails {
		errs = append(errs, l.errorf(l.ln.find("claims", f.index, "expect"), fmt.Sprintf("claims[%d].expect", f.index+1), "%s; a claim is what the brief says of the start, and must hold on every seed (%s)", f.text, seedList(c.Seeds)))
	}
	return errors.Join(errs...)
}

// seedList is "1, 2, 3".
func seedList(seeds []uint64) string {
	var out []string
	for _, s := range seeds {
		out = append(out, strconv.FormatUint(s, 10))
	}
	return strings.Join(out, ", ")
}

// idOf is a file's ID: its name without folders, .toml and a leading
// number ("03-bulkhead-20.toml" is bulkhead-20).
func idOf(name string) string {
	base := strings.TrimSuffix(path.Base(strings.ReplaceAll(name, "\\", "/")), ".toml")
	if i := strings.IndexByte(base, '-'); i > 0 && strings.Trim(base[:i], "0123456789") == "" {
		return base[i+1:]
	}
	return base
}

// decodeError names the line of a TOML error, and the key of an unknown one.
func (l *loader) decodeError(err error) error {
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) && len(sm.Errors) > 0 {
		e := sm.Errors[0]
		line, _ := e.Position()
		key := strings.Join(e.Key(), ".")
		return l.errorf(line, key, "unknown key; the keys are: title, after, summary, brief, hint, scenario or [shuffle], seeds, [[knobs]] (path, label, min, max, step, choices, [[knobs.why]] choice, or min (or above) and max (or below), text, goals and claims), [[goals]] (expect, label, from, to), [par] (expect or changes, from, to, note), [[claims]] (expect, from, to), [[whys]] (when, text, goals, claims)")
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		if words, ok := userfile.WrongType(de.Error()); ok {
			// Valid TOML of the wrong type, said in TOML's words, not
			// Go's ("struct field challenge.fileTOML.After of type int").
			return l.errorf(line, strings.Join(de.Key(), "."), "%s", words)
		}
		return l.errorf(line, strings.Join(de.Key(), "."), "not valid TOML (column %d): %s", col, strings.TrimPrefix(de.Error(), "toml: "))
	}
	return l.errorf(0, "", "not valid TOML: %v", strings.TrimPrefix(err.Error(), "toml: "))
}

// fleetDecodeError is decodeError for a design handed in for a shuffle
// challenge: an unknown key is told the [shuffle] table's keys, not a
// challenge file's.
func (l *loader) fleetDecodeError(err error) error {
	var sm *toml.StrictMissingError
	if !errors.As(err, &sm) || len(sm.Errors) == 0 {
		return l.decodeError(err)
	}
	e := sm.Errors[0]
	line, _ := e.Position()
	key := e.Key()
	keys := strings.Join(fleetKeys, ", ")
	if len(key) > 1 && key[0] == "shuffle" {
		return l.errorf(line, strings.Join(key, "."), "unknown key; the keys of [shuffle] are: %s", keys)
	}
	return l.errorf(line, strings.Join(key, "."), "unknown key; a design for a shuffle challenge is one [shuffle] table, with the keys %s", keys)
}

// subject loads the scenario or the fleet.
func (l *loader) subject(c *Challenge, f *fileTOML, open func(string) ([]byte, error)) error {
	switch {
	case f.Scenario != "" && f.Shuffle != nil:
		return l.errorf(l.ln.find("", 0, "scenario"), "scenario", "a challenge has a scenario or a [shuffle] fleet, not both")
	case f.Shuffle != nil:
		return l.fleet(c, f.Shuffle)
	case f.Scenario == "":
		return l.errorf(0, "scenario", "a challenge needs scenario = \"FILE.toml\" (a scenario file, relative to the challenge's folder) or a [shuffle] table")
	}
	line := l.ln.find("", 0, "scenario")
	if open == nil {
		return l.errorf(line, "scenario", "this challenge cannot read files, so it cannot load %q", f.Scenario)
	}
	data, err := open(f.Scenario)
	if err != nil {
		return l.errorf(line, "scenario", "cannot read the scenario file %q: %v", f.Scenario, err)
	}
	sc, err := scenariofile.Parse(f.Scenario, data)
	if err != nil {
		return l.errorf(line, "scenario", "%w", err)
	}
	if len(sc.Variants) != 1 {
		return l.errorf(line, "scenario", "the scenario file %q has %d variants; a challenge's scenario has one, the design the learner starts from", f.Scenario, len(sc.Variants))
	}
	// Loading runs the start once for each goal and the par (loader.goal),
	// and grading runs it on every seed: refuse a scenario too big for
	// the budget before any of that.
	runs := len(f.Goals) + 1
	seeds := len(DefaultSeeds)
	if f.Seeds != nil {
		seeds = len(f.Seeds)
	}
	runs = max(runs, seeds)
	// A teacher's file's claims run the start on every seed, once for
	// each window they measure in (CheckClaims).
	windows := map[[2]string]bool{}
	for _, ct := range f.Claims {
		windows[[2]string{ct.From, ct.To}] = true
	}
	runs = max(runs, seeds*len(windows))
	if err := engine.CheckBudget(sc, 1, runs, l.budget); err != nil {
		// Not formatted here: a caller names its flag in the
		// *engine.BudgetError before the message is written.
		return &Error{File: l.file, Line: line, Field: "scenario", Err: err}
	}
	c.Scenario, c.ScenarioFile = sc, f.Scenario
	l.scenario = &lessons.ScenarioFile{Path: f.Scenario, Data: data}
	return nil
}

func (l *loader) fleet(c *Challenge, t *fleetTOML) error {
	fl := &Fleet{Workers: t.Workers, Customers: t.Customers, PerCustomer: t.PerCustomer, MaxShared: t.MaxShared, Zones: t.Zones}
	if t.Strategy == "" {
		t.Strategy = "plain"
	}
	if err := fl.set("strategy", t.Strategy); err != nil {
		return l.errorf(l.ln.find("shuffle", 0, "strategy"), "shuffle.strategy", "%v", err)
	}
	if _, err := fl.poison(DefaultSeeds[0]); err != nil {
		return l.errorf(l.ln.find("shuffle", 0, ""), "shuffle", "the fleet cannot be assigned: %v", err)
	}
	c.Fleet = fl
	return nil
}

func (l *loader) seeds(c *Challenge, seeds []int64) error {
	line := l.ln.find("", 0, "seeds")
	if seeds == nil {
		c.Seeds = append([]uint64(nil), DefaultSeeds...)
		return nil
	}
	if len(seeds) == 0 || len(seeds) > MaxSeeds {
		return l.errorf(line, "seeds", "a challenge is graded on 1 to %d seeds, got %d", MaxSeeds, len(seeds))
	}
	seen := map[int64]bool{}
	for _, s := range seeds {
		if s < 0 {
			return l.errorf(line, "seeds", "a seed is a whole number from 0, got %d", s)
		}
		if seen[s] {
			return l.errorf(line, "seeds", "seed %d is listed twice", s)
		}
		seen[s] = true
		c.Seeds = append(c.Seeds, uint64(s))
	}
	return nil
}

func (l *loader) knobs(c *Challenge, ks []knobTOML) error {
	if len(ks) == 0 {
		return l.errorf(0, "knobs", "a challenge needs at least one [[knobs]] table: the path of a setting the learner may turn and its range")
	}
	seen := map[string]bool{}
	whys := 0
	offered := c.offerable() // what a path refused is told to write
	for i, kt := range ks {
		field := func(key string) string { return fmt.Sprintf("knobs[%d].%s", i+1, key) }
		line := func(key string) int { return l.ln.find("knobs", i, key) }
		k := Knob{Path: strings.TrimSpace(kt.Path), Label: strings.TrimSpace(kt.Label)}
		if k.Path == "" {
			return l.errorf(line(""), field("path"), "a knob needs a path, such as path = \"recommendations.bulkhead\"")
		}
		if seen[k.Path] {
			return l.errorf(line("path"), field("path"), "knob %q is listed twice", k.Path)
		}
		seen[k.Path] = true
		if k.Label == "" {
			k.Label = k.Path
		}
		// Before the kind: db.policy.timeout has one, read as the
		// timeout of a part "db.policy" that is not there.
		if fk := lessons.FileKeyRefusal(k.Path, offered, "a challenge"); fk != nil {
			return l.errorf(line("path"), field("path"), "%v", fk)
		}
		kind, ok := knobKind(k.Path, c.Fleet != nil)
		if !ok {
			if c.Fleet != nil {
				return l.errorf(line("path"), field("path"), "the shuffle lab has no knob %q (its knobs: %s)", k.Path, strings.Join(fleetKeys, ", "))
			}
			return l.errorf(line("path"), field("path"), "%q is not a knob a challenge can offer%s (allowed: workers, queue, ENDPOINT.rate, ENDPOINT.patience, or DEPENDENCY.KEY with KEY one of: %s)", k.Path, lessons.DidYouMean(k.Path, offered), knobKeys(false))
		}
		k.Kind = kind
		start, err := c.read(k.Path)
		if err != nil {
			return l.errorf(line("path"), field("path"), "%v", err)
		}
		if kind == KnobChoice {
			if kt.Min != nil || kt.Max != nil || kt.Step != nil {
				return l.errorf(line("min"), field("min"), "%s takes a list of choices, not min, max and step", k.Path)
			}
			if len(kt.Choices) < 2 {
				return l.errorf(line("choices"), field("choices"), "%s needs choices = [...] with at least two values, such as [\"none\", \"cached\", \"default\"]", k.Path)
			}
			for _, ch := range kt.Choices {
				if err := c.try(k.Path, ch); err != nil {
					return l.errorf(line("choices"), field("choices"), "the choice %s does not work: %v", FormatValue(ch), err)
				}
			}
			k.Choices = kt.Choices
			for j, w := range kt.Why {
				name := FormatValue(w.Choice)
				if w.Min != nil || w.Max != nil || w.Above != nil || w.Below != nil {
					key := "min"
					switch {
					case w.Max != nil:
						key = "max"
					case w.Above != nil:
						key = "above"
					case w.Below != nil:
						key = "below"
					}
					return l.errorf(l.ln.find("knobs.why", whys, key), field(fmt.Sprintf("why[%d].%s", j+1, key)), "%s takes choices: its why names one with choice = ..., not min and max", k.Path)
				}
				if k.choiceIndex(w.Choice) < 0 {
					return l.errorf(line("why"), field(fmt.Sprintf("why[%d].choice", j+1)), "%s is not one of the choices (%s)", name, k.Range())
				}
				if strings.TrimSpace(w.Text) == "" {
					return l.errorf(line("why"), field(fmt.Sprintf("why[%d].text", j+1)), "a why needs text = \"...\": what this choice gets wrong")
				}
				text, err := l.fillWhy(c, whys, field(fmt.Sprintf("why[%d].text", j+1)), w.Text)
				if err != nil {
					return err
				}
				if k.Why == nil {
					k.Why, k.WhySource = map[string]string{}, map[string]string{}
				}
				k.Why[name] = strings.Join(strings.Fields(text), " ")
				k.WhySource[name] = strings.Join(strings.Fields(w.Text), " ")
				if l.whyAt == nil {
					l.whyAt = map[string][2]int{}
				}
				l.whyAt[k.Path+"="+name] = [2]int{whys, j}
				whys++
				claims, err := l.whyClaims(c, whys-1, field(fmt.Sprintf("why[%d]", j+1)), w.Claims)
				if err != nil {
					return err
				}
				if len(claims) > 0 {
					if k.WhyClaims == nil {
						k.WhyClaims = map[string][]Goal{}
					}
					k.WhyClaims[name] = claims
				}
				if len(w.Goals) > 0 {
					if k.WhyGoals == nil {
						k.WhyGoals = map[string][]string{}
					}
					k.WhyGoals[name] = w.Goals
				}
			}
		} else {
			if kt.Choices != nil {
				return l.errorf(line("choices"), field("choices"), "%s takes min, max and step, not choices", k.Path)
			}
			for _, b := range []struct {
				key string
				v   any
				dst *float64
			}{{"min", kt.Min, &k.Min}, {"max", kt.Max, &k.Max}, {"step", kt.Step, &k.Step}} {
				// A range's end may quote the scenario, as a why's does
				// (max = "{{param aiohttp.size}}": no semaphore larger than
				// the connector), so an edit to the scenario moves it.
				v, err := l.filledBound(c, kind, b.v)
				if err != nil {
					return l.errorf(line(b.key), field(b.key), "%v", err)
				}
				f, err := boundOf(kind, v)
				if err != nil {
					return l.errorf(line(b.key), field(b.key), "%v", err)
				}
				*b.dst = f
			}
			switch {
			case k.Min < 0 || (kind == KnobShare && k.Max > 1):
				return l.errorf(line("min"), field("min"), "%s takes values from 0%s, got %s to %s", k.Path, map[bool]string{true: " to 100%", false: ""}[kind == KnobShare], k.formatNumber(k.Min), k.formatNumber(k.Max))
			case k.Max <= k.Min:
				return l.errorf(line("max"), field("max"), "max must be above min (%s), got %s", k.formatNumber(k.Min), k.formatNumber(k.Max))
			case k.Step <= 0 || (k.Max-k.Min)/k.Step > 100000:
				return l.errorf(line("step"), field("step"), "step must be above 0 and cut the range into at most 100000 steps, got %s", k.formatNumber(k.Step))
			case kind == KnobInt && (k.Min != math.Trunc(k.Min) || k.Max != math.Trunc(k.Max) || k.Step != math.Trunc(k.Step)):
				return l.errorf(line("min"), field("min"), "%s is a whole number, so min, max and step are whole numbers", k.Path)
			}
			for _, end := range []float64{k.Min, k.Max} {
				if err := c.try(k.Path, k.fromNumber(end)); err != nil {
					return l.errorf(line("min"), field("min"), "the range's end %s does not work: %v", k.formatNumber(end), err)
				}
			}
			if err := l.rangeWhys(c, &k, i, kt.Why, &whys); err != nil {
				return err
			}
		}
		if err := k.Check(start); err != nil {
			return l.errorf(line("path"), field("path"), "the challenge starts at %s, outside the knob's range: %v", FormatValue(start), err)
		}
		c.Knobs = append(c.Knobs, k)
	}
	return nil
}

// filledBound fills the placeholders of a why's min or max, as a goal's
// bound is filled, so that the values a why speaks of can start where a
// goal's bound the scenario gives ends: min = "{{midway catalog.latency.p99
// catalog.fault.latency}}". A number comes back as one, for boundOf.
func (l *loader) filledBound(c *Challenge, kind KnobKind, v any) (any, error) {
	text, ok := v.(string)
	if !ok {
		return v, nil
	}
	filled, err := l.fillBound(c, text)
	if err != nil {
		return nil, err
	}
	// A bound may be a sum, a scenario's value and an allowance: "{{param
	// catalog.latency.p99}} + 100ms".
	if filled, err = addTerms(strings.Fields(filled)); err != nil {
		return nil, err
	}
	if !strings.Contains(text, "{{") && !strings.Contains(text, "+") {
		return v, nil
	}
	if kind == KnobInt || kind == KnobNumber {
		f, err := strconv.ParseFloat(filled, 64)
		if err != nil {
			return nil, fmt.Errorf("%s is %s, not a number", text, filled)
		}
		return f, nil
	}
	return filled, nil
}

// boundOf reads min, max or step: a number, a share ("50%") or a duration.
func boundOf(kind KnobKind, v any) (float64, error) {
	if v == nil {
		return 0, errors.New("a numeric knob needs min, max and step")
	}
	switch x := v.(type) {
	case int64:
		if kind == KnobDuration {
			return 0, fmt.Errorf("a duration is written in quotes with its unit, such as \"500ms\", got %d", x)
		}
		return float64(x), nil
	case float64:
		if kind == KnobDuration {
			return 0, fmt.Errorf("a duration is written in quotes with its unit, such as \"500ms\", got %v", x)
		}
		return x, nil
	case string:
		if kind == KnobDuration {
			if err := engine.RepeatedUnit(x); err != nil {
				return 0, err // 5s1s: Go sums it to 6s, a slip
			}
			d, err := time.ParseDuration(x)
			if err != nil {
				return 0, fmt.Errorf("%q is not a duration such as \"500ms\" or \"2s\"", x)
			}
			return d.Seconds(), nil
		}
		if kind == KnobShare {
			if p, ok := strings.CutSuffix(x, "%"); ok {
				// Moving the point, not dividing by 100: "99.9%" is the
				// 0.999 a bare 0.999 is, and prints back as 99.9%.
				f, err := report.ParsePercent(strings.TrimSpace(p))
				if err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
					return f, nil
				}
				return 0, fmt.Errorf("%q is not a percentage such as \"50%%\"", x)
			}
		}
	}
	return 0, fmt.Errorf("want a number, got %s", FormatValue(v))
}

// goal parses a goal and runs it once on the start, so a name the scenario
// does not have is caught here, with its line.
func (l *loader) goal(c *Challenge, text, table string, i int) (Goal, error) {
	field := fmt.Sprintf("%s[%d].expect", table, i+1)
	line := l.ln.find(table, i, "expect")
	if table == "par" {
		field = "par.expect"
	}
	if strings.TrimSpace(text) == "" {
		return Goal{}, l.errorf(l.ln.find(table, i, ""), field, "a goal needs expect = \"METRIC ARGS OP VALUE\", such as \"share search ok >= 99%%\"")
	}
	return l.goalAt(c, text, line, field)
}

// whyClaims reads the claims of the file's nth [[knobs.why]] (field is
// its "knobs[K].why[J]"), each read as a goal is, so a claim the start
// cannot measure is refused on its line.
func (l *loader) whyClaims(c *Challenge, nth int, field string, texts []string) ([]Goal, error) {
	var out []Goal
	for m, text := range texts {
		g, err := l.goalAt(c, text, l.ln.find("knobs.why", nth, "claims"), fmt.Sprintf("%s.claims[%d]", field, m+1))
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// goalAt reads a goal's text, naming line and field in its errors.
func (l *loader) goalAt(c *Challenge, text string, line int, field string) (Goal, error) {
	if strings.TrimSpace(text) == "" {
		return Goal{}, l.errorf(line, field, "a claim is \"METRIC ARGS OP VALUE\", such as \"share search ok >= 99%%\", got an empty one")
	}
	text, err := l.fillBound(c, text)
	if err != nil {
		return Goal{}, l.errorf(line, field, "%v", err)
	}
	g, err := parseGoal(text, c.Fleet != nil)
	if err != nil {
		return g, l.errorf(line, field, "%v", err)
	}
	o, err := c.run(c.startScenario(), c.startFleet(), c.Seeds[0])
	if err != nil {
		return g, l.errorf(0, "scenario", "the start does not run: %v", err)
	}
	if _, _, err := metrics[g.Metric].eval(o, g.Args); err != nil {
		return g, l.errorf(line, field, "%v", err)
	}
	return g, nil
}

// fillBound fills the placeholders of a goal's text, as a brief's are
// filled ({{param catalog.latency.p99}} is the scenario's p99), so that a
// bound the scenario gives is read from it, not typed: "param
// catalog.breaker.slow_duration > {{param catalog.latency.p99}}" reads
// "... > 600ms". The value is written as a goal's value is, without the
// space and the thousands separator a text puts in it.
func (l *loader) fillBound(c *Challenge, text string) (string, error) {
	var b strings.Builder
	last := 0
	for _, m := range briefPlaceholderRE.FindAllStringSubmatchIndex(text, -1) {
		b.WriteString(text[last:m[0]])
		last = m[1]
		expr := strings.TrimSpace(text[m[2]:m[3]])
		v, err := evalBrief(c, expr, l.scenario, l.lab)
		if err != nil {
			return "", fmt.Errorf("placeholder {{%s}}: %w", expr, err)
		}
		b.WriteString(strings.NewReplacer(" ", "", ",", "", "\u00a0", "").Replace(v))
	}
	b.WriteString(text[last:])
	return b.String(), nil
}

func (l *loader) par(c *Challenge, p *parTOML) error {
	if p == nil {
		return l.errorf(0, "par", "a challenge needs a [par] table: expect = \"METRIC ARGS OP VALUE\" (the fewest resources), or changes = N (the fewest knobs changed)")
	}
	c.Par.Note = strings.TrimSpace(p.Note)
	switch {
	case p.Expect != "" && p.Changes != nil:
		return l.errorf(l.ln.find("par", 0, "changes"), "par.changes", "a par is expect or changes, not both")
	case p.Changes != nil:
		if *p.Changes < 1 || *p.Changes > len(c.Knobs) {
			return l.errorf(l.ln.find("par", 0, "changes"), "par.changes", "changes must be from 1 to the number of knobs (%d), got %d", len(c.Knobs), *p.Changes)
		}
		c.Par.Changes = *p.Changes
		return nil
	}
	g, err := l.goal(c, p.Expect, "par", 0)
	if err != nil {
		return err
	}
	if err := l.window(c, &g, goalTOML{From: p.From, To: p.To}, -1, "par"); err != nil {
		return err
	}
	// The par usually bounds what a goal already measures: it then reads
	// with that goal's label.
	g.Label = "par: " + g.Written() // its bound with its unit
	for _, k := range c.Knobs {
		if g.Metric == "param" && g.Args[0] == k.Path {
			g.Label = "par: " + k.Label
		}
	}
	for _, other := range c.Goals {
		if other.Metric == g.Metric && slices.Equal(other.Args, g.Args) && other.WindowText() == g.WindowText() {
			g.Label = "par: " + other.Label
		}
	}
	if p.Label != "" {
		g.Label = "par: " + p.Label // the file's own words come first
	}
	c.Par.Goal = &g
	return nil
}

// window reads a goal's (or a claim's) own measurement window.
func (l *loader) window(c *Challenge, g *Goal, gt goalTOML, i int, table string) error {
	if gt.From == "" && gt.To == "" {
		return nil
	}
	field := func(k string) string { return fmt.Sprintf("%s[%d].%s", table, i+1, k) }
	line := func(k string) int { return l.ln.find(table, i, k) }
	if i < 0 { // the par's
		field = func(k string) string { return "par." + k }
		line = func(k string) int { return l.ln.find("par", 0, k) }
	}
	if c.Scenario == nil {
		return l.errorf(line("from"), field("from"), "the shuffle lab has no time, so a goal on it has no from or to")
	}
	end := c.Scenario.Duration
	from, to := time.Duration(0), end
	var err error
	// A time naming a unit twice (5s1s, which Go sums to 6s) is a slip.
	if err := engine.RepeatedUnit(gt.From); err != nil {
		return l.errorf(line("from"), field("from"), "%v", err)
	}
	if err := engine.RepeatedUnit(gt.To); err != nil {
		return l.errorf(line("to"), field("to"), "%v", err)
	}
	if gt.From != "" {
		if from, err = time.ParseDuration(gt.From); err != nil {
			return l.errorf(line("from"), field("from"), "want a time such as \"5s\", got %q", gt.From)
		}
	}
	if gt.To != "" {
		if to, err = time.ParseDuration(gt.To); err != nil {
			return l.errorf(line("to"), field("to"), "want a time such as \"15s\", got %q", gt.To)
		}
	}
	switch {
	case from < 0 || from >= end:
		return l.errorf(line("from"), field("from"), "from must be at least 0 and before the scenario's end (%v), got %v", end, from)
	case to <= from || to > end:
		return l.errorf(line("to"), field("to"), "to must be after from (%v) and at most the scenario's end (%v), got %v", from, end, to)
	}
	g.Window = &[2]time.Duration{from, to}
	// A metric that never reads the window would be shown as "calls db
	// (2–4 s)" beside the run's total, the window silently ignored.
	sc := c.startScenario()
	if l.before == nil {
		run, err := engine.New(sc, 0, c.Seeds[0])
		if err != nil {
			return l.errorf(line("from"), field("from"), "%v", err)
		}
		snap := run.Snapshot()
		l.before = &snap
	}
	if !readsWindow(sc, l.before, g) {
		key := "from"
		if gt.From == "" {
			key = "to"
		}
		what := "counts over the whole run"
		if g.Metric == "param" {
			what = "is a setting of the design, not a count"
		}
		return l.errorf(line(key), field(key), "%s %s, so from and to would change nothing of its value: leave them out, or measure a metric of the window's requests, such as share or count", g.Metric, what)
	}
	return nil
}
