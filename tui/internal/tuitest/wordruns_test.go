package tuitest

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"
)

// wordRunRegexp is what wordRuns finds by hand.
var wordRunRegexp = regexp.MustCompile(`[\p{L}\p{N}][\p{L}\p{N}'’.,\-]*[\p{L}\p{N}]|[\p{L}\p{N}]`)

// wordRuns, firstWordRun and lastWordRun find what the regular expression
// finds: on the texts a screen holds (words, numbers with their marks,
// borders, units, ellipses) and on random strings of the characters that
// decide a match, invalid bytes among them.
func TestWordRunsAreTheRegexps(t *testing.T) {
	texts := []string{
		"", " ", "a", "-", "a-", "-a", "half-open", "p99.9", "730,862,190,080 shards;",
		"recommendat…", "│ ions hang │ 4.1 s │", "it's ’quoted’ ...x... ,.-", "½ Ⅻ 東京 x²",
		"--a--b--", "a.,-'’b c", "\xff\xfeab\xff", "12h 00m 06.159s",
	}
	alphabet := []string{"a", "Z", "7", "é", "東", "²", "'", "’", ".", ",", "-", " ", "│", "…", "\xff", "_", "%"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b []byte
		for range rng.IntN(12) {
			b = append(b, alphabet[rng.IntN(len(alphabet))]...)
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		want := wordRunRegexp.FindAllString(s, -1)
		var got []string
		wordRuns(s, func(w string) bool { got = append(got, w); return true })
		if !slices.Equal(got, want) {
			t.Fatalf("word runs of %q: %q, the expression finds %q", s, got, want)
		}
		first, last := "", ""
		if len(want) > 0 {
			first, last = want[0], want[len(want)-1]
		}
		if f := firstWordRun(s); f != first {
			t.Fatalf("first word run of %q: %q, the expression's %q", s, f, first)
		}
		if l := lastWordRun(s); l != last {
			t.Fatalf("last word run of %q: %q, the expression's %q", s, l, last)
		}
	}
}
