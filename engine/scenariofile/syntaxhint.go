package scenariofile

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	toml "github.com/pelletier/go-toml/v2"
)

// topKeys are the keys a scenario file has at the top level, and
// systemKeys those of [system] (a variant has them too, and a name).
var (
	topKeys    = []string{"name", "summary", "duration", "measure_from", "measure_to", "system", "variants"}
	systemKeys = []string{"workers", "queue", "tenants", "shed", "endpoints", "dependencies", "services", "tasks", "pools"}
)

// startHint is where to get a file that is right to begin with.
const startHint = `"breakerlab scenarios --dump NAME" writes a built-in scenario as a file to start from`

// syntaxHint adds to a TOML complaint what the decoder cannot know.
//
// A misspelt section header decodes as a table of its own, and the
// complaint lands lines later, where a following header clashes with it
// ("key policy should be a table, not a value"): when the file decodes
// with the header spelt right, the header is named as the fault at its
// own line. A JSON or YAML file fails on its first line with a complaint
// about a character; it is told that scenario files are TOML.
//
// A picture or a web page (run --format svg's output given back to run)
// fails on its first byte, '<' or PNG's 0x89, and the decoder's complaint
// about that character says nothing of use: the file is named for what it
// looks like, with no line, as the whole file is the mistake.
func syntaxHint(filename string, data []byte, line, col int, complaint string) (int, string) {
	if kind := notText(data); kind != "" {
		return 0, fmt.Sprintf("this looks like %s, not a scenario file: a scenario is a built-in's name (\"breakerlab scenarios\" lists them) or a file of TOML text (engine/scenariofile/SCHEMA.md); %s", kind, startHint)
	}
	msg := fmt.Sprintf("not valid TOML (column %d): %s", col, complaint)
	if typos := headerTypos(data); len(typos) > 0 {
		t := typos[0]
		if toml.Unmarshal(respell(data, typos), new(map[string]any)) == nil {
			return t.line, fmt.Sprintf("%s is not a section of a scenario file: did you mean %s? As written, it makes the file not valid TOML at line %d, column %d: %s", t.written, t.meant, line, col, complaint)
		}
		return line, fmt.Sprintf("%s; line %d's %s is not a section of a scenario file: did you mean %s?", msg, t.line, t.written, t.meant)
	}
	if isLesson(data) {
		return line, fmt.Sprintf("%s; this looks like a lesson (Markdown, its front matter between +++ lines), not a scenario file: \"breakerlab lesson FILE\" opens a lesson", msg)
	}
	if format := otherFormat(filename, data, line); format != "" {
		return line, fmt.Sprintf("%s; this looks like %s, but scenario files are TOML (engine/scenariofile/SCHEMA.md): %s", msg, format, startHint)
	}
	if w := bareWord(data, line, col, complaint); w != "" {
		return line, fmt.Sprintf("%s; a word is written in quotes: %q, not %s", msg, w, w)
	}
	return line, msg
}

