package lessons

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// DefaultSeed is the seed a lesson uses when it names none: the reference
// documents' seed, so the lessons quote the runs `breakerlab run` prints.
const DefaultSeed = 5

// Lesson is one lesson file, parsed and checked for form. Its text still
// holds placeholders; Prepare fills them by running the engine.
type Lesson struct {
	// ID names the lesson on the command line: the file name without
	// ".md", such as "01-cascade". Number is its leading number, or 0.
	ID     string
	Number int
	// File is where the lesson came from, for messages: "lessons/01-cascade.md"
	// for a built-in one, the path given for a teacher's file.
	File      string
	Title     string
	Summary   string
	Seed      uint64
	Exercises []string // exercise names from the exercises catalog
	// Recap is what the lesson taught, in one to three lines for its last
	// screen; the lines may hold placeholders that name their runs.
	Recap     []string
	RecapLine int
	Steps     []Step

	// key is where a teacher's file keeps its progress (ProgressKey); ""
	// for a built-in lesson.
	key string
}

// ProgressKey is where the progress file keeps the lesson's progress: a
// built-in lesson's ID, or for a teacher's file (LoadFile) "file:" and its
// absolute path, so that a teacher's 03-bulkheads.md never shares the
// built-in lesson 3's progress, and two files of one name in two folders
// keep their own.
func (l *Lesson) ProgressKey() string {
	if l.key != "" {
		return l.key
	}
	return l.ID
}

// Step is one screen of a lesson: Markdown text, and optionally a
// simulation, a pause point, claims about the run and a question.
type Step struct {
	Title string
	Line  int // the line of its "+++ step" marker, from 1
	// Body is the step's Markdown with its placeholders; BodyLine is the
	// line of the body's first line.
	Body     string
	BodyLine int
	// Seed is the seed of the step's runs: its own simulation and every
	// SCENARIO/VARIANT its placeholders name.
	Seed uint64

	// Sim is the simulation the step shows, or nil for a text-only step.
	Sim *SimSpec
	// Sweep is the step's [sweep], or nil (sweep.go).
	Sweep *SweepSpec
	// From is where the simulation starts when the step opens: the player
	// jumps there at once and plays on from it.
	From time.Duration
	// Pause is where the simulation stops on its own so the text can talk
	// about what is on screen.
	Pause Pause
	// Speed is virtual seconds per wall-clock second.
	Speed float64
	// Panes names the panes to show, in order.
	Panes []string
	// Choose lets the learner switch between the scenario's variants.
	Choose bool
	// Expect lists the claims the step's text makes about the runs.
	Expect []Claim
	// Predict asks the learner to guess the simulation's outcome before it
	// plays, or is nil. Its Reveal is shown after the play reaches the
	// pause; a prediction is never graded as knowledge.
	Predict *Question
	// Question is the step's self-check question, asked after the play, or
	// nil.
	Question *Question

	// lines locates the front matter's fields for messages.
	lines *fieldLines
}

// SimSpec names one run of the engine: a built-in scenario, one of its
// variants (counting from 0), a seed and overrides.
type SimSpec struct {
	Scenario string
	Variant  int
	Seed     uint64
	Set      []Override
	// File is the teacher's scenario file the step names (scenario =
	// "incident.toml"), read when the lesson is parsed; nil for a built-in.
	File *ScenarioFile
}

// ScenarioFile is a scenario file a lesson names, by a path relative to
// the lesson file: Path is where it was read from, Data its bytes, parsed
// afresh for every run so that overrides never touch a shared copy.
type ScenarioFile struct {
	Path string
	Data []byte
}

// Shuffle is the scenario name that runs engine/shuffle's poisoned-customer
// timeline instead of the engine.
const Shuffle = "shuffle"

// IsShuffle reports whether the spec runs the shuffle-sharding simulation.
func (s *SimSpec) IsShuffle() bool { return s != nil && s.Scenario == Shuffle }

// key identifies a run for the cache: the same key, the same result.
func (s *SimSpec) key() string {
	var b strings.Builder
	name := s.Scenario
	if s.File != nil {
		name = "file:" + s.File.Path // two lessons' "incident.toml" may differ
	}
	fmt.Fprintf(&b, "%s/%d@%d", name, s.Variant, s.Seed)
	for _, o := range s.Set {
		fmt.Fprintf(&b, ";%s=%v", o.Key, o.Value)
	}
	return b.String()
}

// String names the run as a placeholder would: "cascade/0".
func (s *SimSpec) String() string { return fmt.Sprintf("%s/%d", s.Scenario, s.Variant) }

// Override changes one knob of the scenario's variant before it runs:
// Key is a dotted name such as "recommendations.bulkhead" (see FORMAT.md).
type Override struct {
	Key   string
	Value any
	Line  int
}

// PauseKind says what a pause point waits for.
type PauseKind uint8

const (
	// PauseNone: the simulation plays to its end.
	PauseNone PauseKind = iota
	// PauseAt: it stops at a virtual time.
	PauseAt
	// PauseEvent: it stops at the first breaker transition into a state.
	PauseEvent
	// PauseEnd: it stops at the end of the traffic (the scenario's duration).
	PauseEnd
)

// Pause is a step's pause point.
type Pause struct {
	Kind PauseKind
	At   time.Duration // for PauseAt
	// For PauseEvent: the dependency whose breaker moves ("" for any) and
	// the state it moves into.
	Dependency string
	To         breaker.State
	Text       string // as written, for the status line
}

// QuestionKind says how a question is answered.
type QuestionKind uint8

const (
	// Choice: pick one of several answers; exactly one is right.
	Choice QuestionKind = iota + 1
	// Number: type a number; it is right within a tolerance.
	Number
)

// Question is a self-check question. Its texts may hold placeholders.
type Question struct {
	Kind    QuestionKind
	Prompt  string
	Explain string // shown once it is answered right (or given up on)
	// Reveal is a prediction's explanation, shown after the play beside
	// the guess and what happened; empty for a question.
	Reveal  string
	Choices []Option
	// For Number: the right answer is a literal or a metric expression,
	// within Tolerance (absolute, or relative when Relative is set). A
	// [predict] that states no tolerance gets DefaultPredictTolerance
	// (relative); a [question], none.
	Answer    string
	Tolerance float64
	Relative  bool
	Unit      string // shown after the input box: "threads", "s"
	// Misconceptions are the wrong numbers likely misconceptions lead to,
	// each with why: a wrong guess near one is told its why, as a wrong
	// choice is told its own.
	Misconceptions []Misconception
}

// Misconception is a wrong number of a numeric question and why a learner
// may arrive at it ([[predict.misconception]]). Answer is a number or a
// metric expression; a guess within the tolerance of its value (the
// question's own when HasTolerance is false) is taken for it.
type Misconception struct {
	Answer       string
	Tolerance    float64
	Relative     bool
	HasTolerance bool
	Why          string
	Line         int
}

// Option is one answer of a multiple-choice question.
type Option struct {
	Text  string
	Right bool
	// Why explains the answer: for a wrong one, why it is wrong.
	Why string
}

// Claim is a checkable statement about a run, written in the step's front
// matter as "METRIC ARGS OP VALUE", such as "share cascade/0 search ok < 0.5",
// or about a figure derived from two: "METRIC ARGS / METRIC ARGS == 2 within
// 5%" (derived.go).
type Claim struct {
	Text string
	Expr Expr
	Op   string
	// The right-hand side: a literal Value, or another metric (Other).
	Value Value
	Other *Expr
	// Derived is set when the left-hand side is a ratio or a product of
	// Expr and a second figure, compared with the literal Value.
	Derived *Derived
	Line    int
}
