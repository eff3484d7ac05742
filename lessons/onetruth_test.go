package lessons

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
)

// Issue 22, "one truth in every text": guards for what a claim about a run
// cannot check, on the text a learner reads (front matter comments, which
// the learner never sees, are not part of it).

// learnerTexts returns every text of l a learner reads, each labelled with
// where it is.
func learnerTexts(l *Lesson) map[string]string {
	out := map[string]string{}
	for i, r := range l.Recap {
		out[fmt.Sprintf("recap %d", i+1)] = r
	}
	for i := range l.Steps {
		s := &l.Steps[i]
		at := fmt.Sprintf("step %d (%s)", i+1, s.Title)
		out[at+" text"] = s.Body
		for which, q := range map[string]*Question{"predict": s.Predict, "question": s.Question} {
			if q == nil {
				continue
			}
			out[at+" "+which] = q.Prompt + "\n" + q.Explain + "\n" + q.Reveal
			for j, c := range q.Choices {
				out[fmt.Sprintf("%s %s choice %d", at, which, j+1)] = c.Text + "\n" + c.Why
			}
		}
	}
	return out
}

// oneLine folds runs of white space, so a phrase wrapped across lines
// reads as one.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// A learner has no copy of the documents the course was written from: a
// text names its source (the article, the library) or stands alone.
func TestNoTextPointsToAReferenceTheLearnerHasNot(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	bad := regexp.MustCompile(`(?i)\bthe reference(?: document|'s)`)
	for _, l := range all {
		for at, text := range learnerTexts(l) {
			if m := bad.FindString(oneLine(text)); m != "" {
				t.Errorf("%s %s: %q: name the source (an article, a library) or say it without one", l.ID, at, m)
			}
		}
	}
}

// A pointer to a later lesson names it by number and title, as the lesson
// list shows it ("lesson 9, \"The checkout incident: every tool
// together\""), so a learner knows what is coming and an author sees what
// the pointer promises.
func TestForwardPointersNameTheLessonsTitle(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	titles := map[int]string{}
	for _, l := range all {
		titles[l.Number] = l.Title
	}
	mention := regexp.MustCompile(`(?i)\blessons? (\d+)((?:(?:, | and )\d+)*)`)
	for _, l := range all {
		for at, text := range learnerTexts(l) {
			text = oneLine(text)
			for _, m := range mention.FindAllStringSubmatchIndex(text, -1) {
				nums := []string{text[m[2]:m[3]]}
				if m[4] < m[5] {
					nums = append(nums, regexp.MustCompile(`\d+`).FindAllString(text[m[4]:m[5]], -1)...)
				}
				for _, ns := range nums {
					n, _ := strconv.Atoi(ns)
					if n <= l.Number || titles[n] == "" {
						continue
					}
					if len(nums) > 1 {
						t.Errorf("%s %s: %q points forward to several lessons at once: write each as lesson N, \"its title\"", l.ID, at, text[m[0]:m[1]])
						continue
					}
					after := text[m[1]:min(len(text), m[1]+len(titles[n])+12)]
					if !strings.Contains(after, titles[n]) {
						t.Errorf("%s %s: %q points forward without the title: write lesson %d, %q", l.ID, at, text[m[0]:m[1]], n, titles[n])
					}
				}
			}
		}
	}
}

// taughtIn is the first lesson that teaches each exercise's idea, so a
// lesson never sends a learner to an exercise it has not prepared them for.
var taughtIn = map[string]int{
	"01-consecutive-breaker":  4,
	"02-rate-window-breaker":  4,
	"03-slow-calls":           5,
	"04-half-open-trials":     4,
	"05-time-window":          5,
	"06-semaphore-bulkhead":   3,
	"07-thread-pool-bulkhead": 3,
	"08-attempt-timeout":      2,
	"09-retry-backoff":        6, // backoff with jitter; the order of the layers too
	"10-retry-budget":         6,
	"11-shuffle-shard":        8,
	"12-composition":          6, // sizing (lesson 3) and the order of the layers (lesson 6)
	"13-shrinking-deadline":   2,
	"14-token-bucket":         6,
	"15-tenant-bulkhead":      13,
	"16-context-bulkhead":     3, // the bulkhead as a semaphore, for a Go client; lesson 14 (no thread pool) may list it too
}

func TestLessonsListOnlyExercisesTheyHaveTaught(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, l := range all {
		for _, e := range l.Exercises {
			listed[e] = true
			first, ok := taughtIn[e]
			if !ok {
				t.Errorf("%s lists %s, which taughtIn does not place: say which lesson first teaches its idea", l.ID, e)
				continue
			}
			if l.Number < first {
				t.Errorf("%s lists %s, whose idea lesson %d teaches first: list it there", l.ID, e, first)
			}
		}
	}
	for _, e := range exercises.All() {
		if !listed[e.Name] {
			t.Errorf("no lesson lists exercise %s", e.Name)
		}
		if _, ok := taughtIn[e.Name]; !ok {
			t.Errorf("taughtIn does not place exercise %s", e.Name)
		}
	}
}

