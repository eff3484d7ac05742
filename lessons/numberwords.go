package lessons

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// UncheckedNumberWords lists the numbers text writes in words that nothing
// checks, as UncheckedNumbers does for digits: "twice the timeout" is as
// much a figure as "2 × the timeout", and the run may show three times.
// A checked text returns none. The vocabulary is small and explicit:
//
//   - the counts one to twenty ("ten calls", "one trial");
//   - the multiples twice and double (doubles, doubled), half (halves,
//     halved), a third, a quarter, and COUNT times ("five times").
//
// A number word passes when:
//
//   - it is a given: one of givens (the question a model answer answers,
//     the prompt a rubric grades) writes the same word, or its value in
//     digits, a share's as a claim writes it (0.5, 50%, 1/3: givesShare);
//   - it is tied to one of the text's placeholders: its value is among
//     the placeholder's arguments, as digits are for UncheckedNumbers
//     ("{{busy-at step4 3s}} workers three seconds in" says the 3 s the
//     run is read at);
//   - it is "one" that counts nothing the engine counts: "one" is English's
//     pronoun and article far more often than a count ("one of them", "a
//     slow one", "an open one stopping retries"), so it is a quantity only
//     right before the noun of what the engine counts or times (calls, trials, workers,
//     seconds: quantityAfterRE's nouns, and trials, failures, successes,
//     probes). "one dependency" and "one breaker" describe a system's
//     shape, which the scenario states, not a figure a run computes;
//   - it is one of numberWordNames: a name or a definition that reads as
//     a number (the half-open state, a breaker's three states).
//
// Words outside the vocabulary are left alone on purpose: "once" is
// mostly "as soon as", "single" and "both" describe a shape, and the
// ordinals (first, second) are names of a position, as 1st is to
// UncheckedNumbers. Each word found is returned as the text writes it.
func UncheckedNumberWords(text string, givens ...string) []string {
	var out []string
	for _, f := range uncheckedNumberWordsAt(text, givens) {
		out = append(out, f.text)
	}
	return out
}

// uncheckedNumberWordsAt is UncheckedNumberWords with where each word
// starts.
func uncheckedNumberWordsAt(text string, givens []string) []found {
	args := placeholderStripRE.FindAllString(text, -1)
	bare := placeholderStripRE.ReplaceAllStringFunc(text, blanks)
	for _, n := range numberWordNames {
		bare = n.ReplaceAllStringFunc(bare, blanks)
	}
	var given []string
	for _, g := range givens {
		given = append(given, strings.ToLower(g))
	}
	var out []found
	for _, at := range numberWordRE.FindAllStringSubmatchIndex(bare, -1) {
		word := bare[at[0]:at[1]]
		lower := strings.ToLower(word)
		head := strings.Fields(lower)[0]
		if head == "one" && !strings.HasSuffix(lower, " times") && !countedNounRE.MatchString(bare[at[1]:]) {
			continue
		}
		// "five times" is given by a "five"; "a third" is not given by
		// any "a", which every sentence has.
		if isGivenWord(lower, given) || head != "a" && isGivenWord(head, given) || isPlaceholderArg(lower, args) {
			continue
		}
		out = append(out, found{word, at[0]})
	}
	return out
}

// numberWordValue is the value a number word of UncheckedNumberWords
// stands for: 2 for "twice" and "two", 0.5 for "half", 5 for "five
// times"; ok is false for a word outside the vocabulary.
func numberWordValue(word string) (float64, bool) {
	f := strings.Fields(strings.ToLower(word))
	if len(f) == 0 {
		return 0, false
	}
	if len(f) == 2 && f[0] == "a" {
		f = f[1:]
	}
	v, ok := numberWordValues[f[0]]
	return v, ok
}

// isGivenWord says whether a given writes the number word, or its value in
// digits (the question's "20 times a second" makes "twenty" a given).
func isGivenWord(lower string, givens []string) bool {
	v, ok := numberWordValue(lower)
	digits := strconv.FormatFloat(v, 'f', -1, 64)
	wordRE := regexp.MustCompile(`\b` + regexp.QuoteMeta(lower) + `\b`)
	for _, g := range givens {
		if wordRE.MatchString(g) {
			return true
		}
		if ok && v >= 1 && v == float64(int(v)) {
			for _, n := range numberRE.FindAllString(blankNameLike(g), -1) {
				if strings.ReplaceAll(n, ",", "") == digits {
					return true
				}
			}
		}
		if ok && v < 1 && givesShare(g, v) {
			return true
		}
	}
	return false
}

