package lessons

import (
	"regexp"
	"slices"
	"strings"
)

// The stretches of a run a metric can count, as its help in the catalogue
// says: the requests that arrived in the measurement window, or every call
// from the start to the drain's end. Every text a learner or an
// interviewee reads (lessons, drill cards, rubrics, the cheat sheet) is
// held to the same reading of them by its tests.
const (
	StretchWindow   = "window"
	StretchWholeRun = "whole run"
)

// MetricStretch says which stretch of its run a metric counts:
// StretchWindow, StretchWholeRun, or "" (a moment, a parameter, a time).
func MetricStretch(metric string) string {
	help := metrics[metric].help
	switch {
	case strings.Contains(help, "whole run"):
		return StretchWholeRun
	case strings.Contains(help, "window"):
		return StretchWindow
	}
	return ""
}

// TallyStretch is MetricStretch for a metric that tallies requests or
// calls (counts them, or takes a share of them), and "" for any other: a
// peak ("the most calls ... at once"), a time, an amount of memory, a
// count of retries or of breaker rounds, a setting. A learner sets a tally
// of the whole run against a share of the window's requests as parts of
// one whole; a peak or a time beside that share is another kind of
// quantity, and no division of one by the other is on offer.
func TallyStretch(metric string) string {
	m := metrics[metric]
	if m.kind != KindCount && m.kind != KindFraction || strings.Contains(m.help, "the most") {
		return ""
	}
	counts := false
	for _, what := range []string{"requests", "calls", "attempts", "refusals", "queries"} {
		counts = counts || strings.Contains(m.help, what)
	}
	if !counts {
		return ""
	}
	return MetricStretch(metric)
}

// WholeRunTotal says whether a metric adds something up over the whole
// run: calls, retries, kills, a breaker's failed rounds, worker time. Its
// figure grows in the sandbox's panes until the run's end, so a text that
// quotes it beside the window's shares says it is the whole run's. A peak
// ("the most", "the longest") or a mean is left out: its own words say
// what it is.
func WholeRunTotal(metric string) bool {
	help := metrics[metric].help
	if MetricStretch(metric) != StretchWholeRun {
		return false
	}
	for _, notATotal := range []string{"the most", "the longest", "on average"} {
		if strings.Contains(help, notATotal) {
			return false
		}
	}
	return true
}

// stretchWords are the words with which a sentence says that a figure
// covers all of a stretch, by stretch: the one list every test of a text
// that quotes a run reads, so a new phrasing is taught here once. "In
// all" is none of them: it may be all of the window's. Words about the
// whole run say nothing of the window's end, nor the window's of the run.
var stretchWords = map[string][]string{
	StretchWholeRun: {"whole run", "over the run", "end of the run", "in the run", "in this run", "before the run ends"},
	StretchWindow:   {"end of the measurement window"},
}

// StretchWords are the words that say a figure covers all of stretch, for
// a message that asks a text for them.
func StretchWords(stretch string) []string { return slices.Clone(stretchWords[stretch]) }

// namesStretch matches, by stretch, any of its stretchWords, in any case
// ("By the end of the run" opens a sentence).
var namesStretch = func() map[string]*regexp.Regexp {
	out := map[string]*regexp.Regexp{}
	for stretch, words := range stretchWords {
		quoted := make([]string, len(words))
		for i, w := range words {
			quoted[i] = regexp.QuoteMeta(w)
		}
		out[stretch] = regexp.MustCompile(`(?i)\b(?:` + strings.Join(quoted, "|") + `)\b`)
	}
	return out
}()

// anAside is a parenthesis: words there qualify a figure given in support
// of the sentence's own claim, which stays the paragraph's (lesson 7's
// "most refusals came from the open breaker (53 in the whole run)" was
// about the slow spell's refusals).
var anAside = regexp.MustCompile(`\([^()]*\)`)

// SaysWholeRun says whether a sentence, outside its asides, says that it
// counts the whole run.
func SaysWholeRun(sentence string) bool {
	return saysStretch(StretchWholeRun, anAside.ReplaceAllString(sentence, ""))
}

// saysStretch says whether a text holds any of stretch's stretchWords,
// asides included; false for a stretch with no words.
func saysStretch(stretch, text string) bool {
	re := namesStretch[stretch]
	return re != nil && re.MatchString(text)
}

// QuoteSaysStretch says whether the figure quoted at byte offset at of a
// sentence is said to cover all of stretch: by the sentence outside its
// asides, whose words qualify every figure in it, or by the aside that
// holds the figure ("(1,802 queries in the whole run)"), whose words
// qualify its own figures only.
func QuoteSaysStretch(stretch, sentence string, at int) bool {
	if saysStretch(stretch, anAside.ReplaceAllString(sentence, "")) {
		return true
	}
	for _, span := range anAside.FindAllStringIndex(sentence, -1) {
		if span[0] <= at && at < span[1] && saysStretch(stretch, sentence[span[0]:span[1]]) {
			return true
		}
	}
	return false
}
