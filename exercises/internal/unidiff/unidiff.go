// Package unidiff reads patches in the unified diff format (what `diff -u`,
// `git diff` and `git format-patch` write, and what `patch -p1` and
// `git apply` read) and applies them to files held in memory.
//
// It exists for the exercise catalog's known-wrong solutions, each kept as a
// patch on its solution: a patch that no longer applies must say which file
// and which hunk, and what the file holds where the hunk expected its lines.
// Applying is strict about content and lenient about place: a hunk's old
// lines must match exactly (no fuzz, no whitespace forgiveness), but if its
// line number has drifted because the file changed above it, the hunk is
// placed where its lines stand, as long as they stand in one place only.
//
// It imports only the standard library.
package unidiff

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Patch is a parsed unified diff.
type Patch struct {
	// Preamble is the text before the first file: a commit message or, for
	// the catalog's mutants, the description of the mistake. patch(1) and
	// git apply skip it.
	Preamble string
	Files    []File
}

// File is the change to one file.
type File struct {
	Name  string // the path in the +++ line, without git's "b/" prefix
	Hunks []Hunk
}

// Hunk is one "@@ -a,b +c,d @@" block.
type Hunk struct {
	OldStart, OldLines int // the span it replaces, 1-based; OldStart is the line before when OldLines is 0
	NewStart, NewLines int
	Header             string // the @@ line, for messages
	At                 int    // the @@ line's number in the patch, for messages
	Lines              []Line
}

// Line is one line of a hunk. Text keeps its "\n", except for a last line
// marked "\ No newline at end of file".
type Line struct {
	Op   byte // ' ' context, '-' removed, '+' added
	Text string
}

// Parse reads a unified diff. It rejects what it cannot apply with
// certainty: a hunk whose line counts disagree with its body, a file
// header without hunks, a patch without files.
func Parse(b []byte) (*Patch, error) {
	lines := splitLines(string(b))
	p := &Patch{}
	i := 0
	for i < len(lines) && !isFileStart(lines, i) {
		i++
	}
	p.Preamble = strings.Join(lines[:i], "")
	for i < len(lines) {
		if !isFileStart(lines, i) {
			if strings.TrimSpace(lines[i]) == "" || isGitHeader(lines[i]) {
				i++ // blank lines and git's "diff --git" and "index" lines between files
				continue
			}
			return nil, fmt.Errorf("line %d: %q is neither a file header (--- and +++) nor a hunk", i+1, strings.TrimSuffix(lines[i], "\n"))
		}
		name := headerName(lines[i+1], "+++ ")
		if name == "/dev/null" {
			return nil, fmt.Errorf("line %d: the patch deletes %s; only changes to existing files are supported", i+2, headerName(lines[i], "--- "))
		}
		if old := headerName(lines[i], "--- "); old == "/dev/null" {
			return nil, fmt.Errorf("line %d: the patch creates %s; only changes to existing files are supported", i+1, name)
		}
		f := File{Name: name}
		i += 2
		for i < len(lines) && strings.HasPrefix(lines[i], "@@ ") {
			h, next, err := parseHunk(lines, i)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			f.Hunks = append(f.Hunks, h)
			i = next
		}
		if len(f.Hunks) == 0 {
			return nil, fmt.Errorf("%s: a file header with no hunk after it", name)
		}
		p.Files = append(p.Files, f)
	}
	if len(p.Files) == 0 {
		return nil, fmt.Errorf("no file header (a --- line then a +++ line) in the patch")
	}
	return p, nil
}

func isFileStart(lines []string, i int) bool {
	return i+1 < len(lines) && strings.HasPrefix(lines[i], "--- ") && strings.HasPrefix(lines[i+1], "+++ ")
}

func isGitHeader(l string) bool {
	for _, p := range []string{"diff --git ", "index ", "similarity ", "old mode ", "new mode "} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// headerName takes the path from a --- or +++ line: what follows the
// prefix, up to a tab (diff -u puts the date there), without git's a/ or b/.
func headerName(l, prefix string) string {
	name := strings.TrimSuffix(strings.TrimPrefix(l, prefix), "\n")
	if tab := strings.IndexByte(name, '\t'); tab >= 0 {
		name = name[:tab]
	}
	name = strings.TrimSpace(name)
	if rest, ok := strings.CutPrefix(name, "a/"); ok {
		return rest
	}
	if rest, ok := strings.CutPrefix(name, "b/"); ok {
		return rest
	}
	return name
}

// parseHunk reads the hunk whose @@ line is lines[at] and returns it with
// the index of the line after it.
func parseHunk(lines []string, at int) (Hunk, int, error) {
	header := strings.TrimSuffix(lines[at], "\n")
	h := Hunk{Header: header, At: at + 1}
	var ranges string
	if end := strings.Index(header[3:], " @@"); end >= 0 {
		ranges = header[3 : 3+end]
	}
	old, new, ok := strings.Cut(ranges, " ")
	var err1, err2 error
	if ok && strings.HasPrefix(old, "-") && strings.HasPrefix(new, "+") {
		h.OldStart, h.OldLines, err1 = parseRange(old[1:])
		h.NewStart, h.NewLines, err2 = parseRange(new[1:])
	}
	if !ok || err1 != nil || err2 != nil || !strings.HasPrefix(old, "-") || !strings.HasPrefix(new, "+") {
		return h, 0, fmt.Errorf("line %d: %q is not a hunk header of the form @@ -line,count +line,count @@", at+1, header)
	}
	i := at + 1
	oldSeen, newSeen := 0, 0
	for i < len(lines) && (oldSeen < h.OldLines || newSeen < h.NewLines) {
		l := lines[i]
		op, text := byte(' '), "\n" // an empty line: a blank context line whose space an editor trimmed
		if l != "\n" {
			op, text = l[0], l[1:]
		}
		switch op {
		case ' ':
			oldSeen++
			newSeen++
		case '-':
			oldSeen++
		case '+':
			newSeen++
		case '\\':
			i++
			continue
		default:
			return h, 0, fmt.Errorf("line %d: hunk %s ends after %d of its %d old and %d of its %d new lines",
				i+1, header, oldSeen, h.OldLines, newSeen, h.NewLines)
		}
		h.Lines = append(h.Lines, Line{Op: op, Text: text})
		i++
		// A "\ No newline at end of file" marker belongs to the line before.
		if i < len(lines) && strings.HasPrefix(lines[i], "\\") {
			last := &h.Lines[len(h.Lines)-1]
			last.Text = strings.TrimSuffix(last.Text, "\n")
			i++
		}
	}
	if oldSeen != h.OldLines || newSeen != h.NewLines {
		return h, 0, fmt.Errorf("hunk %s (line %d) has %d old and %d new lines where its header says %d and %d",
			header, at+1, oldSeen, newSeen, h.OldLines, h.NewLines)
	}
	return h, i, nil
}

// parseRange reads "12,7" or "12" (a count of 1).
func parseRange(s string) (start, count int, err error) {
	a, b, hasCount := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("bad line number %q", a)
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(b); err != nil || count < 0 {
			return 0, 0, fmt.Errorf("bad line count %q", b)
		}
	}
	return start, count, nil
}

