package scenariofile

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// lineIndex maps the path of every table, key and array element in a
// document to the line it starts on, so that a problem found after decoding
// (a rate below zero, a bulkhead larger than the pool) can name its line.
//
// A path is the sequence of keys from the root, with array elements written
// as elem(i); it is joined into a string by pathKey.
type lineIndex struct {
	lines map[string]int
	// offsets holds the byte offset each path was first met at, so that
	// keys written on one line (an inline table of tenants' shares) keep
	// the file's order.
	offsets map[string]int
	// starts holds the byte offset of the start of each line.
	starts []int
}

// elem is the path segment of the i-th element (from 0) of an array.
func elem(i int) string { return "\x00" + strconv.Itoa(i) }

func pathKey(path []string) string { return strings.Join(path, "\x01") }

// line reports the line of path, or of its nearest ancestor that has one,
// or 0 when none has.
func (ix *lineIndex) line(path []string) int {
	if ix == nil {
		return 0
	}
	for n := len(path); n > 0; n-- {
		if l, ok := ix.lines[pathKey(path[:n])]; ok {
			return l
		}
	}
	return 0
}

// offset reports the byte offset path was first met at, or -1.
func (ix *lineIndex) offset(path []string) int {
	if ix == nil {
		return -1
	}
	if o, ok := ix.offsets[pathKey(path)]; ok {
		return o
	}
	return -1
}

// indexLines walks the document's syntax tree. It is called only on a
// document the decoder has accepted; on any surprise it stops and keeps what
// it has, since a missing line only makes a message less precise.
func indexLines(data []byte) *lineIndex {
	ix := &lineIndex{lines: map[string]int{}, offsets: map[string]int{}, starts: []int{0}}
	for i, b := range data {
		if b == '\n' {
			ix.starts = append(ix.starts, i+1)
		}
	}
	w := walker{ix: ix, arrays: map[string]int{}}
	var p unstable.Parser
	p.Reset(data)
	for p.NextExpression() {
		w.expression(p.Expression())
	}
	return ix
}

// lineAt is the line (from 1) holding the byte at offset.
func (ix *lineIndex) lineAt(offset int) int {
	return sort.Search(len(ix.starts), func(i int) bool { return ix.starts[i] > offset })
}

// nodeLine is the line a node starts on, or 0 when the parser recorded no
// position for it (booleans, arrays).
func (ix *lineIndex) nodeLine(n *unstable.Node) int {
	if n == nil || n.Raw.Length == 0 {
		return 0
	}
	return ix.lineAt(int(n.Raw.Offset))
}

// record keeps the first line seen for a path: a table named again later
// (implicitly, through a longer header) still points at its first mention.
func (ix *lineIndex) record(path []string, line int) {
	ix.recordAt(path, line, -1)
}

// recordAt is record with the byte offset of the path's key (-1: unknown).
func (ix *lineIndex) recordAt(path []string, line, offset int) {
	if line <= 0 {
		return
	}
	k := pathKey(path)
	if _, ok := ix.lines[k]; !ok {
		ix.lines[k] = line
		if offset >= 0 {
			ix.offsets[k] = offset
		}
	}
}

type walker struct {
	ix *lineIndex
	// current is the path of the table the following key/values belong to.
	current []string
	// arrays counts the elements of each array of tables, by path.
	arrays map[string]int
}

func (w *walker) expression(n *unstable.Node) {
	switch n.Kind {
	case unstable.Table:
		w.current = w.resolve(w.keyParts(n), false)
		w.ix.record(w.current, w.ix.nodeLine(n.Child()))
	case unstable.ArrayTable:
		w.current = w.resolve(w.keyParts(n), true)
		w.ix.record(w.current, w.ix.nodeLine(n.Child()))
	case unstable.KeyValue:
		w.keyValue(w.current, n)
	}
}

// resolve turns a header's keys into a path: a key that names an array of
// tables means its last element; for a new array-table header the last key
// gets a new element.
func (w *walker) resolve(keys []keyPart, newElement bool) []string {
	var path []string
	for i, k := range keys {
		path = append(path, k.name)
		w.ix.recordAt(path, k.line, k.offset)
		pk := pathKey(path)
		last := i == len(keys)-1
		if last && newElement {
			n := w.arrays[pk]
			w.arrays[pk] = n + 1
			path = append(path, elem(n))
			continue
		}
		if n, ok := w.arrays[pk]; ok && n > 0 {
			path = append(path, elem(n-1))
		}
	}
	return path
}

type keyPart struct {
	name   string
	line   int
	offset int // -1 when the parser recorded none
}

func (w *walker) keyParts(n *unstable.Node) []keyPart {
	var out []keyPart
	it := n.Key()
	for it.Next() {
		k := it.Node()
		off := -1
		if k.Raw.Length > 0 {
			off = int(k.Raw.Offset)
		}
		out = append(out, keyPart{name: string(k.Data), line: w.ix.nodeLine(k), offset: off})
	}
	return out
}

func (w *walker) keyValue(base []string, n *unstable.Node) {
	path := append([]string(nil), base...)
	line := 0
	for _, k := range w.keyParts(n) {
		path = append(path, k.name)
		if line == 0 {
			line = k.line
		}
		w.ix.recordAt(path, line, k.offset)
	}
	w.value(path, n.Value(), line)
}

func (w *walker) value(path []string, v *unstable.Node, line int) {
	if v == nil {
		return
	}
	switch v.Kind {
	case unstable.Array:
		i := 0
		it := v.Children()
		for it.Next() {
			c := it.Node()
			p := append(append([]string(nil), path...), elem(i))
			l := w.ix.nodeLine(c)
			if l == 0 {
				l = line
			}
			w.ix.record(p, l)
			w.value(p, c, l)
			i++
		}
	case unstable.InlineTable:
		it := v.Children()
		for it.Next() {
			if c := it.Node(); c.Kind == unstable.KeyValue {
				w.keyValue(path, c)
			}
		}
	}
}
