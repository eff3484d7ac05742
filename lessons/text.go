package lessons

import (
	"fmt"
	"regexp"
	"strings"
)

// A text outside a lesson (a drill card, a cheat-sheet line, an interview
// rubric point, a challenge brief) is written the way lesson text is: every
// number the engine or a library's defaults give is a placeholder, and
// every claim it makes is an expect line. FillText and CheckClaim give such
// texts what Prepare gives a lesson, so `drill --check`, `cheatsheet
// --check` and `interview --check` hold them to the lessons' standard with
// the same code. Their runs must be named (cascade/0, not step): there is
// no step.

// FillText fills the placeholders of a text named name (the card, line or
// point it is, for the error) and returns it; a placeholder that cannot be
// evaluated is an error naming the text and the placeholder.
func (l *Lab) FillText(name, text string) (string, error) {
	ctx := &evalCtx{lab: l, seed: DefaultSeed}
	return fill(ctx, text, 0, false, "text", func(_ int, _ string, err error) error {
		return fmt.Errorf("%s: %w", name, err)
	})
}

// CheckClaim evaluates a claim ("METRIC ARGS OP VALUE") of the text named
// name. The result says whether it holds; an error means it could not be
// evaluated at all.
func (l *Lab) CheckClaim(name, claim string) (ClaimResult, error) {
	return checkClaimIn(&evalCtx{lab: l, seed: DefaultSeed}, name, claim)
}

// Failure describes a claim that does not hold, printing both sides as a
// lesson's Verify does.
func (r ClaimResult) Failure(name string) error {
	if r.Holds {
		return nil
	}
	if r.Derived != nil {
		return fmt.Errorf("%s claims %q, but the engine gives %s", name, r.Text, r.derivedGives())
	}
	got, _ := r.Got.Format("")
	want, _ := r.Want.Format("")
	if got == want {
		got, want = exactText(r.Got), exactText(r.Want)
	}
	return fmt.Errorf("%s claims %q, but the engine gives %s against %s", name, r.Text, got, want)
}

// numberRE finds a number as a text writes it: 500, 1,024, 0.5, 72.8 %.
var numberRE = regexp.MustCompile(`\d+(?:[.,]\d+)*`)

// nameLikeRE finds words that carry digits without stating a quantity: a
// percentile (p99, p99.9), a status class (4xx, 5xx), a version (v8, v2.4),
// a reference document (seeds/001), HTTP/2, a header, an ordinal (1st,
// the 99.9th percentile), a
// code identifier (x-envoy-overloaded, base64) and a seed's own name.
var nameLikeRE = regexp.MustCompile(`(?i)\bp\d+(?:\.\d+)?\b|\b\dxx\b|\bv\d+(?:\.\d+)*\b|seeds/\d+|HTTP/\d(?:\.\d)?|\b\d+(?:\.\d+)?(?:st|nd|rd|th)\b|\b[a-z]+\d+[a-z0-9]*\b|\b\d+[a-z]+\d+[a-z0-9]*\b`)

