package drill

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// stretchTexts are the texts an interviewee memorises, placeholders
// unfilled: every hand card's points and follow-up answer, every mock
// interview's prompt and rubric point, every cheat-sheet row.
func stretchTexts(t *testing.T) map[string]string {
	t.Helper()
	texts := handCardTexts(t)
	prompts, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range prompts {
		texts["interview "+p.ID+" prompt"] = p.Text
		for _, pt := range p.Points {
			texts["interview "+p.ID+" point "+pt.ID] = pt.Text
		}
	}
	sheet, err := DefaultSheet()
	if err != nil {
		t.Fatal(err)
	}
	for _, sec := range sheet.Sections {
		for _, r := range sec.Rows {
			texts["cheat sheet "+sec.Title+": "+r.Label] = r.Text
		}
	}
	return texts
}

var (
	sentenceEnd   = regexp.MustCompile(`[.?!]\s+`)
	wholeRunWords = "over the whole run"
)

// runTallies lists, by the stretch they count (lessons.TallyStretch, the
// lessons' own reading of the catalogue), the runs whose requests or calls
// a text's placeholders tally.
func runTallies(text string) map[string][]string {
	out := map[string][]string{}
	for _, m := range placeholderExprRE.FindAllStringSubmatch(text, -1) {
		e, err := lessons.ParseExpr(m[1])
		if err != nil || len(e.Args) == 0 {
			continue
		}
		if stretch := lessons.TallyStretch(e.Metric); stretch != "" {
			out[stretch] = append(out[stretch], e.Args[0])
		}
	}
	return out
}

// A point that quotes a share of a run's measurement window does not set a
// count of that run's whole run beside it, as if both were parts of the
// same requests; the lessons hold every paragraph to it
// (TestAParagraphCountsOneStretch). The drill's cards were written beside
// lessons 10, 11, 13 and 14 and kept what those lessons said before it:
// concept-tenant-bulkhead gave globex's 100% of the window beside the
// 14,856 calls acme's slots refused in the whole run (14,855 of its 19,425
// requests in the window), concept-semaphore-bulkhead profile's 100%
// beside search's 3,154 refusals of the whole run (2,987 of 3,027 in the
// window). Where a whole-run count is the point (a provider's load, the
// work done for nobody), its sentence says so and quotes no window figure
// of that run.
func TestAnInterviewTextCountsOneStretch(t *testing.T) {
	checked := 0
	for where, text := range stretchTexts(t) {
		inWindow := map[string]bool{}
		for _, run := range runTallies(text)[lessons.StretchWindow] {
			inWindow[run] = true
		}
		for _, sentence := range sentenceEnd.Split(strings.Join(strings.Fields(text), " "), -1) {
			here := runTallies(sentence)
			for _, run := range here[lessons.StretchWholeRun] {
				if !inWindow[run] {
					continue
				}
				checked++
				switch {
				case slices.Contains(here[lessons.StretchWindow], run):
					t.Errorf("%s: one sentence counts %s over its window and over its whole run: quote the window's count, or give the whole run's a sentence of its own that says %q:\n%s", where, run, wholeRunWords, sentence)
				case !lessons.SaysWholeRun(sentence):
					t.Errorf("%s quotes a share of %s's window, and this sentence a count of its whole run without saying so: quote the window's count, or say %q:\n%s", where, run, wholeRunWords, sentence)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no text sets a whole run's count beside a window's share of the same run: the check checked nothing")
	}
}

// drillTexts are every text of the drill's own, placeholders unfilled:
// stretchTexts, with each hand card's question and follow-up, each mock
// interview's numbers lines, the questions the drill rewords, and every
// text of numbers.md (a step's body, its questions' prompts, explanations,
// reveals and choices).
func drillTexts(t *testing.T) map[string]string {
	t.Helper()
	texts := stretchTexts(t)
	cards, err := HandCards()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cards {
		texts[c.ID+" question"] = c.Question
		texts[c.ID+" follow-up"] = c.FollowUp
	}
	prompts, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range prompts {
		for i, line := range p.Numbers {
			texts[fmt.Sprintf("interview %s numbers line %d", p.ID, i+1)] = line
		}
	}
	for _, r := range rewordings {
		texts[r.step+" reworded"] = r.prompt
	}
	l, err := lessons.Parse("lessons/drill/numbers.md", numbersLesson)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range l.Steps {
		at := fmt.Sprintf("numbers.md step %d (%s)", i+1, s.Title)
		texts[at+" text"] = s.Body
		for which, q := range map[string]*lessons.Question{"predict": s.Predict, "question": s.Question} {
			if q == nil {
				continue
			}
			texts[at+" "+which] = q.Prompt + "\n\n" + q.Explain + "\n\n" + q.Reveal
			for j, c := range q.Choices {
				texts[fmt.Sprintf("%s %s choice %d", at, which, j+1)] = c.Text + "\n\n" + c.Why
			}
		}
	}
	return texts
}

// The lessons hold every whole-run count they quote to saying so
// (TestAWholeRunCountSaysSo), a share of the window beside it or not: a
// reader of "{{failed-probes ...}} rounds of probes failed" or "killed
// {{oom-kills ...}} times" cannot tell the whole run's tally from the
// measurement window's, and the sandbox's panes show it growing to the
// run's end. The drill's cards, rubric points and cheat-sheet rows are
// what an interviewee memorises and repeats, so they keep the stricter
// rule too, read with the lessons' own words (lessons.QuoteSaysStretch):
// the cooldown card, rubric point and cheat-sheet row gave fleet-probes'
// failed rounds, and the goroutine card and row go-server's OOM kills,
// with no word of the run they covered. Unlike the lessons, a count of
// none says it as well: a card is checked without running the engine,
// and "0 kills" beside "3 kills" is the same tally of another run.
func TestADrillTextsWholeRunCountSaysSo(t *testing.T) {
	checked := 0
	for where, text := range drillTexts(t) {
		for _, sentence := range sentenceEnd.Split(strings.Join(strings.Fields(text), " "), -1) {
			for _, m := range placeholderExprRE.FindAllStringSubmatchIndex(sentence, -1) {
				e, err := lessons.ParseExpr(sentence[m[2]:m[3]])
				if err != nil || !lessons.WholeRunTotal(e.Metric) {
					continue
				}
				checked++
				if !lessons.QuoteSaysStretch(lessons.StretchWholeRun, sentence, m[0]) {
					t.Errorf("%s quotes {{%s}}, a count of the whole run, without saying so (say one of %q):\n%s",
						where, e.Text, lessons.StretchWords(lessons.StretchWholeRun), sentence)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no drill text quotes a count of the whole run: the check checked nothing")
	}
}
