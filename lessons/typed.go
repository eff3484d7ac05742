package lessons

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// TypedNumbers holds a lesson to the rule its format states first: no
// number the simulation produces is typed by hand. It lists every number a
// learner reads in l (a step's text; its prompts, explanations and
// reveals; its choices and their whys; the whys of its misconceptions,
// the hints a wrong guess gets; the recap) that nothing checks, one error
// per line of the file, naming the line and the ways out. The drill's,
// the cheat sheet's and the challenges' texts are held to it by the same
// scanners: UncheckedNumbers for digits, UncheckedNumberWords for "twice"
// or "a third".
//
// A number passes when it is inside a placeholder or among its arguments,
// a fact's placeholder included ({{fact NAME}}), a name (p99, 5xx, 503,
// "half-open"), or a given of its step: a number the step's [set], pause
// or one of its claims (expect) states, "opens step == 24s" pinning the
// 24 s the text may then write, or its answer's or a misconception's
// expression ("busy-at cascade/0 9s" pins 9 s), or a number the step's
// prompts state, which the
// other texts of the step may repeat. A prompt on a step with a run
// describes the run, so its own numbers pass only against the [set] and
// the claims; a text-only step's prompt sets a case of its own ("a pool
// of 40 workers"), and its numbers are the step's givens.
func TypedNumbers(l *Lesson) []error {
	var out []error
	for i := range l.Steps {
		out = append(out, typedInStep(l, i)...)
	}
	// In the file's order: a step's front matter comes before its text.
	slices.SortStableFunc(out, func(a, b error) int { return a.(*Error).Line - b.(*Error).Line })
	for i, r := range l.Recap {
		// The recap's lines are one array; the array's line is as near as
		// the file's index goes.
		out = append(out, typedIn(l.File, fmt.Sprintf("recap[%d]", i), "the recap", r, func(int) int { return l.RecapLine }, nil)...)
	}
	return out
}

// typedInStep is TypedNumbers for step i of l.
func typedInStep(l *Lesson, i int) []error {
	st := &l.Steps[i]
	// The moments the step opens and pauses at are the author's, as
	// [set]'s knobs are: "at 12 s" where the step pauses at 12 s.
	pinned := []string{st.Pause.Text, fmt.Sprintf("seed %d", st.Seed)}
	if st.From > 0 {
		pinned = append(pinned, st.From.String())
	}
	if st.Sim != nil {
		for _, o := range st.Sim.Set {
			pinned = append(pinned, fmt.Sprintf("%s = %v", o.Key, o.Value))
		}
	}
	for _, c := range st.Expect {
		pinned = append(pinned, c.Text)
		if c.Other == nil && c.Value.Kind != KindDuration && c.Value.F > 0 && c.Value.F < 1 {
			// A share a claim pins as 0.99 the text writes as 99%.
			pinned = append(pinned, strconv.FormatFloat(math.Round(c.Value.F*1e8)/1e6, 'f', -1, 64)+"%")
		}
	}
	if st.Sweep != nil && st.Sweep.Plan() != nil {
		// A [sweep]'s grid is the author's, as [set] is: "every cap from
		// 2 to 24, each run on two seeds", "at most 1%" (its goal).
		p := st.Sweep.Plan()
		for _, a := range p.Axes {
			pinned = append(pinned, a.Typed, fmt.Sprint(a.Values...))
		}
		pinned = append(pinned, fmt.Sprintf("%d seeds", len(p.Seeds)))
		if p.Goal != nil {
			pinned = append(pinned, fmt.Sprintf("%v %v%%", p.Goal.Threshold, p.Goal.Threshold*100))
		}
	}
	for _, q := range []*Question{st.Predict, st.Question} {
		// A numeric answer and a misconception's number are expressions
		// the engine evaluates, as a claim's are: "busy-at cascade/0 9s"
		// pins the 9 s its why names.
		if q == nil {
			continue
		}
		pinned = append(pinned, q.Answer)
		for _, mc := range q.Misconceptions {
			pinned = append(pinned, mc.Answer)
		}
	}
	stated := pinned
	questions := []struct {
		prefix string
		q      *Question
	}{{"predict", st.Predict}, {"question", st.Question}}
	for _, q := range questions {
		if q.q != nil {
			stated = append(stated, q.q.Prompt)
		}
	}
	where := fmt.Sprintf("step %d (%s)", i+1, st.Title)
	bodyLine := func(offset int) int { return st.BodyLine + strings.Count(st.Body[:offset], "\n") }
	out := typedIn(l.File, "text", where, st.Body, bodyLine, stated)
	for _, q := range questions {
		if q.q == nil {
			continue
		}
		field := func(path, text string, givens []string) {
			at := func(offset int) int { return st.lines.textLine(path, text, offset) }
			out = append(out, typedIn(l.File, path, where, text, at, givens)...)
		}
		if st.Sim != nil {
			// The prompt of a step with a run describes that run; a
			// text-only step's prompt sets its own case, whose numbers
			// are the givens.
			field(q.prefix+".prompt", q.q.Prompt, pinned)
		}
		field(q.prefix+".explain", q.q.Explain, stated)
		field(q.prefix+".reveal", q.q.Reveal, stated)
		for j, c := range q.q.Choices {
			field(fmt.Sprintf("%s.choice[%d].text", q.prefix, j), c.Text, stated)
			field(fmt.Sprintf("%s.choice[%d].why", q.prefix, j), c.Why, stated)
		}
		for j, mc := range q.q.Misconceptions {
			path := fmt.Sprintf("%s.misconception[%d].why", q.prefix, j)
			out = append(out, typedIn(l.File, path, where, mc.Why, func(int) int { return mc.Line }, stated)...)
		}
	}
	return out
}

// typedWays are the ways out of a typed number, as the error says them.
const typedWays = "quote it with a placeholder ({{param step workers}}) or a library's default with {{fact NAME}}, " +
	"pin it with a claim (expect = [\"opens step == 24s\"]), state it in the step's [set] or prompt, or say it without the number"

// typedIn lists the numbers text types by hand that givens do not state,
// one error per line (line gives the file's line of a byte of text),
// digits and words alike.
func typedIn(file, field, where, text string, line func(offset int) int, givens []string) []error {
	if text == "" {
		return nil
	}
	// A phrase wrapped across lines ("a\nthird") reads as one: the words
	// are read on the text with its line breaks made spaces, which keeps
	// every offset. Digits are read on the text as written, where a list's
	// "2. " starts its line.
	flat := strings.ReplaceAll(text, "\n", " ")
	byLine := map[int][]string{}
	var lines []int
	add := func(f found, quoted string) {
		l := line(f.at)
		if _, ok := byLine[l]; !ok {
			lines = append(lines, l)
		}
		byLine[l] = append(byLine[l], quoted)
	}
	for _, f := range uncheckedNumbersAt(text, givens) {
		add(f, f.text)
	}
	for _, f := range uncheckedNumberWordsAt(flat, givens) {
		add(f, fmt.Sprintf("%q", f.text))
	}
	slices.Sort(lines)
	var out []error
	for _, l := range lines {
		n := byLine[l]
		what := "types " + strings.Join(n, ", ") + " by hand, which nothing checks"
		if len(n) > 1 {
			what = "types " + strings.Join(n[:len(n)-1], ", ") + " and " + n[len(n)-1] + " by hand, which nothing checks"
		}
		out = append(out, &Error{File: file, Line: l, Field: field, Err: fmt.Errorf("%s %s: %s", where, what, typedWays)})
	}
	return out
}
