package lessons

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// stepRefRE finds a pointer to a step of the same lesson in a text: "step
// 11", "Step 3's run", "steps 3 and 4". A pointer to another lesson's step
// ("lesson 1 step 5") is left out by the caller.
var stepRefRE = regexp.MustCompile(`(?i)\bsteps? (\d+)((?:(?:, | and )\d+)*)`)

// quotedTitleRE is a step's title written right after a pointer to it:
// `step 11, "The libraries' defaults"` or `step 11 ("...")`.
var quotedTitleRE = regexp.MustCompile(`^(?:,| \(|:) ?"([^"]+)"`)

// paneWords are the words a text names a pane by, and the pane.
var paneWords = map[string]string{
	"dependency pane": "deps", "dependencies pane": "deps", "transitions pane": "transitions",
	"breaker pane": "breaker", "pool pane": "pool", "outcomes": "endpoints", "chart": "chart",
	"chain pane": "chain", "instances pane": "instances", "tasks pane": "tasks",
}

// refStopWords carry no meaning of their own in a step's title or text.
var refStopWords = map[string]bool{
	"about": true, "after": true, "again": true, "also": true, "before": true, "does": true, "each": true,
	"every": true, "from": true, "have": true, "here": true, "into": true, "just": true, "less": true,
	"more": true, "once": true, "only": true, "other": true, "over": true, "same": true, "some": true,
	"step": true, "than": true, "that": true, "their": true, "them": true, "then": true, "there": true,
	"these": true, "they": true, "this": true, "those": true, "under": true, "what": true, "when": true,
	"which": true, "while": true, "will": true, "with": true, "your": true,
}

// refWords are the words of a text as a pointer's fit compares them: four
// letters or more, lower case, a plural or a possessive folded onto its
// word ("libraries'" and "library" alike).
func refWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range regexp.MustCompile(`[A-Za-z][A-Za-z'’-]*`).FindAllString(text, -1) {
		w = strings.ToLower(strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"), "'’"))
		switch {
		case strings.HasSuffix(w, "ies") && len(w) > 4:
			w = strings.TrimSuffix(w, "ies") + "y"
		case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 4:
			w = strings.TrimSuffix(w, "s")
		}
		if len(w) >= 4 && !refStopWords[w] {
			out[w] = true
		}
	}
	return out
}

// stepTextsOf is every text of a lesson's step a learner reads, one
// string per step.
func stepTextsOf(l *Lesson) []string {
	out := make([]string, len(l.Steps))
	for at, text := range learnerTexts(l) {
		var n int
		if _, err := fmt.Sscanf(at, "step %d", &n); err == nil && n >= 1 && n <= len(out) {
			out[n-1] += " " + oneLine(text)
		}
	}
	return out
}

