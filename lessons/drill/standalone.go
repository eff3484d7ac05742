package drill

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// A card is drawn alone, in a shuffled session: its question must stand
// alone, and no two cards may ask the same thing. A lesson question is
// asked in its lesson, after the runs and the steps it leans on; the drill
// takes it as it stands unless it is listed below.

// duplicate is a lesson question the deck leaves out because another card
// asks the same thing, which a session would otherwise ask twice. The card
// kept is the hand-written or numbers card: it states every number it
// needs, where the lesson's step may lean on the lesson ("On a normal day,
// how many workers...?"), and a reference's question keeps its model
// answer and follow-up. The step keeps its place in its lesson. It is named
// by its card's ID and its title, so that a renumbered lesson does not
// leave out another step: TestDuplicatesNameTheirSteps fails instead.
type duplicate struct {
	step, title string // the lesson question's card ID and its step's title
	kept        string // the card that asks the same thing
}

var duplicates = []duplicate{
	{"lesson-01-one-slow-dependency-6", "Self-check: the hang", "numbers-02"},
	{"lesson-01-one-slow-dependency-7", "Self-check: a normal day", "numbers-01"},
	{"lesson-02-timeouts-8", "Self-check: how many workers", "numbers-05"},
	{"lesson-02-timeouts-9", "Self-check: 40 a second", "numbers-06"},
	{"lesson-02-timeouts-10", "Self-check: after the recovery", "ref-001-self-check-1"},
	// "In this lesson's runs, ... does a timeout reduce the load on the
	// slow provider?" and "In this incident, which protections reduce the
	// load...?": the concept card asks both, alone.
	{"lesson-02-timeouts-11", "Self-check: the provider's load", "concept-timeout-load"},
	{"lesson-09-checkout-incident-11", "Self-check: the provider's load", "concept-timeout-load"},
	{"lesson-03-bulkheads-14", "Self-check: the sum", "concept-shares-must-fit"},
	{"lesson-05-tuning-a-breaker-14", "Self-check: a quiet dependency", "ref-001-self-check-3"},
	{"lesson-11-deadlines-across-hops-15", "Self-check: when the callee stops", "concept-cancellation"},
}

// reworded is a lesson question the drill asks in words of its own, which
// write out what the step had around it: the run it ended on, the lesson's
// bucket. Its placeholders are filled in the lesson's context (stepN names
// the lesson's step N), so its numbers are the engine's, as the lesson's
// are; the choices and the explanation stay the lesson's.
type reworded struct {
	step, title string // the lesson question's card ID and its step's title
	prompt      string
}

var rewordings = []reworded{
	{"lesson-01-one-slow-dependency-9", "Self-check: how fast",
		"A server of {{param cascade/0 workers}} workers calls recommendations {{param cascade/0 recommendations.rate}} times a second. " +
			"At {{param cascade/0 recommendations.fault.from}} recommendations start hanging, and every call waits for its {{param cascade/0 recommendations.timeout}} timeout. " +
			"About how long does it take to fill the workers?"},
	{"lesson-06-retries-and-order-13", "Self-check: an open breaker mid-retry",
		"Calls are wrapped as Retry(CircuitBreaker(call)), and the retry treats a breaker's refusal as final. " +
			"A call's first attempt fails, and while it backs off the breaker opens. What happens to its next attempt?"},
	{"lesson-06-retries-and-order-15", "Self-check: the bucket in a long outage",
		"A client's AWS retry quota ran dry early in a long outage of one operation. " +
			"Its calls to the service's other operations still succeed on the first try, 40 a second, " +
			"and every retry of the broken one times out, at {{fact aws.retry.timeout_cost}} tokens a retry " +
			"(the price before aws-sdk-go-v2 v1.48.0, which breakerlab simulates). How many retries a second can the bucket pay for now?"},
	{"lesson-07-fallbacks-and-metrics-13", "Retry-After, from the engine",
		"An open breaker's fail-fast 503 carries a Retry-After header, in whole seconds, saying when to come back. " +
			"The breaker lets calls through again in {{retry-after-at step13 payment 2.2s | s}}. What should the API write in the header?"},
}

// lessonRefRE finds the words of any text a card shows that point at the
// lesson it came from, which the drill does not show: a step by its
// number or its part ("step 7", "In step 7's checkout API", "the budget
// step"), the lesson, run, design or variant it played ("this lesson's
// runs", "the wait this step ended with", "In this incident", "not in this
// design", "the second variant", "at moments of this run"). A scenario
// named by its name ("in the fleet-probes scenario") or another lesson by
// its number ("lesson 5") can be found from the drill too: it is no such
// pointer.
var lessonRefRE = regexp.MustCompile(`(?i)\bsteps? \d+` +
	`|\b(?:this|that|these|those) (?:step|lesson|simulation|incident|scenario|chapter|design|variant)s?\b` +
	// "that run" is also a clause ("calls that run at once"): only
	// after a preposition, or with "this", is it the lesson's run.
	`|\b(?:(?:of|in|from|during) (?:that|those)|this|these) runs?\b` +
	`|\bthe (?:[\pL\pN-]+ )?(?:step|variant)s?\b` +
	`|\bthe (?:run|lesson)s?\b`)

// backRefRE finds the words of a prompt that lean on a scenario asked of
// before it ("Same provider..., but 40 a second", "With the same 500 ms
// timeout, ..."), besides those of lessonRefRE.
var backRefRE = regexp.MustCompile(`(?i)\bsame\b[^.?!]*\bbut\b` +
	`|(?:^|[.;:?!]\s+)(?:with |at |in |on |for )?(?:the )?same\b`)

