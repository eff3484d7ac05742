package lessons

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// blankNameLike blanks what nameLikeRE over the whole text blanks: on the
// lessons, the drill's cards, cheat sheet and interview prompts, the
// challenges' briefs and the README, and on random strings of the
// characters its alternatives turn on (digits, x, v, p, st, seeds/, HTTP/,
// dots, spaces ASCII and not, letters that fold to ASCII under (?i)).
func TestBlankNameLikeIsTheExpressions(t *testing.T) {
	var texts []string
	for _, pattern := range []string{"content/*.md", "drill/*.toml", "challenge/content/*", "../README.md", "../engine/scenariofile/SCHEMA.md"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, string(b))
			texts = append(texts, strings.Split(string(b), "\n")...)
		}
	}
	if len(texts) < 1000 {
		t.Fatalf("only %d texts read: the globs found too little", len(texts))
	}
	alphabet := []string{"0", "5", "9", "x", "X", "xx", "v", "p", "P", "st", "th", "nd", "seeds/", "HTTP/", "http/", ".", ",", "-", "_", "/",
		" ", "\n", "\t", "\u00a0", "\u212a", "ſ", "a", "b", "é", "%", "(", ")", "'"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 30000 {
		var b strings.Builder
		for range rng.IntN(14) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		if got, want := blankNameLike(s), nameLikeRE.ReplaceAllStringFunc(s, blanks); got != want {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			from := max(0, i-40)
			t.Fatalf("blankNameLike differs from the expression at byte %d of a text of %d:\n got  %q\n want %q",
				i, len(s), got[from:min(len(got), i+40)], want[from:min(len(want), i+40)])
		}
	}
}
