package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
)

// checkFilled fails unless every line of one paragraph fits width cells,
// the lines after the first start with indent, and no line but the last
// could have taken the next line's first word.
func checkFilled(t *testing.T, name string, lines []string, width int, indent string) {
	t.Helper()
	for i, line := range lines {
		if w := ansi.StringWidth(line); w > width {
			t.Errorf("%s: line %d is %d cells, past %d: %q", name, i+1, w, width, line)
		}
		if i > 0 && (!strings.HasPrefix(line, indent) || strings.HasPrefix(line, indent+" ")) {
			t.Errorf("%s: line %d does not start with its indent %q: %q", name, i+1, indent, line)
		}
		if i+1 < len(lines) {
			// A number and its unit go down together (drill.KeepUnits).
			next := drill.KeepUnits(strings.Fields(lines[i+1]))
			if len(next) > 0 && ansi.StringWidth(line)+1+ansi.StringWidth(next[0]) <= width {
				t.Errorf("%s: line %d (%d cells) could have taken %q, the next line's first word: %q", name, i+1, ansi.StringWidth(line), next[0], line)
			}
		}
	}
}

// wrap and wrapText count display cells: "×", "→", "–" and a lead's "✱"
// or "⚠" take one column though two or three bytes, a wide character two.
func TestWrapCountsCells(t *testing.T) {
	racefree.Only(t) // no goroutine: wrap only builds a string
	for _, c := range []struct {
		name, first, indent, text string
		width                     int
		want                      []string
	}{
		{
			name: "a rubric point", first: "  3. ", indent: "     ", width: 80,
			text: "a bulkhead per dependency, sized by Little's law: rate × p99 plus headroom, so one slow dependency cannot take every thread",
			want: []string{
				"  3. a bulkhead per dependency, sized by Little's law: rate × p99 plus headroom,",
				"     so one slow dependency cannot take every thread",
			},
		},
		{
			name: "a worksheet's working", first: "    ", indent: "    ", width: 80,
			text: "Little's law: in flight = rate × time in the system = 340/s × 270 ms = 91.8 requests.",
			want: []string{
				"    Little's law: in flight = rate × time in the system = 340/s × 270 ms = 91.8",
				"    requests.",
			},
		},
		{
			name: "a hinted point", first: "  [x] ✱  2. ", indent: "            ", width: 40,
			text: "timeouts under the caller’s – “a budget” → each call’s share",
			want: []string{
				"  [x] ✱  2. timeouts under the caller’s",
				"            – “a budget” → each call’s",
				"            share",
			},
		},
		{
			name: "a warning", first: "       ⚠ ", indent: "         ", width: 30,
			text: "retrying on every layer multiplies the load × 3 on each",
			want: []string{
				"       ⚠ retrying on every",
				"         layer multiplies the",
				"         load × 3 on each",
			},
		},
		{
			// slow-apis' prompt, as interview --history printed it, broke
			// "10 s" into "10" at a line's end and "s a call" below.
			name: "a number and its unit", first: "  ", indent: "  ", width: 80,
			text: "Your service answers users by calling third-party APIs: 20 requests a second on 16 workers. An API's p99 is 200 ms on a good day, but at times it takes 10 s a call, or is down for minutes.",
			want: []string{
				"  Your service answers users by calling third-party APIs: 20 requests a second",
				"  on 16 workers. An API's p99 is 200 ms on a good day, but at times it takes",
				"  10 s a call, or is down for minutes.",
			},
		},
		{
			name: "wide characters", first: "", indent: "", width: 12,
			text: "服务 名称 界面 服务 名称 界面",
			want: []string{"服务 名称", "界面 服务", "名称 界面"},
		},
	} {
		var b strings.Builder
		wrap(&b, c.first, c.indent, c.text, c.width)
		got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: wrap gave\n%s\nwant\n%s", c.name, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			continue
		}
		checkFilled(t, c.name, got, c.width, c.indent)
	}

	// wrapText's n leaves out the indent it puts before the lines after
	// the first ("  why: " stands before the first).
	got := wrapText("the pool 服务 ok holds 界面 × 2 workers – too few", 14, "  ")
	want := "the pool 服务\n  ok holds 界面\n  × 2 workers –\n  too few"
	if got != want {
		t.Errorf("wrapText gave\n%s\nwant\n%s", got, want)
	}
}