// thatNounRE finds "that", "those" or "these" as the determiner of a noun
// after a preposition or a verb that opens a clause ("In that cascade",
// "Give that bulkhead headroom", "during those 10 s"), or opening a
// sentence. Such a noun must have been named earlier in the prompt.
var thatNounRE = regexp.MustCompile(`(?i)(?:^|[.;:?!]\s+|\b(?:in|of|on|at|for|from|during|with|to|by|after|before|under|than|give|take|use|keep)\s+)(?:that|those|these)\s+([\pL\pN]+)`)

// refersBack returns the words of a card's prompt that lean on another
// card, a lesson's step or its runs, or "" when it stands alone.
func refersBack(prompt string) string {
	if m := lessonRefRE.FindString(prompt); m != "" {
		return m
	}
	if m := backRefRE.FindString(prompt); m != "" {
		return strings.TrimLeftFunc(m, func(r rune) bool { return !unicode.IsLetter(r) })
	}
	for _, at := range thatNounRE.FindAllStringSubmatchIndex(prompt, -1) {
		noun := prompt[at[2]:at[3]]
		if !namedBefore(prompt[:at[0]], noun) {
			return strings.TrimLeftFunc(prompt[at[0]:at[1]], func(r rune) bool { return !unicode.IsLetter(r) })
		}
	}
	return ""
}

// namedBefore says whether text names the noun, in the singular or the
// plural: "that call" after "calls a dependency" refers to it.
func namedBefore(text, noun string) bool {
	stem := strings.TrimSuffix(strings.ToLower(noun), "s")
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if strings.TrimSuffix(w, "s") == stem {
			return true
		}
	}
	return false
}

// checkStandsAlone refuses a card whose question leans on what the drill
// does not show.
func checkStandsAlone(c Card) error {
	if m := refersBack(c.Question); m != "" {
		return fmt.Errorf("%s: its question leans on text the drill does not show (%q): a card is drawn alone, so write out what it refers to (%q)", c.ID, m, c.Question)
	}
	return nil
}

// shownTexts are the texts a card shows once it is answered, each named
// for a message: the choices and their whys, the explanation, a model
// answer's points and the follow-up with its answer.
func shownTexts(c Card) (names, texts []string) {
	add := func(name, text string) {
		if text != "" {
			names, texts = append(names, name), append(texts, text)
		}
	}
	for i, o := range c.Choices {
		add(fmt.Sprintf("choice %d", i+1), o.Text)
		add(fmt.Sprintf("choice %d's why", i+1), o.Why)
	}
	add("explanation", c.Explain)
	for i, p := range c.Points {
		add(fmt.Sprintf("point %d", i+1), p)
	}
	add("follow-up", c.FollowUp)
	return names, texts
}

// checkAnswerStandsAlone refuses a card whose answer, whys or explanation
// point at the lesson step it came from: the drill shows them without
// it, so "step 7" or "this incident" names nothing there. A lesson text
// reads as well naming what it means (the simulated checkout API, the
// checkout incident) or without the pointer.
func checkAnswerStandsAlone(c Card) error {
	var bad []error
	names, texts := shownTexts(c)
	for i, text := range texts {
		if m := lessonRefRE.FindString(text); m != "" {
			bad = append(bad, fmt.Errorf("%s: its %s points at the lesson or run it came from (%q), which the drill does not show: name what it means, or leave the pointer out (%q)", c.ID, names[i], m, text))
		}
	}
	return errors.Join(bad...)
}

// screenRefRE finds words of a lesson's text that point at its screen: a
// pane ("the odds pane", "the pane's row for 64"), the screen, or a key to
// press. A drill card has no pane and no keys of the lesson's, so a card
// made from a step leaves such words out (offScreen). A key that is no
// keyboard's, an API key or an idempotency key, is no such pointer.
var screenRefRE = regexp.MustCompile(`(?i)\bpanes?\b|\bpane's\b|\b(?:the|on|this) screen\b|\bpress(?:es|ing)?\b` +
	`|\bthe (?:\[[^\]]+\]|[a-z0-9]|enter|esc|escape|tab|space|arrow) keys?\b`)

// offScreen is a lesson text as a card shows it: every clause that points
// at the lesson's screen is left out, the rest of its sentence kept ("a
// quarter of the fleet, as 4 of 16 is, and the odds pane has no row for
// it." keeps "a quarter of the fleet, as 4 of 16 is."). A sentence whose
// first clause points at the screen is left out whole.
func offScreen(text string) string {
	if !screenRefRE.MatchString(text) {
		return text
	}
	// Each sentence is rewritten where it stands, so the text's line
	// breaks and paragraphs stay as they were.
	for _, sentence := range sentences(text) {
		if !screenRefRE.MatchString(sentence) {
			continue
		}
		body := strings.TrimRight(sentence, ".?!")
		end := sentence[len(body):]
		clauses := strings.Split(body, ", ")
		if screenRefRE.MatchString(clauses[0]) {
			text = strings.Replace(text, sentence, "", 1)
			continue
		}
		kept := clauses[:1]
		for _, c := range clauses[1:] {
			if !screenRefRE.MatchString(c) {
				kept = append(kept, c)
			}
		}
		text = strings.Replace(text, sentence, strings.Join(kept, ", ")+end, 1)
	}
	// Close the gaps a left-out sentence leaves, line by line.
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// checkOffScreen refuses a card whose texts point at a screen the drill
// does not show.
func checkOffScreen(c Card) error {
	var bad []error
	names, texts := shownTexts(c)
	names, texts = append(names, "question"), append(texts, c.Question)
	for i, text := range texts {
		if m := screenRefRE.FindString(text); m != "" {
			bad = append(bad, fmt.Errorf("%s: its %s points at a screen the drill does not show (%q): %q", c.ID, names[i], m, text))
		}
	}
	return errors.Join(bad...)
}
