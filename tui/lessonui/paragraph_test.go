package lessonui

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"
)

// Every list, quote and heading the player draws in a lesson's text or a
// reveal comes after a blank line: one that starts right under a
// paragraph's line is a wrapped sentence that Markdown took for a block
// (lesson 10 once showed "100" and then "• 50 calls a second"). The lesson
// format refuses such a line (lessons/mdbreak.go); this reads the filled
// text with the renderer's own parser, so the two cannot disagree.
func TestNoBlockStartsInsideAParagraph(t *testing.T) {
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			texts := map[string]string{"text": st.Text}
			if st.Predict != nil {
				texts["reveal"] = st.Predict.Reveal
			}
			for field, md := range texts {
				for _, bad := range blocksInsideParagraphs(md) {
					t.Errorf("%s step %d %s: a block starts under a paragraph's line: %q", p.Lesson.ID, i+1, field, bad)
				}
			}
		}
	}
	// The check itself sees the slip it is for, and passes a list set off
	// by a blank line.
	if got := blocksInsideParagraphs("for up to 1 s, and 100\n+ 50 calls a second × that long"); len(got) != 1 {
		t.Errorf("a wrapped sum: %q", got)
	}
	if got := blocksInsideParagraphs("Three designs:\n\n- one\n- two\n\n> a quote"); len(got) != 0 {
		t.Errorf("a list after a blank line: %q", got)
	}
}

// blocksInsideParagraphs lists the lines of md at which a list, a quote or
// a heading starts on the line right after a paragraph's last line.
func blocksInsideParagraphs(md string) []string {
	src := []byte(md)
	doc := mdParser.Parser().Parse(gmtext.NewReader(src))
	lineOf := func(off int) int { return strings.Count(md[:min(off, len(md))], "\n") }
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.List, *ast.Blockquote, *ast.Heading:
		default:
			return ast.WalkContinue, nil
		}
		prev, ok := n.PreviousSibling().(*ast.Paragraph)
		if !ok || prev.Lines().Len() == 0 {
			return ast.WalkContinue, nil
		}
		last := prev.Lines().At(prev.Lines().Len() - 1)
		end := last.Stop - 1
		for end > last.Start && (md[end] == '\n' || md[end] == '\r') {
			end--
		}
		start := firstTextAt(n)
		if start < 0 {
			return ast.WalkContinue, nil
		}
		if lineOf(start)-lineOf(end) < 2 {
			l := lineOf(start)
			out = append(out, strings.Split(md, "\n")[l])
		}
		return ast.WalkContinue, nil
	})
	return out
}

// firstTextAt is where the first line of text inside n starts, or -1.
func firstTextAt(n ast.Node) int {
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if at := firstTextAt(c); at >= 0 {
			return at
		}
	}
	return -1
}