// refFits says why a sentence of step from (0-based) that points to step
// to fits it, or "" when nothing in it does: a word of its title, its run
// named by a placeholder, a pane it shows, or a word of its text that no
// other step of the lesson uses.
func refFits(l *Lesson, texts []string, from, to int, sentence string) string {
	target := &l.Steps[to]
	words := refWords(sentence)
	for w := range refWords(target.Title) {
		if words[w] {
			return "its title's word " + strconv.Quote(w)
		}
	}
	var run string
	_ = scanPlaceholders(sentence, func(_ int, expr string, err error) error {
		e, perr := ParseExpr(expr)
		if err != nil || perr != nil || len(e.Args) == 0 || run != "" {
			return nil
		}
		a := e.Args[0]
		if a == fmt.Sprintf("step%d", to+1) {
			run = a
		}
		if sim := target.Sim; sim != nil && len(sim.Set) == 0 && sim.File == nil && a == sim.String() && sim.Seed == l.Steps[from].Seed {
			run = a
		}
		return nil
	})
	if run != "" {
		return "its run, " + run
	}
	low := strings.ToLower(sentence)
	for word, p := range paneWords {
		if strings.Contains(low, word) && target.Sim != nil && (len(target.Panes) == 0 && (p == "pool" || p == "endpoints") || contains(target.Panes, p)) {
			return "its " + p + " pane"
		}
	}
	for w := range words {
		if len(w) < 5 || !refWords(texts[to])[w] {
			continue
		}
		own := true
		for i, t := range texts {
			if i != to && i != from && refWords(t)[w] {
				own = false
				break
			}
		}
		if own {
			return "its own word " + strconv.Quote(w)
		}
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// A text that points to another step by its number names a step that
// fits what it says of it: lesson 5's first step said "step 10 sets them
// side by side" of the libraries' defaults, which are step 11 ("One
// breaker per dependency" is step 10), and steps move when one is added.
// A pointer fits when its sentence shares a word with the step's title,
// quotes the step's run, names a pane the step shows, or a word only that
// step's text uses; one that fits by none of these writes the title after
// the number (step 11, "The libraries' defaults"), which must then be the
// step's title.
func TestStepPointersNameAStepThatFits(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, l := range all {
		texts := stepTextsOf(l)
		for at, text := range learnerTexts(l) {
			var from int
			if _, err := fmt.Sscanf(at, "step %d", &from); err != nil {
				continue // the recap
			}
			from--
			text = oneLine(text)
			// The sentences of the text that point to each step: one that
			// fits lets the others point to the same step ("as in step 9.
			// In step 9 the timeout bounded each attempt").
			pointers := map[int][]string{}
			for _, sentence := range splitSentences(text) {
				masked := maskPlaceholders(sentence)
				for _, m := range stepRefRE.FindAllStringSubmatchIndex(masked, -1) {
					if regexp.MustCompile(`(?i)\blesson \d+(?:'s)?,? $`).MatchString(masked[:m[0]]) {
						continue // another lesson's step
					}
					nums := []string{masked[m[2]:m[3]]}
					if m[4] < m[5] {
						nums = append(nums, regexp.MustCompile(`\d+`).FindAllString(masked[m[4]:m[5]], -1)...)
					}
					for _, ns := range nums {
						n, _ := strconv.Atoi(ns)
						checked++
						ref := masked[m[0]:m[1]]
						if n < 1 || n > len(l.Steps) || n-1 == from {
							t.Errorf("%s %s: %q points to step %d, which is not another step of the lesson (it has %d)", l.ID, at, ref, n, len(l.Steps))
							continue
						}
						if q := quotedTitleRE.FindStringSubmatch(masked[m[1]:]); q != nil {
							if title := l.Steps[n-1].Title; q[1] != title {
								t.Errorf("%s %s: %q names the title %q, but step %d is %q", l.ID, at, ref, q[1], n, title)
							}
							continue
						}
						pointers[n] = append(pointers[n], sentence)
					}
				}
			}
			for n, sentences := range pointers {
				fits := false
				for _, sentence := range sentences {
					fits = fits || refFits(l, texts, from, n-1, sentence) != ""
				}
				if !fits {
					title := l.Steps[n-1].Title
					t.Errorf("%s %s: step %d is %q, and nothing in what the text says of it fits: check the number, or write its title after it (step %d, %q)\n\t%s",
						l.ID, at, n, title, n, title, strings.Join(sentences, "\n\t"))
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d step pointers checked", checked)
	}
}

// maskPlaceholders hides what placeholders say ({{transition step 2}}
// names a run, not a step), keeping every other character where it is.
func maskPlaceholders(s string) string {
	b := []byte(s)
	for i := 0; ; {
		open := strings.Index(s[i:], "{{")
		if open < 0 {
			return string(b)
		}
		end := strings.Index(s[i+open:], "}}")
		if end < 0 {
			return string(b)
		}
		for j := i + open + 2; j < i+open+end; j++ {
			b[j] = '_'
		}
		i += open + end + 2
	}
}

// splitSentences cuts a text after each sentence's end.
func splitSentences(text string) []string {
	return regexp.MustCompile(`[.!?]["”)]? `).Split(text, -1)
}
