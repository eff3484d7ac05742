package lessons

import (
	"regexp"
	"strings"
)

// A lesson's text is wrapped by hand, and Markdown reads some line starts
// as the start of a block even in the middle of a paragraph: a sentence
// wrapped before "+ 50 calls a second" becomes a bullet list in the player
// ("100", then "• 50 calls a second"), while `lesson --check`, which prints
// the source, shows it right. CommonMark lets a bullet list, a list
// numbered from 1, a block quote and a heading interrupt a paragraph (and
// a line of "-" or "=" underlines the paragraph into a heading), so a
// line that starts with one of those right under a paragraph's line is
// refused: re-wrap the sentence, or put a blank line before a list that is
// meant as one (every built-in lesson does).

var (
	// interruptRE is a line start CommonMark lets interrupt a paragraph:
	// a bullet ("- ", "+ ", "* ") or a list counted from 1 ("1. ", "1) "),
	// either with text after it (an empty item cannot interrupt), a block
	// quote ("> ") and an ATX heading ("# ").
	interruptRE = regexp.MustCompile(`^ {0,3}(?:([-+*]|1[.)])[ \t]+\S|(>)|(#{1,6})(?:[ \t]|$))`)
	// listItemRE is any list item's start, numbered from anything.
	listItemRE = regexp.MustCompile(`^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)`)
	fenceRE    = regexp.MustCompile("^ {0,3}(```|~~~)")
	// setextRE underlines the paragraph above it into a heading.
	setextRE = regexp.MustCompile(`^ {0,3}(=+|-+)[ \t]*$`)
)

// paragraphBreak finds the first line of a Markdown text that starts a
// block in the middle of a paragraph. It returns the line's index from 0,
// what it would start ("a bullet list"), and the marker as written.
func paragraphBreak(text string) (int, string, string, bool) {
	const (
		none = iota
		para
		list // a list item, its continuation lines, a nested block
		quote
		table
		code
	)
	state, before := none, none // before: the state the last blank line ended
	fenceMark := ""
	for i, line := range strings.Split(text, "\n") {
		if fenceMark != "" {
			if strings.HasPrefix(strings.TrimLeft(line, " "), fenceMark) {
				fenceMark, state = "", none
			}
			continue
		}
		if m := fenceRE.FindStringSubmatch(line); m != nil {
			fenceMark, state = m[1], none
			continue
		}
		if strings.TrimSpace(line) == "" {
			if state != none {
				before = state
			}
			state = none
			continue
		}
		if state == para {
			if m := setextRE.FindStringSubmatch(line); m != nil {
				return i, "a heading of the line above", m[1], true
			}
			if m := interruptRE.FindStringSubmatch(line); m != nil {
				switch {
				case m[1] == "1." || m[1] == "1)":
					return i, "a numbered list", m[1], true
				case m[1] != "":
					return i, "a bullet list", m[1], true
				case m[2] != "":
					return i, "a block quote", m[2], true
				default:
					return i, "a heading", m[3], true
				}
			}
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		switch {
		case listItemRE.MatchString(line):
			state = list
		case strings.HasPrefix(strings.TrimLeft(line, " "), ">"):
			state = quote
		case strings.HasPrefix(strings.TrimLeft(line, " "), "#"):
			state = none // a heading is one line
		case strings.HasPrefix(strings.TrimLeft(line, " "), "|") || state == table:
			state = table
		case state == list || state == quote || state == code:
			// A lazy or indented continuation of the block.
		case state == none && indent > 0 && before == list:
			state = list // a later paragraph of a list item
		case state == none && indent >= 4:
			state = code
		default:
			state = para
		}
		if state != none {
			before = none
		}
	}
	return 0, "", "", false
}

// paragraphBreaks refuses a step whose text or reveal starts a block in
// the middle of a paragraph (paragraphBreak), naming the line.
func (p *parser) paragraphBreaks(st *Step) error {
	check := func(text string, line int, field string) error {
		i, what, marker, ok := paragraphBreak(text)
		if !ok {
			return nil
		}
		return p.errorf(line+i, field, "this line starts with %q right under a paragraph's line, so the player draws it as %s; "+
			"if it goes on with the sentence, wrap the text so that no line starts with %q; if it starts %s, put a blank line before it",
			marker+" ", what, marker+" ", what)
	}
	if err := check(st.Body, st.BodyLine, "text"); err != nil {
		return err
	}
	if st.Predict != nil && strings.Contains(st.Predict.Reveal, "\n") {
		// A reveal written as a multi-line string starts on the line
		// after its key.
		if err := check(st.Predict.Reveal, st.lines.line("predict.reveal")+1, "predict.reveal"); err != nil {
			return err
		}
	}
	return nil
}
