package lessonui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// stripMarkup reduces a step's Markdown to its words in one line: the
// emphasis and code marks gone, every run of white space one space.
var markup = strings.NewReplacer("**", "", "*", "", "`", "", "\\", "")

func plainWords(md string) string {
	return " " + strings.Join(strings.Fields(markup.Replace(md)), " ") + " "
}

// unitStart matches a line that begins with what must stay with the number
// before it.
var unitStart = regexp.MustCompile(`^(%|‰|(ms|µs|s|min|h|rps|x)\b|in \d)`)

// checkWrapped reports every line break in rendered text that did not fall
// on a space of the source (a cut word, a split number, "46." / "4 %"), a
// unit sent to the next line without its number, and a line that leaves
// room for the next line's first word (a lone short word such as "2").
// Lines of a table (│) wrap inside their cells and are checked for width
// only.
func checkWrapped(t *testing.T, where, md, rendered string, width int) {
	t.Helper()
	src := plainWords(md)
	lines := strings.Split(ansi.Strip(rendered), "\n")
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > width {
			t.Errorf("%s: line %d is %d wide, more than %d: %q", where, i+1, w, width, l)
		}
	}
	for i := 0; i+1 < len(lines); i++ {
		a, b := strings.TrimRight(lines[i], " "), strings.TrimSpace(lines[i+1])
		if a == "" || b == "" || strings.Contains(a+b, "│") || strings.Contains(a+b, "──") {
			continue
		}
		// The next line's text, less a list marker or a continuation indent.
		b = strings.TrimPrefix(b, "• ")
		if m := regexp.MustCompile(`^\d+\. `).FindString(b); m != "" {
			continue // a new item starts
		}
		if strings.HasPrefix(strings.TrimSpace(lines[i+1]), "• ") {
			continue
		}
		fa := strings.Fields(a)
		last, first := fa[len(fa)-1], strings.Fields(b)[0]
		if !strings.Contains(src, " "+last+" "+first+" ") {
			t.Errorf("%s: lines %d-%d break where the text has no space: %q / %q", where, i+1, i+2, a, b)
		}
		if regexp.MustCompile(`\d$`).MatchString(last) && unitStart.MatchString(b) {
			t.Errorf("%s: lines %d-%d part a number from its unit: %q / %q", where, i+1, i+2, a, b)
		}
		// The first word of the next line, with a number its unit: it
		// must not have fitted on this line.
		word := firstWord(b)
		if ansi.StringWidth(a)+1+ansi.StringWidth(word) <= width {
			t.Errorf("%s: line %d stops short: %q would have fitted after %q", where, i+1, word, a)
		}
	}
}

