package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The outcomes table's footer, once the run has played out, says what
// happened to the requests still waiting when the traffic stopped, in the
// learner's words: at 80 columns it read "7 waiting at 6 s, now counted",
// which said neither what stopped at 6 s nor what counting them meant.
// Lesson 2's choice, answered, revealed, at 80×24 and 160×48.
func TestOutcomesFooterSaysWhatWasStillWaiting(t *testing.T) {
	for _, c := range []struct {
		size [2]int
		want string
	}{
		{[2]int{80, 24}, `\b7 ended after traffic stopped at 6 s\b`},
		{[2]int{160, 48}, `\b80 (requests )?in all; 7 still waiting when (the )?traffic stopped at 6 s[:,] counted (by how|as) they ended`},
	} {
		p := allLessons(t)[1]
		m := open(t, p, 1, c.size[0], c.size[1], Options{})
		m = send(m, keys(fmt.Sprint(shown(m.predicts[1].order, 0)))...)
		v := ansi.Strip(runToStop(t, m).View())
		if !regexp.MustCompile(c.want).MatchString(strings.ReplaceAll(v, "│", " ")) || strings.Contains(v, "now counted") {
			t.Errorf("%dx%d: the footer should match %q:\n%s", c.size[0], c.size[1], c.want, v)
		}
	}
}