// old and new return the hunk's lines before and after the change.
func (h Hunk) old() []string { return h.side('+') }
func (h Hunk) new() []string { return h.side('-') }

func (h Hunk) side(skip byte) []string {
	var out []string
	for _, l := range h.Lines {
		if l.Op != skip {
			out = append(out, l.Text)
		}
	}
	return out
}

// HunkError says which hunk of which file did not apply, and why.
type HunkError struct {
	File   string
	Index  int // 1-based, within the file
	Hunk   Hunk
	Reason string
}

func (e *HunkError) Error() string {
	return fmt.Sprintf("%s: hunk %d (%s, patch line %d) does not apply: %s", e.File, e.Index, e.Hunk.Header, e.Hunk.At, e.Reason)
}

// Apply returns src with f's hunks applied, in order.
func (f File) Apply(src []byte) ([]byte, error) {
	lines := splitLines(string(src))
	var out []string
	next := 0  // the first line of src not yet copied
	drift := 0 // how far the hunks so far stood from their stated lines
	for n, h := range f.Hunks {
		old := h.old()
		want := h.OldStart - 1 + drift // 0-based
		if h.OldLines == 0 {
			want = h.OldStart + drift // inserted after line OldStart
		}
		at, reason := place(lines, old, want, next)
		if at < 0 {
			return nil, &HunkError{File: f.Name, Index: n + 1, Hunk: h, Reason: reason}
		}
		drift += at - want
		out = append(out, lines[next:at]...)
		out = append(out, h.new()...)
		next = at + len(old)
	}
	out = append(out, lines[next:]...)
	return []byte(strings.Join(out, "")), nil
}

// place finds where the old lines stand in lines at or after from: at want
// if they match there, else at the one place they match. It returns -1 and
// why when they stand nowhere, or in more than one place.
func place(lines, old []string, want, from int) (int, string) {
	matches := func(at int) bool {
		return at >= from && at+len(old) <= len(lines) && slices.Equal(lines[at:at+len(old)], old)
	}
	if matches(want) {
		return want, ""
	}
	var found []int
	for at := from; at+len(old) <= len(lines); at++ {
		if matches(at) {
			found = append(found, at)
		}
	}
	switch len(found) {
	case 1:
		return found[0], ""
	case 0:
		return -1, mismatch(lines, old, want, from)
	default:
		return -1, fmt.Sprintf("its lines stand neither at line %d nor in one place only, but at lines %v; give it more context", want+1, plusOne(found))
	}
}

// mismatch describes the first line where the file differs from what the
// hunk expects at its stated place.
func mismatch(lines, old []string, want, from int) string {
	want = max(want, from)
	for i, o := range old {
		at := want + i
		if at >= len(lines) {
			return fmt.Sprintf("it expects %q at line %d, past the end of the file (%d lines), and its lines stand nowhere else", strings.TrimSuffix(o, "\n"), at+1, len(lines))
		}
		if lines[at] != o {
			return fmt.Sprintf("it expects %q at line %d, where the file has %q, and its lines stand nowhere else",
				strings.TrimSuffix(o, "\n"), at+1, strings.TrimSuffix(lines[at], "\n"))
		}
	}
	return "its lines stand nowhere in the file"
}

func plusOne(xs []int) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = x + 1
	}
	return out
}

// Apply applies p to files (name to content) and returns the changed files
// only. A file the patch names but files lacks is an error.
func (p *Patch) Apply(files map[string][]byte) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, f := range p.Files {
		src, ok := out[f.Name]
		if !ok {
			if src, ok = files[f.Name]; !ok {
				return nil, fmt.Errorf("%s: no such file to patch", f.Name)
			}
		}
		b, err := f.Apply(src)
		if err != nil {
			return nil, err
		}
		out[f.Name] = b
	}
	return out, nil
}

// splitLines splits s after each "\n", keeping it; a last line without one
// is kept as it is.
func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// Touches reports whether the patch changes anything: a patch whose hunks
// hold only context lines is not a change.
func (p *Patch) Touches() bool {
	for _, f := range p.Files {
		for _, h := range f.Hunks {
			for _, l := range h.Lines {
				if l.Op != ' ' {
					return true
				}
			}
		}
	}
	return false
}
