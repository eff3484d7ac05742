package lessonui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Inside the home screen esc and q both go back from a lesson: its keys
// say so once, "esc/q back", not "esc back" and "q back" on two rows. On
// a screen of its own they differ (q quits) and each has its row.
func TestHelpSaysBackOnce(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	row := func(keys, desc string) *regexp.Regexp {
		return regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(keys) + `\s+` + desc + `(\s|$)`)
	}
	for _, embedded := range []bool{true, false} {
		m := open(t, allLessons(t)[0], 0, 200, 60, Options{Embedded: embedded})
		var table []string // the help's box, without the key line under it
		for _, l := range strings.Split(ansi.Strip(send(m, keys("?")...).View()), "\n") {
			if strings.HasPrefix(l, "│") {
				table = append(table, strings.Trim(l, "│"))
			}
		}
		count := func(r *regexp.Regexp) (n int) {
			for _, l := range table {
				n += len(r.FindAllString(l, -1))
			}
			return n
		}
		v := strings.Join(table, "\n")
		if embedded && (count(row("esc/q", "back")) != 1 || count(row("esc", "back")) != 0 || count(row("q", "back")) != 0) {
			t.Errorf("inside home the keys should say esc/q back, once:\n%s", v)
		}
		if !embedded && (count(row("esc", "back")) != 1 || count(row("q", "quit")) != 1) {
			t.Errorf("on its own the keys should say esc back and q quit:\n%s", v)
		}
	}
}