// A word that sizes a number ("most of the hour") holds the number it
// sizes: lesson 7 once called 25 minutes most of the hour.
func TestShareWordsFitTheirMinutes(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	minutes := regexp.MustCompile(`(\d+) minutes of the hour`)
	words := map[string]func(m int) bool{
		"most of the hour":    func(m int) bool { return m > 30 },
		"nearly all the hour": func(m int) bool { return m >= 50 },
		"half the hour":       func(m int) bool { return m >= 25 && m <= 35 },
	}
	for _, l := range all {
		for i := range l.Steps {
			var b strings.Builder
			for at, text := range learnerTexts(l) {
				if strings.HasPrefix(at, fmt.Sprintf("step %d (", i+1)) {
					b.WriteString(oneLine(text) + " ")
				}
			}
			text := b.String()
			for _, m := range minutes.FindAllStringSubmatch(text, -1) {
				n, _ := strconv.Atoi(m[1])
				for w, fits := range words {
					if strings.Contains(text, w) && !fits(n) {
						t.Errorf("%s step %d: %q beside %d minutes of the hour", l.ID, i+1, w, n)
					}
				}
			}
		}
	}
}

// A service mesh's outlier detection ejects single hosts from each proxy's
// own load-balancing set; it is not a breaker the fleet shares. A text that
// names it says what it does (Envoy: docs/intro/arch_overview/outlier.rst).
func TestOutlierDetectionIsNotAFleetWideBreaker(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		for at, text := range learnerTexts(l) {
			text = strings.ToLower(oneLine(text))
			for _, sentence := range strings.SplitAfter(text, ". ") {
				if !strings.Contains(sentence, "outlier detection") {
					continue
				}
				if strings.Contains(sentence, "whole fleet") || strings.Contains(sentence, "shared") && !strings.Contains(sentence, "not") {
					t.Errorf("%s %s: outlier detection is not a breaker the fleet shares: %q", l.ID, at, sentence)
				}
				if !strings.Contains(text, "eject") {
					t.Errorf("%s %s: names outlier detection without saying what it does (each proxy ejects hosts)", l.ID, at)
				}
			}
		}
	}
}

// Little's law wants the mean time a call stays, not the median: param's
// latency.mean is the distribution's mean whatever its kind, so a lesson
// on a log-normal dependency (noisy-tenant's database: a median of 80 ms, a
// p99 of 200 ms) quotes the mean Little's law uses, not 0 and not the
// median.
func TestParamLatencyMeanIsTheMeanLittleUses(t *testing.T) {
	mean := mustEval(t, 5, "param noisy-tenant/0 database.latency.mean")
	p50 := mustEval(t, 5, "param noisy-tenant/0 database.latency.p50")
	p99 := mustEval(t, 5, "param noisy-tenant/0 database.latency.p99")
	if !(mean > p50 && mean < p99) {
		t.Errorf("database.latency.mean = %v s, want between the median %v s and the p99 %v s", mean, p50, p99)
	}
	rates := mustEval(t, 5, "param noisy-tenant/0 checkout.rate") + mustEval(t, 5, "param noisy-tenant/0 search.rate") +
		mustEval(t, 5, "param noisy-tenant/0 export.rate")
	little := mustEval(t, 5, "little noisy-tenant/0 checkout+search+export latency")
	if got := rates * mean; math.Abs(got-little) > 1e-6*little {
		t.Errorf("rate × latency.mean = %v, little ... latency = %v: they should be the same mean", got, little)
	}
	if got := mustEval(t, 5, "param cascade/0 search-index.latency.mean"); got != 0.02 {
		t.Errorf("an exponential's latency.mean = %v s, want its mean, 0.02 s", got)
	}
}

// atStepRE finds a placeholder that reads this step's run at a moment:
// {{busy-at step 9.9s}}, {{service-busy-at step catalog 19.9s}}.
var atStepRE = regexp.MustCompile(`\{\{\s*[a-z-]+-at step (?:[^\s}|]+ )*?(\d+(?:\.\d+)?(?:ms|s))\s*(?:\|[^}]*)?\}\}`)

// A step that stops at a time and whose text speaks of one moment of its
// own run speaks of the moment it stops at: the panes then show what the
// text quotes (lessons 10, 11 and 13 once quoted 0.1 s before their
// pause, and the panes disagreed with the text).
func TestAStepSpeaksOfTheMomentItPausesAt(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, l := range all {
		for i := range l.Steps {
			s := &l.Steps[i]
			if s.Sim == nil || s.Pause.Kind != PauseAt {
				continue
			}
			texts := s.Body
			for _, q := range []*Question{s.Predict, s.Question} {
				if q != nil {
					texts += q.Prompt + q.Explain + q.Reveal
				}
			}
			moments := map[time.Duration]bool{}
			for _, m := range atStepRE.FindAllStringSubmatch(texts, -1) {
				d, err := time.ParseDuration(m[1])
				if err != nil {
					t.Fatalf("%s step %d: %v", l.ID, i+1, err)
				}
				moments[d] = true
			}
			if len(moments) != 1 {
				continue
			}
			checked++
			for d := range moments {
				if d != s.Pause.At {
					t.Errorf("%s step %d (%s) quotes its run at %v but pauses at %v: the panes show another moment", l.ID, i+1, s.Title, d, s.Pause.At)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no step quotes one moment of its run: the check checked nothing")
	}
}

// The last step ends with the "Practise it" block, which names the
// lesson's exercises: its own text does not introduce them again just
// above it (lesson 14's last step did, one paragraph before the block).
func TestLastStepLeavesTheExercisesToPractiseIt(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		last := l.Steps[len(l.Steps)-1]
		for _, e := range l.Exercises {
			if strings.Contains(last.Body, e) {
				t.Errorf("%s: the last step's text names %s, which the Practise it block under it lists", l.ID, e)
			}
		}
	}
}