// shareRE finds a share as a lesson's claim writes it: 0.5, 50%, 1/3.
// A decimal share stands alone: the .25 of 21.25 is no quarter.
var shareRE = regexp.MustCompile(`(\d+)/(\d+)|(\d+(?:\.\d+)?)\s*%|(?:^|[^\d.])(0?\.\d+)`)

// givesShare says whether g states the share v (a half, a third) as a
// claim writes it, 0.5, 50% or 1/2: a lesson's claim "share step search ok
// < 0.5" pins the half its text may write ("under half"). Added for the
// lessons' claims, which state shares so.
func givesShare(g string, v float64) bool {
	near := func(f float64) bool { return math.Abs(f-v) < 1e-9 }
	for _, m := range shareRE.FindAllStringSubmatch(g, -1) {
		switch {
		case m[1] != "":
			a, _ := strconv.ParseFloat(m[1], 64)
			b, _ := strconv.ParseFloat(m[2], 64)
			if b != 0 && near(a/b) {
				return true
			}
		case m[3] != "":
			if f, err := strconv.ParseFloat(m[3], 64); err == nil && near(f/100) {
				return true
			}
		default:
			if f, err := strconv.ParseFloat(m[4], 64); err == nil && near(f) {
				return true
			}
		}
	}
	return false
}

// isPlaceholderArg says whether a number word's value is among the
// numbers of the text's placeholders' arguments.
func isPlaceholderArg(lower string, placeholders []string) bool {
	v, ok := numberWordValue(lower)
	if !ok {
		return false
	}
	for _, p := range placeholders {
		for _, n := range numberRE.FindAllString(p, -1) {
			if f, err := strconv.ParseFloat(strings.ReplaceAll(n, ",", ""), 64); err == nil && f == v {
				return true
			}
		}
	}
	return false
}

var numberWordValues = map[string]float64{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
	"eighteen": 18, "nineteen": 19, "twenty": 20,
	"twice": 2, "double": 2, "doubles": 2, "doubled": 2,
	"half": 0.5, "halves": 0.5, "halved": 0.5,
	"third": 1.0 / 3, "quarter": 0.25,
}

const countWords = `one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty`

// numberWordRE finds a number word of the vocabulary: a count with
// "times" after it first, so "five times" is one multiple, not a count.
var numberWordRE = regexp.MustCompile(`(?i)\b(?:(?:` + countWords + `) times|` + countWords +
	`|twice|double[sd]?|half|halves|halved|a third|a quarter)\b`)

// countedNounRE is what, right after "one", makes it a count the engine
// keeps.
var countedNounRE = regexp.MustCompile(`(?i)^\s+(?:ns|µs|us|ms|s|seconds?|milliseconds?|minutes?|workers?|threads?|requests?|calls?|connections?|permits?|slots?|tokens?|shards?|instances?|retries|retry|attempts?|trials?|failures?|successes|probes?|rps|qps|a second|per second)\b`)

// placeholderStripRE is a placeholder, blanked before words are read.
var placeholderStripRE = regexp.MustCompile(`\{\{.*?\}\}`)

// numberWordNames are words of the vocabulary that name or define rather
// than count, each with why. Keep it short: a phrase belongs here only if
// no run could compute it.
var numberWordNames = []*regexp.Regexp{
	// The breaker's state, a name: half-open, half open.
	regexp.MustCompile(`(?i)\bhalf[- ]open(?:s|ed|ing)?\b`),
	// A breaker's three states (closed, open, half-open) define it.
	regexp.MustCompile(`(?i)\bthree states\b`),
	// "one" after a determiner is a pronoun, however a verb after it
	// reads ("each one calls a dependency", "the one that times out").
	regexp.MustCompile(`(?i)\b(?:each|every|any|no|which|this|that|the) one\b`),
	// A retry with no idempotency key charging a customer twice is the
	// harm named, not a count a run makes.
	regexp.MustCompile(`(?i)\bdouble[- ]charg(?:e|es|ed|ing)\b|\bcharg(?:e|es|ed|ing) (?:\w+ )?twice\b|\bbills? twice\b`),
}
