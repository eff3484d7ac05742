package lessons

import "time"

// Outline is a prepared lesson's structure for tools and teachers: each
// step's simulation and its questions, with the right answers the engine
// computed. `breakerlab lesson ID --check --format json` prints it.
type Outline struct {
	ID      string        `json:"id"`
	Title   string        `json:"title"`
	Summary string        `json:"summary"`
	File    string        `json:"file"`
	Seed    uint64        `json:"seed"`
	Recap   []string      `json:"recap"`
	Steps   []OutlineStep `json:"steps"`
}

// OutlineStep is one step: its number (from 1), its title, its simulation
// (null for a text-only step) and its questions, the prediction first.
type OutlineStep struct {
	Step       int               `json:"step"`
	Title      string            `json:"title"`
	Simulation *OutlineSim       `json:"simulation"`
	Questions  []OutlineQuestion `json:"questions"`
}

// OutlineSim is a step's run and where it starts and stops. Times are in
// milliseconds of virtual time; PauseMS is null when the run plays to its
// end without stopping.
type OutlineSim struct {
	Scenario  string         `json:"scenario"`
	Variant   int            `json:"variant"`
	Seed      uint64         `json:"seed"`
	From      string         `json:"from"`
	FromMS    int64          `json:"from_ms"`
	Pause     string         `json:"pause"`
	PauseMS   *int64         `json:"pause_ms"`
	EndMS     int64          `json:"end_ms"`
	Overrides map[string]any `json:"overrides"`
	Panes     []string       `json:"panes"`
	Choose    bool           `json:"choose"`
}

// OutlineQuestion is a prediction ("predict": true, asked before the run
// plays) or a question (false, asked after it). Kind is "choice" or
// "number". For a choice, Answer is the right choice's text and
// AnswerIndex its place in Choices (from 1, in the file's order: the
// player shuffles them); for a number, Answer is the value as the text
// prints it and AnswerValue the number (a share as 0.41, a duration in
// seconds). Explain is a question's explanation, Reveal a prediction's.
type OutlineQuestion struct {
	Predict     bool            `json:"predict"`
	Kind        string          `json:"kind"`
	Prompt      string          `json:"prompt"`
	Choices     []OutlineChoice `json:"choices"`
	Answer      string          `json:"answer"`
	AnswerIndex int             `json:"answer_index,omitempty"`
	AnswerValue *float64        `json:"answer_value,omitempty"`
	Tolerance   *float64        `json:"tolerance,omitempty"`
	Relative    bool            `json:"relative,omitempty"`
	Unit        string          `json:"unit,omitempty"`
	// Misconceptions are a number's likely wrong answers and why.
	Misconceptions []OutlineMisconception `json:"misconceptions,omitempty"`
	Explain        string                 `json:"explain,omitempty"`
	Reveal         string                 `json:"reveal,omitempty"`
}

// OutlineMisconception is a wrong number a numeric question names, the
// margin within which a guess is taken for it, and why.
type OutlineMisconception struct {
	Answer      string  `json:"answer"`
	AnswerValue float64 `json:"answer_value"`
	Tolerance   float64 `json:"tolerance"`
	Why         string  `json:"why"`
}

// OutlineChoice is one choice and, for a wrong one, why it is wrong.
type OutlineChoice struct {
	Text  string `json:"text"`
	Right bool   `json:"right"`
	Why   string `json:"why,omitempty"`
}

// Outline describes the prepared lesson.
func (p *Prepared) Outline() Outline {
	l := p.Lesson
	o := Outline{ID: l.ID, Title: l.Title, Summary: l.Summary, File: l.File, Seed: l.Seed,
		Recap: append([]string{}, p.Recap...), Steps: make([]OutlineStep, 0, len(p.Steps))}
	for i := range p.Steps {
		s := &p.Steps[i]
		os := OutlineStep{Step: i + 1, Title: s.Title, Questions: []OutlineQuestion{}}
		if s.HasSim() {
			sim := &OutlineSim{Scenario: s.Sim.Scenario, Variant: s.Sim.Variant, Seed: s.Sim.Seed,
				From: s.From.String(), FromMS: ms(s.From), Pause: s.Pause.Text, EndMS: ms(s.End), Overrides: map[string]any{},
				Panes: append([]string{}, s.Panes...), Choose: s.Choose}
			if s.PauseAt >= 0 {
				at := ms(s.PauseAt)
				sim.PauseMS = &at
			}
			for _, ov := range s.Sim.Set {
				sim.Overrides[ov.Key] = ov.Value
			}
			os.Simulation = sim
		}
		if s.Predict != nil {
			os.Questions = append(os.Questions, outlineQuestion(s.Predict, true))
		}
		if s.Question != nil {
			os.Questions = append(os.Questions, outlineQuestion(s.Question, false))
		}
		o.Steps = append(o.Steps, os)
	}
	return o
}

func ms(d time.Duration) int64 { return d.Milliseconds() }

func outlineQuestion(q *PreparedQuestion, predict bool) OutlineQuestion {
	out := OutlineQuestion{Predict: predict, Prompt: q.Prompt, Choices: []OutlineChoice{}, Explain: q.Explain, Reveal: q.Reveal}
	switch q.Kind {
	case Choice:
		out.Kind = "choice"
		for i, c := range q.Choices {
			out.Choices = append(out.Choices, OutlineChoice(c))
			if c.Right {
				out.Answer, out.AnswerIndex = c.Text, i+1
			}
		}
	case Number:
		out.Kind = "number"
		v, t := q.Answer, q.Tolerance
		out.Answer, out.AnswerValue, out.Tolerance, out.Relative, out.Unit = q.AnswerText, &v, &t, q.Relative, q.Unit
		for _, m := range q.Misconceptions {
			out.Misconceptions = append(out.Misconceptions, OutlineMisconception{Answer: m.Text, AnswerValue: m.Value, Tolerance: m.Tolerance, Why: m.Why})
		}
	}
	return out
}