// Every step of every lesson, and every reveal, at the text widths of
// 80×24, 100×30 and 160×48: no line breaks inside a word or a number, or
// between a number and its unit, and none is left short.
func TestLessonTextWrapsBetweenWords(t *testing.T) {
	th := tuitest.Plain()
	for _, p := range allLessons(t) {
		for _, size := range [][2]int{{80, 24}, {100, 30}, {160, 48}} {
			m := open(t, p, 0, size[0], size[1], Options{Theme: th})
			width := m.textWidth()
			c := newTextCache(th)
			for i, st := range p.Steps {
				c.ensure(i, st.Text, width)
				s, _ := c.get(i, width)
				checkWrapped(t, p.Lesson.ID+" step "+itoa(i+1), st.Text, s, width)
				if q := st.Predict; q != nil && q.Reveal != "" {
					c.ensureReveal(i, q.Reveal, width)
					s, _ := c.getReveal(i, width)
					checkWrapped(t, p.Lesson.ID+" reveal "+itoa(i+1), q.Reveal, s, width)
				}
				if q := st.Question; q != nil {
					lines := renderQuestion(th, q, questionState{picked: -1}, width)
					for _, l := range lines {
						if w := ansi.StringWidth(l); w > width {
							t.Errorf("%s question %d: line %d wide, more than %d: %q", p.Lesson.ID, i+1, w, width, l)
						}
					}
				}
			}
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestWrapKeepsNumbersAndCodeWhole(t *testing.T) {
	st := newMDStyles(tuitest.Plain())
	cases := []struct {
		md    string
		width int
		want  []string
	}{
		// The number and its unit move together ("46." / "4 %" before).
		{"and at least one 46.4 % of the time", 21, []string{"and at least one", "46.4 % of the time"}},
		// A long number is one word (glamour cut "730,862,190," / "080").
		{"4 name servers make 730,862,190,080 shards", 30, []string{"4 name servers make", "730,862,190,080 shards"}},
		// A code span is not cut at its hyphen.
		{"the header `x-envoy-overloaded` says so", 20, []string{"the header", "x-envoy-overloaded", "says so"}},
		{"p99.9 of 24 s here", 8, []string{"p99.9 of", "24 s", "here"}},
		// "= 0" and "0 ms" both hold, though they share the 0.
		{"a timeout of = 0 ms: refused", 18, []string{"a timeout of", "= 0 ms: refused"}},
		// A list item's lines hang under its text.
		{"- one two three four five six", 12, []string{"• one two", "  three four", "  five six"}},
		{"1. one two three four five six", 12, []string{"1. one two", "   three", "   four five", "   six"}},
	}
	for _, c := range cases {
		got := renderMarkdown(c.md, c.width, st)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q at %d:\n got %q\nwant %q", c.md, c.width, got, c.want)
		}
	}
}

// A table too wide for the column is stacked, row by row, never cut.
func TestWideTableStacks(t *testing.T) {
	md := "| design | peak | calls |\n|---|---|---|\n| timeout alone | 73 in flight | 1,200 |\n"
	got := strings.Join(renderMarkdown(md, 14, newMDStyles(tuitest.Plain())), "\n")
	want := "timeout alone\n  peak: 73 in\n    flight\n  calls: 1,200"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// firstWord is a line's text up to the first space a line may break at.
func firstWord(s string) string {
	cells := plainCells(s, ink{})
	for i := range cells {
		cells[i].brk = cells[i].r == ' '
	}
	markUnbreakable(cells)
	var b strings.Builder
	for _, c := range cells {
		if c.brk {
			break
		}
		b.WriteRune(c.r)
	}
	return b.String()
}

// The transitions pane writes times as the lesson text does, to the
// millisecond, and wraps a reason that does not fit under its line.
func TestTransitionTimes(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{{3094492874, "3.094 s"}, {24 * time.Second, "24 s"}, {1575 * time.Millisecond, "1.575 s"}, {500 * time.Millisecond, "500 ms"}, {0, "0 s"}} {
		if got := pane.TransitionTime(c.d); got != c.want {
			t.Errorf("TransitionTime(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

// The odds table keeps every number whole at the odds pane's width in an
// 80-column window, and at the narrowest, with the note that explains its
// headings.
func TestOddsTableKeepsNumbersWhole(t *testing.T) {
	rows, err := shuffle.OddsTable(shuffle.ScenarioFleets())
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{37, 33, 60} {
		lines := oddsTable(rows, w)
		text := strings.Join(lines, "\n")
		for _, want := range []string{"730,862,190,080", "75,287,520", "46.4%", "0.8%", "shards"} {
			if !strings.Contains(text, want) {
				t.Errorf("width %d: %q missing:\n%s", w, want, text)
			}
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > w {
				t.Errorf("width %d: line %q is wider", w, l)
			}
		}
		if strings.Contains(text, "1 time in shards") {
			t.Errorf("width %d: the old sentence is back:\n%s", w, text)
		}
	}
}

// An endpoint name too long for the table is abbreviated, never cut, and
// the legend spells it out.
func TestAbbreviateNames(t *testing.T) {
	got, legend := abbreviate([]string{"search", "profile", "recommendations"}, 10)
	if strings.Join(got, ",") != "search,profile,recommend." || legend != "recommend. = recommendations" {
		t.Errorf("got %q, legend %q", got, legend)
	}
	got, legend = abbreviate([]string{"payment-eu", "payment-us"}, 6)
	if got[0] == got[1] || !strings.Contains(legend, "payment-eu") || !strings.Contains(legend, "payment-us") {
		t.Errorf("two names share an abbreviation: %q, %q", got, legend)
	}
}
