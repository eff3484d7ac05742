package challenge

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestReadmeCountsTheLevels: the project's README counts the challenge
// levels in words (the Challenge levels section, and the layout's line for
// this package); every count follows the catalog.
func TestReadmeCountsTheLevels(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Skipf("no project README two folders up: %v", err)
	}
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	ones := []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tens := []string{"", "", "twenty", "thirty", "forty"}
	word := func(n int) string {
		if n < 20 {
			return ones[n]
		}
		if n%10 == 0 {
			return tens[n/10]
		}
		return tens[n/10] + "-" + ones[n%10]
	}
	want := word(len(all))
	// "Twenty-one levels cover ...", "the twenty-one levels and their
	// solutions": a number word, or digits, right before "levels".
	re := regexp.MustCompile(`(?i)\b([a-z]+(?:-[a-z]+)?|\d+) (?:challenge )?levels\b`)
	digits := regexp.MustCompile(`^\d+$`)
	counted := 0
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		w := strings.ToLower(m[1])
		if digits.MatchString(w) {
			counted++
			if w != strconv.Itoa(len(all)) {
				t.Errorf("README.md says %q; the catalog has %d levels", m[0], len(all))
			}
			continue
		}
		for n := 1; n < 50; n++ {
			if word(n) == w {
				counted++
				if w != want {
					t.Errorf("README.md says %q; the catalog has %d levels (%s)", m[0], len(all), want)
				}
			}
		}
	}
	if counted < 2 {
		t.Errorf("README.md counts the levels %d times; the test expects the Challenge levels section and the layout line to, and checks each", counted)
	}
}