// blankNameLike is nameLikeRE.ReplaceAllStringFunc(s, blanks), the expression run
// only on the stretches of s between spaces that hold a digit: each of its
// alternatives matches a digit and no space, and a space is not a word
// character, so a stretch's \b at its edges are the whole text's. Run over
// whole texts, the expression's backtracking at every position was a
// third of the CPU of the drill's checks (TestBlankNameLikeIsTheExpressions).
func blankNameLike(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if isSpaceByte(s[i]) {
			i++
			continue
		}
		j, digit := i, false
		for j < len(s) && !isSpaceByte(s[j]) {
			digit = digit || '0' <= s[j] && s[j] <= '9'
			j++
		}
		if digit {
			if w := s[i:j]; nameLikeRE.MatchString(w) {
				if b.Len() == 0 {
					b.Grow(len(s))
				}
				b.WriteString(s[last:i])
				b.WriteString(nameLikeRE.ReplaceAllStringFunc(w, blanks))
				last = j
			}
		}
		i = j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// blanks is as many spaces as s has bytes: what a scan blanks keeps its
// length, so an offset in the blanked text is one in the text as written,
// and a lesson's check can name the line of what it finds.
func blanks(s string) string { return strings.Repeat(" ", len(s)) }

// isSpaceByte is an ASCII space; a non-ASCII one (a no-break space, say)
// stays inside a stretch, where the expression sees it as it would.
func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// statusCodes are the HTTP statuses texts name; they are names, not
// quantities, unless a unit or a count's noun follows ("a 503", "429
// Too Many Requests", but "429 ms" and "504 workers" are quantities). 500
// is left out on purpose: it is also the AWS quota.
var statusCodes = map[string]bool{"200": true, "400": true, "404": true, "408": true, "422": true, "429": true, "502": true, "503": true, "504": true}

// quantityAfterRE is what, right after a number, makes it a quantity: a
// unit of time, size or share, or the noun of what a text counts.
var quantityAfterRE = regexp.MustCompile(`^(?:\s*%|\s*(?:ns|µs|us|ms|s|m|h|seconds?|milliseconds?|minutes?|hours?|[KMG]i?B|workers?|threads?|requests?|calls?|connections?|permits?|slots?|tokens?|shards?|instances?|customers?|tenants?|clients?|retries|attempts?|tasks?|goroutines?|hosts?|rps|qps|a second|per second)\b)`)

// UncheckedNumbers lists the numbers typed in text that nothing checks:
// not inside a placeholder, not a name (p99, 5xx, v8, seeds/001, 503), and
// not a given, that is, not written in one of givens (the question a model
// answer answers, the prompt a rubric grades) nor among the arguments of
// the text's own placeholders ("C(8, 2) = {{shards 8 2}}" states 8 and 2
// as the placeholder's givens). A checked text returns none.
func UncheckedNumbers(text string, givens ...string) []string {
	var out []string
	for _, f := range uncheckedNumbersAt(text, givens) {
		out = append(out, f.text)
	}
	return out
}

// found is a number UncheckedNumbers or UncheckedNumberWords finds, as the
// text writes it, and the byte it starts at in the text.
type found struct {
	text string
	at   int
}

// uncheckedNumbersAt is UncheckedNumbers with where each number starts.
func uncheckedNumbersAt(text string, givens []string) []found {
	var bare strings.Builder
	known := map[string]bool{}
	last := 0
	_ = scanPlaceholders(text, func(offset int, expr string, err error) error {
		if err != nil {
			return err
		}
		bare.WriteString(text[last:offset])
		last = offset + strings.Index(text[offset:], "}}") + 2
		bare.WriteString(blanks(text[offset:last]))
		for _, n := range numberRE.FindAllString(expr, -1) {
			known[n] = true
		}
		return nil
	})
	if last <= len(text) {
		bare.WriteString(text[last:])
	}
	for _, g := range givens {
		for _, n := range numberRE.FindAllString(blankNameLike(g), -1) {
			known[n] = true
			known[strings.ReplaceAll(n, ",", "")] = true
		}
	}
	var out []found
	named := bare.String()
	for _, n := range numberNames {
		named = n.ReplaceAllStringFunc(named, blanks)
	}
	plain := blankNameLike(named)
	for _, at := range numberRE.FindAllStringIndex(plain, -1) {
		n := strings.TrimRight(plain[at[0]:at[1]], ",.")
		if n == "" || known[n] || known[strings.ReplaceAll(n, ",", "")] {
			continue
		}
		if statusCodes[n] && !quantityAfterRE.MatchString(plain[at[1]:]) {
			continue
		}
		out = append(out, found{n, at[0]})
	}
	return out
}

// numberNames are phrases whose digits name something rather than state a
// quantity, each with why; they span a space, which nameLikeRE's words
// may not, and were added for the lessons' text (TypedNumbers). Keep it
// short: a phrase belongs here only if no run could compute its number.
var numberNames = []*regexp.Regexp{
	// A part of the course by its position, as an ordinal is: "lesson 3",
	// "lessons 3 and 4", "step 2", "design 2", "exercise 01"; and an
	// exercise by its name, "13-shrinking-deadline".
	regexp.MustCompile(`(?i)\b(?:lessons?|steps?|designs?|exercises?)\s+\d+(?:(?:,\s+|\s+and\s+|\s+or\s+)\d+)*\b|\b\d+-[a-z]`),
	// One of a run's customers, workers or instances by its number, as
	// the panes label them: "customer 0", "worker number 3" (singular:
	// "workers 3" may count them).
	regexp.MustCompile(`(?i)\b(?:customer|worker|instance|shard) (?:number )?\d+\b|\bnumber \d+\b`),
	// A standard's or a product's name: RFC 9457, Route 53, and a
	// release series, Resilience4j 2.x.
	regexp.MustCompile(`\bRFC \d+\b|\bRoute 53\b|\b\d+\.x\b`),
	// A state's code on a breaker's gauge: "0 closed, 1 half-open, 2
	// open" names the states as the metric exports them.
	regexp.MustCompile(`\b\d (?:closed|half-open|open)\b`),
	// The 1 of odds written "1 in N": the figure is N, checked apart.
	regexp.MustCompile(`\b1 in\b`),
	// An ordered list's marker at a line's start, a position: "2. Every
	// dependency has ...".
	regexp.MustCompile(`(?m)^[ \t]*\d+\.[ \t]`),
	// A time of day ("prices as of 12:04") and a release's year ("the
	// 2026 update", "November 2026"): dates, which no run computes.
	regexp.MustCompile(`\b\d{1,2}:\d{2}\b|(?i)\b(?:January|February|March|April|May|June|July|August|September|October|November|December|since|in|until|before|after) (?:the )?(?:19|20)\d\d\b`),
}

// FillScenarioText fills a text about one scenario file, such as a
// challenge's brief: a placeholder's run `step` is the file's first
// variant, run with seed. name names the text in errors.
func (l *Lab) FillScenarioText(name, text string, file *ScenarioFile, seed uint64) (string, error) {
	spec := &SimSpec{Scenario: file.Path, Seed: seed, File: file}
	ctx := &evalCtx{lab: l, seed: seed, step: &Step{Sim: spec}}
	return fill(ctx, text, 0, false, "text", func(_ int, _ string, err error) error {
		return fmt.Errorf("%s: %w", name, err)
	})
}