// wordStart matches a word a value may be: a name, a kind, "none".
var wordStart = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.:/-]*`)

// bareWord is the word the decoder stopped at when it stands where a value
// goes without its quotes (queue = none, kind = hang), or "". The
// decoder's complaint names only its first letter ("unexpected character
// U+0068 'h' at start of value") or, for a word starting as nan, inf,
// true or false do, the keyword it hoped for ("expected keyword \"nan\""
// for none), and neither says that quotes are missing.
func bareWord(data []byte, line, col int, complaint string) string {
	if !strings.Contains(complaint, "at start of value") && !strings.Contains(complaint, "expected keyword") {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	l := strings.TrimSuffix(lines[line-1], "\r")
	if col < 1 || col > len(l) {
		return ""
	}
	before := strings.TrimRight(l[:col-1], " \t")
	if !strings.HasSuffix(before, "=") && !strings.HasSuffix(before, "[") && !strings.HasSuffix(before, ",") {
		return ""
	}
	w := wordStart.FindString(l[col-1:])
	if w == "true" || w == "false" {
		return ""
	}
	return w
}

// headerTypo is a section header whose name is a near miss of one the
// format has: [[variant]] for [[variants]], [system.endpoint] for
// [system.endpoints].
type headerTypo struct {
	line           int
	written, meant string // the header as written and as it was likely meant
	fixed          string // the whole line respelt
}

// header matches a table or array-of-tables header of bare keys, with an
// optional comment; a quoted key ends the match, and is left alone.
var header = regexp.MustCompile(`^(\s*)(\[\[?)\s*([A-Za-z0-9_-]+(?:\s*\.\s*[A-Za-z0-9_-]+)*)\s*(\]\]?)(.*)$`)

// headerTypos lists the misspelt section headers of data, in file order.
func headerTypos(data []byte) []headerTypo {
	var out []headerTypo
	for i, l := range strings.Split(string(data), "\n") {
		m := header.FindStringSubmatch(strings.TrimSuffix(l, "\r"))
		if m == nil {
			continue
		}
		keys := strings.Split(m[3], ".")
		for j := range keys {
			keys[j] = strings.TrimSpace(keys[j])
		}
		changed := false
		if !contains(topKeys, keys[0]) {
			if s := closest(keys[0], topKeys); s != "" {
				keys[0], changed = s, true
			}
		}
		if len(keys) > 1 && (keys[0] == "system" || keys[0] == "variants") && !contains(systemKeys, keys[1]) {
			if s := closest(keys[1], systemKeys); s != "" {
				keys[1], changed = s, true
			}
		}
		if !changed {
			continue
		}
		meant := m[2] + strings.Join(keys, ".") + m[4]
		out = append(out, headerTypo{
			line:    i + 1,
			written: m[2] + m[3] + m[4],
			meant:   meant,
			fixed:   m[1] + meant + m[5],
		})
	}
	return out
}

// respell is data with each typo's line replaced by its respelt one; the
// line count is kept, so the decoder's lines still match the file's.
func respell(data []byte, typos []headerTypo) []byte {
	lines := strings.Split(string(data), "\n")
	for _, t := range typos {
		lines[t.line-1] = t.fixed
	}
	return []byte(strings.Join(lines, "\n"))
}

// yamlKey is a YAML mapping line, "name: value" or "system:", which TOML
// refuses ("expected '=' after key").
var yamlKey = regexp.MustCompile(`^\s*(-\s+)?[A-Za-z0-9_"'-]+\s*:(\s|$)`)

// otherFormat names the format a file that is not TOML seems to be in,
// by its extension or by the line the decoder stopped at, or says "".
func otherFormat(filename string, data []byte, line int) string {
	switch strings.ToLower(filepath.Ext(filename)) {
	case ".json":
		return "JSON"
	case ".yaml", ".yml":
		return "YAML"
	}
	first := strings.TrimLeft(string(data), " \t\r\n\ufeff")
	if strings.HasPrefix(first, "{") || strings.HasPrefix(first, "[{") || strings.HasPrefix(first, "[\n") || strings.HasPrefix(first, "[\r\n") {
		return "JSON"
	}
	if strings.HasPrefix(first, "---") {
		return "YAML"
	}
	lines := strings.Split(string(data), "\n")
	if line >= 1 && line <= len(lines) && yamlKey.MatchString(lines[line-1]) {
		return "YAML"
	}
	return ""
}

// isLesson says whether data is a lesson, which "breakerlab run" was given
// for a scenario file: a complaint about a '+' at the start of a key left
// its author to guess that the two formats differ. A lesson starts with
// its +++ front matter; the file's name is not asked, as a TOML file
// named .md with a typo in it is no lesson.
func isLesson(data []byte) bool {
	return strings.HasPrefix(strings.TrimLeft(string(data), " \t\r\n\ufeff"), "+++")
}

// pngMagic is the 8 bytes every PNG file starts with.
const pngMagic = "\x89PNG\r\n\x1a\n"

// notText names what a file that is no TOML at all looks like, a picture
// (run and sweep write SVG and PNG with --format), a web page or another
// markup document, or says "". Markup is told by its leading '<', which
// TOML never starts with; which kind, by the first tags.
func notText(data []byte) string {
	if strings.HasPrefix(string(data), pngMagic) {
		return "a PNG picture (such as run --format png writes)"
	}
	first := strings.TrimLeft(string(data), " \t\r\n\ufeff")
	if !strings.HasPrefix(first, "<") {
		return ""
	}
	// An SVG or a page may open with an XML declaration, a doctype and
	// comments before its root element: look a little way in.
	head := strings.ToLower(first[:min(len(first), 1024)])
	switch {
	case strings.Contains(head, "<svg"):
		return "an SVG picture (such as run --format svg writes)"
	case strings.Contains(head, "<html") || strings.HasPrefix(head, "<!doctype html"):
		return "an HTML page"
	default:
		return "XML or HTML markup"
	}
}