// An example line whose command holds multi-byte or wide characters wraps
// its words under themselves: the column is counted in cells, so the
// continuation lines start where the words do on the screen.
func TestWrapExamplesCountsCells(t *testing.T) {
	racefree.Only(t) // no goroutine: wrapExamples only builds a string
	line := "  breakerlab sandbox 服务→界面  plays the scenario with one shared pool and then with a bulkhead per dependency"
	lines := strings.Split(strings.TrimSuffix(wrapExamples(line, 60), "\n"), "\n")
	col := ansi.StringWidth("  breakerlab sandbox 服务→界面  ")
	if len(lines) < 2 {
		t.Fatalf("the example did not wrap at 60: %q", lines)
	}
	checkFilled(t, "example", lines, 60, strings.Repeat(" ", col))
	if n := widestWord("a 服务界面 b"); n != 8 {
		t.Errorf("widestWord(%q) = %d, want 8 cells", "a 服务界面 b", n)
	}
}

// checkParagraphs splits out, a page printed with wrap, into the
// paragraphs given (each written whole, its lead's words first; "" takes
// every line left), and checks each is filled to width as checkFilled
// does, its words all there in order.
func checkParagraphs(t *testing.T, name, out string, paras []string, width int) {
	t.Helper()
	var lines []string
	for l := range strings.SplitSeq(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	for _, p := range paras {
		want := strings.Fields(p)
		var got []string
		n := 0
		for n < len(lines) && (p == "" || len(got) < len(want)) {
			got = append(got, strings.Fields(lines[n])...)
			n++
		}
		if p != "" && strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("%s: the lines\n%s\ndo not print the paragraph\n%s", name, strings.Join(lines[:n], "\n"), p)
		}
		if n == 0 {
			t.Fatalf("%s: no line prints %q", name, p)
		}
		indent := ""
		if n > 1 {
			indent = lines[1][:len(lines[1])-len(strings.TrimLeft(lines[1], " "))]
		}
		checkFilled(t, name, lines[:n], width, indent)
		lines = lines[n:]
	}
	if len(lines) > 0 {
		t.Errorf("%s: lines left after the paragraphs: %q", name, lines)
	}
}

// The printed worksheet (drill --generate) and every rubric (interview
// --rubric) fill their 80 columns, counted in cells: no line runs past
// them, none stops short of a word that fitted. Their "×", "→" and "÷"
// once counted as two or three columns each and broke lines early.
func TestPrintedDrillAndRubricFill80Cells(t *testing.T) {
	racefree.Only(t) // no goroutine: the pages are built and printed in the test's own
	ps, err := drill.Generate(1, 200)
	if err != nil {
		t.Fatal(err)
	}
	var ws strings.Builder
	printWorksheet(&ws, ps, 1)
	paras := []string{strings.SplitN(ws.String(), "\n", 2)[0]}
	for i, p := range ps {
		paras = append(paras, fmt.Sprintf("%d. %s", i+1, p.Question))
		for j, o := range p.Choices {
			paras = append(paras, fmt.Sprintf("%c) %s", 'a'+j, o.Text))
		}
	}
	paras = append(paras, "Answers")
	for i, p := range ps {
		a := answerOf(p)
		for j, o := range p.Choices {
			if o.Right {
				a = fmt.Sprintf("%c) %s", 'a'+j, o.Text)
			}
		}
		paras = append(paras, fmt.Sprintf("%d. %s", i+1, a), p.Explain, "Checked: "+p.Verified+".")
	}
	if !strings.ContainsAny(ws.String(), "×÷→") {
		t.Fatal("the worksheet holds no multi-byte character: the test checks nothing")
	}
	checkParagraphs(t, "worksheet", ws.String(), paras, 80)

	for _, p := range drill.Prompts() {
		var r strings.Builder
		printRubric(&r, p)
		paras := []string{p.Title + " (" + p.ID + ")", p.Text, "A strong answer says, for each dependency:"}
		for i, pt := range p.Points {
			paras = append(paras, fmt.Sprintf("%d. %s", i+1, pt.Text))
		}
		checkParagraphs(t, "rubric "+p.ID, r.String(), append(paras, ""), 80)
	}
}
