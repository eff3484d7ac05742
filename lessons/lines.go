package lessons

import (
	"strconv"
	"strings"
)

// fieldLines maps the dotted path of every key in a TOML block to the line
// it is written on, so that a problem found after decoding (an unknown
// pane, a wrong answer count) can name its line. It reads the block line by
// line, which is enough for front matter: tables, arrays of tables, keys
// (dotted or quoted) and multi-line strings.
type fieldLines struct {
	start int            // the line of the block's opening marker
	lines map[string]int // path -> line, from 1
	// opened holds the paths whose value opens a multi-line string at the
	// end of its line (`reveal = """`), so that its text starts on the
	// next line: a check can then name the line of a word inside it.
	opened map[string]bool
}

func indexFields(block []string, start int) *fieldLines {
	f := &fieldLines{start: start, lines: map[string]int{}, opened: map[string]bool{}}
	var table []string
	arrays := map[string]int{}
	inMulti := false
	for i, raw := range block {
		line := start + 1 + i
		s := strings.TrimSpace(raw)
		if inMulti {
			if strings.Count(s, `"""`)%2 == 1 || strings.Count(s, `'''`)%2 == 1 {
				inMulti = false
			}
			continue
		}
		switch {
		case s == "" || strings.HasPrefix(s, "#"):
			continue
		case strings.HasPrefix(s, "[["):
			name := strings.TrimSpace(strings.Trim(s, "[]"))
			path := splitKey(name)
			n := arrays[name]
			arrays[name] = n + 1
			path[len(path)-1] += "[" + strconv.Itoa(n) + "]"
			table = path
			f.add(table, line)
			continue
		case strings.HasPrefix(s, "["):
			table = splitKey(strings.TrimSpace(strings.Trim(s, "[]")))
			f.add(table, line)
			continue
		}
		key, value, ok := strings.Cut(s, "=")
		if !ok {
			continue
		}
		path := append(append([]string(nil), table...), splitKey(strings.TrimSpace(key))...)
		f.add(path, line)
		v := strings.TrimSpace(value)
		if v == `"""` || v == `'''` {
			f.opened[strings.Join(path, ".")] = true
		}
		if (strings.HasPrefix(v, `"""`) && strings.Count(v, `"""`) == 1) || (strings.HasPrefix(v, `'''`) && strings.Count(v, `'''`) == 1) {
			inMulti = true
		}
	}
	return f
}

// splitKey splits a dotted TOML key, removing quotes.
func splitKey(k string) []string {
	parts := strings.Split(k, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return parts
}

// add records the line of path and of every prefix not seen before.
func (f *fieldLines) add(path []string, line int) {
	for n := 1; n <= len(path); n++ {
		k := strings.Join(path[:n], ".")
		if _, ok := f.lines[k]; !ok {
			f.lines[k] = line
		}
	}
}

// line is the line of a dotted path (array elements as "choice[1]"), of its
// nearest recorded ancestor, or of the block's marker.
func (f *fieldLines) line(path string) int {
	if f == nil {
		return 0
	}
	for p := path; p != ""; {
		if l, ok := f.lines[p]; ok {
			return l
		}
		i := strings.LastIndex(p, ".")
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return f.start
}

// textLine is the line of the byte at offset in the value of path: the
// key's line, or for a multi-line string opened at its line's end the
// line below it, and the value's line breaks before offset.
func (f *fieldLines) textLine(path, value string, offset int) int {
	l := f.line(path)
	if f != nil && f.opened[path] {
		l += 1 + strings.Count(value[:offset], "\n")
	}
	return l
}
