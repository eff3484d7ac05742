package lessonui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// Lesson 11 sends the learner to the chain pane's count of abandoned work
// under the label the pane shows at every size: the footer wraps at 100×30
// and at 80×24, and there it reads "abandoned 1,304" on its first line,
// not "abandoned work" on the pane's last (the widest footer's words).
func TestLesson11NamesTheChainFootersLabel(t *testing.T) {
	p := allLessons(t)[10]
	emph := regexp.MustCompile(`(?:^|[^*])\*([^*]+)\*(?:[^*]|$)`)
	for _, title := range []string{"Working for nobody", "Deadlines that travel"} {
		i := stepTitled(t, p, title)
		text := p.Steps[i].Text + "\n\n" + p.Steps[i].Predict.Reveal
		var labels []string
		for _, para := range strings.Split(text, "\n\n") {
			para = strings.Join(strings.Fields(para), " ")
			if !strings.Contains(para, "chain pane") {
				continue
			}
			if strings.Contains(para, "chain pane's last line") {
				t.Errorf("%q points to the chain pane's last line, which at 100×30 is \"timed out at deadline\": %s", title, para)
			}
			for _, g := range emph.FindAllStringSubmatch(para, -1) {
				labels = append(labels, g[1])
			}
		}
		if len(labels) == 0 {
			t.Fatalf("%q names no label of the chain pane", title)
		}
		for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
			m := play(t, open(t, p, i, sz[0], sz[1], inOneFrame(Options{})))
			if m.Now() != 39*time.Second {
				t.Fatalf("%q should pause at 39 s, at %v", title, m.Now())
			}
			var chain string
			for _, pn := range m.sim.Panes() {
				if v := ansi.Strip(pn.View()); strings.Contains(v, "Chain") || strings.Contains(v, "chain") {
					chain = strings.Join(strings.Fields(strings.ReplaceAll(v, "│", " ")), " ")
				}
			}
			for _, l := range labels {
				// The widest footer says a word more ("abandoned work
				// 1,304"): the label still starts it.
				if !regexp.MustCompile(`\b` + regexp.QuoteMeta(l) + `(?: \w+)? [\d,]+`).MatchString(chain) {
					t.Errorf("%q at %dx%d names *%s*, which the chain pane does not show before a count:\n%s", title, sz[0], sz[1], l, chain)
				}
			}
		}
	}
}
