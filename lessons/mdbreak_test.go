package lessons

import (
	"strings"
	"testing"
)

// A line that Markdown would take for the start of a list, a quote or a
// heading in the middle of a paragraph is found; the same line after a
// blank line, inside a list or in a code block is not.
func TestParagraphBreak(t *testing.T) {
	cases := []struct {
		name, text string
		line       int // -1: none
		what       string
	}{
		{"a sum wrapped before its plus", "and {{param step search.rate}}\n+ {{param step partner-api.rate}} calls a second", 1, "a bullet list"},
		{"a difference wrapped before its minus", "the pool has 16\n- 4 workers left", 1, "a bullet list"},
		{"a product wrapped before a star", "rate\n* time", 1, "a bullet list"},
		{"a count from 1", "step\n1. then", 1, "a numbered list"},
		{"a comparison wrapped before >", "a share\n> 50 % of them", 1, "a block quote"},
		{"a hash wrapped to a line start", "issue\n# 12 is fixed", 1, "a heading"},
		{"a list after a blank line", "Three designs:\n\n- one\n- two", -1, ""},
		{"a year that only looks numbered", "in\n2019. Then", -1, ""},
		{"a list counted from 2 cannot interrupt", "step\n2. then", -1, ""},
		{"continuation lines of an item", "- **search**: calls\n  the index;\n- **profile**: calls\n  the database.", -1, ""},
		{"a later paragraph of an item", "1. one\n\n   more about one\n2. two", -1, ""},
		{"a nested list", "- a\n  - b\n    - c", -1, ""},
		{"a fenced block", "text\n```\n+ not markdown\n```", -1, ""},
		{"a table", "| a | b |\n|---|---|\n| - x | y |", -1, ""},
		{"a dash alone underlines a heading", "a range\n-\nmore", 1, "a heading of the line above"},
		{"a rule after a blank line", "text\n\n---\n\nmore", -1, ""},
		{"a plus inside a line", "100 + 50 calls a second", -1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			line, what, _, ok := paragraphBreak(c.text)
			if c.line < 0 {
				if ok {
					t.Fatalf("line %d flagged as %s", line, what)
				}
				return
			}
			if !ok || line != c.line || what != c.what {
				t.Fatalf("got line %d %q (%v), want line %d %q", line, what, ok, c.line, c.what)
			}
		})
	}
}

// A lesson file with such a line is refused at the line, with what to do,
// in the step's text and in a prediction's reveal.
func TestParagraphBreakRefusesTheFile(t *testing.T) {
	head := "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n\n"
	body := head + "+++ step\ntitle = \"a\"\n+++\nEach call holds a worker, and 100\n+ 50 calls a second is too many.\n"
	_, err := Parse("x.md", []byte(body))
	if err == nil || !strings.HasPrefix(err.Error(), "x.md:10: text: ") || !strings.Contains(err.Error(), "bullet list") ||
		!strings.Contains(err.Error(), "put a blank line before it") {
		t.Fatalf("text: %v", err)
	}
	reveal := head + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\n[predict]\nprompt = \"p\"\nreveal = \"\"\"\nIt is 100\n+ 50.\n\"\"\"\n[[predict.choice]]\ntext = \"a\"\nright = true\n[[predict.choice]]\ntext = \"b\"\nwhy = \"c\"\n+++\nText.\n"
	_, err = Parse("x.md", []byte(reveal))
	if err == nil || !strings.HasPrefix(err.Error(), "x.md:13: predict.reveal: ") {
		t.Fatalf("reveal: %v", err)
	}
}
