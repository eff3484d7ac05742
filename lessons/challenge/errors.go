package challenge

import (
	"errors"
	"fmt"
	"strings"
)

// Error is a problem with a challenge file: the file, the line (0 when it
// belongs to no single line), the field (knobs[2].max) and what is wrong,
// which says what is allowed.
type Error struct {
	File  string
	Line  int
	Field string
	Err   error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ": %s", e.Field)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	return b.String()
}

func (e *Error) Unwrap() []error { return []error{e.Err, ErrInvalid} }

// ErrInvalid is wrapped by every error about a file's content (a challenge
// file, or a design handed in for grading), so a caller can tell a bad
// file from a failure to read it.
var ErrInvalid = errors.New("invalid challenge file")

// lines finds the line a key of the file is on: TOML decoders keep no
// positions for what they decode, so the loader looks the key up in the
// text, within its table (the Nth [[knobs]], [par]).
type lines struct{ text []string }

func newLines(data []byte) *lines { return &lines{text: strings.Split(string(data), "\n")} }

// find returns the line (from 1) of key in the table header (""for the
// top level, "knobs" for [[knobs]], "par"), in its nth occurrence (from 0)
// for an array of tables. With key "" it is the header's own line. 0 when
// not found.
func (l *lines) find(table string, nth int, key string) int {
	cur, seen := "", -1
	header := 0
	for i, raw := range l.text {
		s := strings.TrimSpace(raw)
		if strings.HasPrefix(s, "[") {
			name := strings.Trim(strings.SplitN(s, "#", 2)[0], "[] \t")
			cur = name
			if name == table {
				seen++
				if seen == nth {
					header = i + 1
				}
			}
			continue
		}
		if cur != table || (table != "" && seen != nth) || key == "" {
			continue
		}
		if k, _, ok := strings.Cut(s, "="); ok && strings.Trim(strings.TrimSpace(k), `"`) == key {
			return i + 1
		}
	}
	if key == "" || header > 0 {
		return header
	}
	// An inline table at the top level: par = { ... }.
	if table != "" {
		return l.find("", 0, table)
	}
	return 0
}

// placeholderLine is the line (from 1) of the placeholder text[from:to]
// in a field that starts on line start, text being the field as decoded:
// a brief runs over many lines, and its own line sent the author looking
// through all of them. The placeholder is looked up as written, its
// occurrences before it counted, as the decoded text's line breaks need
// not be the file's (an escaped \n, a line-ending backslash). start when
// it is not found as written.
func (l *lines) placeholderLine(start int, text string, from, to int) int {
	ph := text[from:to]
	nth := strings.Count(text[:from], ph)
	for i := max(start-1, 0); i < len(l.text); i++ {
		n := strings.Count(l.text[i], ph)
		if nth < n {
			return i + 1
		}
		nth -= n
	}
	return start
}
