package challenge

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
	toml "github.com/pelletier/go-toml/v2"
)

// TOMLValue writes a knob value as a TOML file holds it, so that what
// --start's header shows can be copied into the file: text and durations
// in quotes ("500ms", "cached"), numbers and booleans bare, a list in
// brackets (["retry", "breaker", "timeout", "bulkhead"]). FormatValue is
// the same value in words, without quotes, for the view and messages.
func TOMLValue(v any) string {
	switch x := v.(type) {
	case string:
		if d, err := time.ParseDuration(x); err == nil {
			return strconv.Quote(formatDuration(d))
		}
		return strconv.Quote(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		parts := make([]string, len(x))
		for i, p := range x {
			parts[i] = TOMLValue(p)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []string:
		parts := make([]string, len(x))
		for i, p := range x {
			parts[i] = strconv.Quote(p)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return strconv.Quote(fmt.Sprint(v))
}

// tomlRange is what a knob allows, in the file's own literals: "one of
// "none", "fail-fast" or "cached"", "from "100ms" to "10s"", "from 0 (not
// set) to 34" (unsetZero, as the knob's value reads).
func (k *Knob) tomlRange() string {
	if k.Kind == KnobChoice {
		names := make([]string, len(k.Choices))
		for i, c := range k.Choices {
			names[i] = TOMLValue(c)
		}
		return "one of " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	}
	lo := TOMLValue(k.fromNumber(k.Min))
	if k.zeroIsNone() && k.Min == 0 {
		lo = unsetZero(lo)
	}
	return "from " + lo + " to " + TOMLValue(k.fromNumber(k.Max))
}

// filePlace is where a knob lives in a design file: its key, dotted from
// the table that holds it as TOML reads a dotted key ("policy.order",
// "policy.breaker.minimum_calls"), that table in words (`dependency
// "inventory"`, "[system]"), and whether the start's file writes it: a
// value the file leaves to its default (fallback "none", no bulkhead) is
// not written until it changes.
type filePlace struct {
	key     string
	owner   string
	written bool
	// line is the line of the file that holds the key: the start's, or
	// where it writes none, the moved design's.
	line int
	// example says how another value is written, where the start writes
	// none: `to set "fail-fast", add fallback = "fail-fast" under
	// [system.dependencies.policy]`, or, where the key joins a line the
	// start has, `to set 1, write policy = { timeout = "5s", bulkhead = {
	// size = 1 } } in place of policy = { timeout = "5s" }`.
	example string
	// shared is the key the start writes instead, one value (sharedVal)
	// for this knob and others: shed.max_wait for each class's.
	shared    string
	sharedVal any
}

// pathPlace is a knob's place told from its path alone, when no step of it
// can be written out on its own (shed's bounds by class must keep their
// order, so none moves alone from a start where they are equal): the
// path's key, in the part its name names.
func pathPlace(sys *engine.System, path string) filePlace {
	name, key, ok := lessons.SplitKnobName(path)
	if !ok {
		return filePlace{key: path, owner: "[system]", written: true}
	}
	owner := ""
	if svc, dep, isEdge := strings.Cut(name, "/"); isEdge {
		owner = fmt.Sprintf("service %q's dependency %q", svc, dep)
	} else if findDependency(sys, name) != nil {
		owner = fmt.Sprintf("dependency %q", name)
	}
	for _, e := range sys.Endpoints {
		if e.Name == name {
			owner = fmt.Sprintf("endpoint %q", name)
		}
	}
	for _, s := range sys.Services {
		if s.Name == name {
			owner = fmt.Sprintf("service %q", name)
		}
	}
	if owner == "" {
		return filePlace{key: path, owner: "[system]", written: true}
	}
	return filePlace{key: key, owner: owner, written: true}
}

// place finds where knob k lives in startFile, the start's design file,
// by the file's own writer: the start with k moved a step is written out
// too, and the first line the two files do not share is the knob's. So
// the key is the one the file writes (minimum_calls, not the knob's
// min_calls), wherever the scenario file's writer puts it. ok is false
// when no step of the knob can be written out.
func (c *Challenge) place(k *Knob, start Setting, startFile []string) (p filePlace, ok bool) {
	for _, steps := range []int{1, -1} {
		moved := k.Move(start[k.Path], steps)
		if FormatValue(moved) == FormatValue(start[k.Path]) {
			continue
		}
		s := Setting{}
		for path, v := range start {
			s[path] = v
		}
		s[k.Path] = moved
		body, err := c.DesignFile(s)
		if err != nil {
			continue
		}
		moved2 := strings.Split(string(body), "\n")
		if p, ok := placeIn(startFile, moved2); ok {
			if !p.written {
				if len(moved2) == len(startFile) {
					p.example = fmt.Sprintf("to set %s, write %s in place of %s", TOMLValue(moved), writtenAs(moved2, p.line), strings.TrimSpace(startFile[p.line]))
				} else {
					p.example = fmt.Sprintf("to set %s, add %s", TOMLValue(moved), writtenAs(moved2, p.line))
				}
			}
			return p, true
		}
	}
	return filePlace{}, false
}

// placeIn compares the start's lines a with the lines b of the start with
// one knob moved: a line changed, added (a key the start leaves to its
// default) or removed (one the move returns to its default).
func placeIn(a, b []string) (filePlace, bool) {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	switch {
	case len(a) == len(b) && i < len(a) && slices.Equal(a[i+1:], b[i+1:]):
		ch, ok := changedKey(a[i], b[i])
		if !ok {
			return filePlace{}, false
		}
		lines := a
		if !ch.inA {
			lines = b
		}
		p := placeAt(lines, i, ch.key, ch.inA)
		p.line = i
		if ch.shared != "" {
			p.shared = strings.TrimSuffix(p.key, ch.key) + ch.shared
			p.sharedVal = ch.sharedVal
		}
		return p, true
	case len(b) == len(a)+1 && slices.Equal(a[i:], b[i+1:]):
		key, ok := lineKey(b[i])
		p := placeAt(b, i, key, false)
		p.line = i
		return p, ok
	case len(a) == len(b)+1 && slices.Equal(a[i+1:], b[i:]):
		key, ok := lineKey(a[i])
		p := placeAt(a, i, key, true)
		p.line = i
		return p, ok
	}
	return filePlace{}, false
}

// lineKey is the key of a line "key = value", dotted down to the value's
// only leaf when the value is an inline table of one key (bulkhead = {
// size = 1 } is bulkhead.size).
func lineKey(line string) (string, bool) {
	var m map[string]any
	if err := toml.Unmarshal([]byte(line), &m); err != nil || len(m) != 1 {
		return "", false
	}
	var path []string
	var v any = m
	for {
		t, ok := v.(map[string]any)
		if !ok || len(t) != 1 {
			return strings.Join(path, "."), true
		}
		for key, inner := range t {
			path, v = append(path, key), inner
		}
	}
}

// lineChange is what differs between two versions of one line: the
// dotted key, whether the first version writes it, and, when the first
// writes one value where the second writes a table of them (shed's
// max_wait = "500ms" for every class against max_wait = { critical = ...
// }), the key of that one value and the value.
type lineChange struct {
	key       string
	inA       bool
	shared    string
	sharedVal any
}

// changedKey finds what differs between two versions of one line "key =
// value", inline tables compared key by key.
func changedKey(a, b string) (lineChange, bool) {
	var ma, mb map[string]any
	if toml.Unmarshal([]byte(a), &ma) != nil || toml.Unmarshal([]byte(b), &mb) != nil {
		return lineChange{}, false
	}
	var path []string
	var x, y any = ma, mb
	for {
		tx, okx := x.(map[string]any)
		ty, oky := y.(map[string]any)
		if okx != oky && len(path) > 0 {
			// One value for all, against a table of each one's.
			one, table := x, ty
			if okx {
				one, table = y, tx
			}
			var differ []string
			for key, v := range table {
				if !reflect.DeepEqual(v, one) {
					differ = append(differ, key)
				}
			}
			if len(differ) == 1 {
				return lineChange{key: strings.Join(append(path, differ[0]), "."), inA: okx, shared: strings.Join(path, "."), sharedVal: one}, true
			}
		}
		if !okx || !oky {
			return lineChange{key: strings.Join(path, "."), inA: true}, len(path) > 0
		}
		keys := make([]string, 0, len(tx)+len(ty))
		for key := range tx {
			keys = append(keys, key)
		}
		for key := range ty {
			keys = append(keys, key)
		}
		slices.Sort(keys)
		next := ""
		for _, key := range keys {
			if !reflect.DeepEqual(tx[key], ty[key]) {
				next = key
				break
			}
		}
		if next == "" {
			return lineChange{}, false
		}
		path = append(path, next)
		vx, inX := tx[next]
		vy, inY := ty[next]
		if !inX || !inY {
			// Only one version writes the key: name it down to its only
			// leaf, as the line that adds it would.
			rest := vy
			if !inY {
				rest = vx
			}
			for {
				t, isTable := rest.(map[string]any)
				if !isTable || len(t) != 1 {
					break
				}
				for key, inner := range t {
					path, rest = append(path, key), inner
				}
			}
			return lineChange{key: strings.Join(path, "."), inA: inX}, true
		}
		x, y = vx, vy
	}
}

// placeAt names the table that holds line i of a design file, and the key
// dotted from that table: a sub-table's header ([system.dependencies.policy])
// puts its path before the key, and an array's entry ([[system.dependencies]])
// is named by its name = line.
func placeAt(lines []string, i int, key string, written bool) filePlace {
	var array, table, name, service string
	for _, l := range lines[:i] {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "[["):
			array = strings.Trim(l, "[] ")
			table, name = "", ""
		case strings.HasPrefix(l, "["):
			table = strings.Trim(l, "[] ")
			if !strings.HasPrefix(table, array+".") {
				array, name = "", ""
			}
		case table == "" && array != "" && strings.HasPrefix(l, "name ="):
			if n, err := strconv.Unquote(strings.TrimSpace(strings.TrimPrefix(l, "name ="))); err == nil {
				name = n
				if array == "system.services" {
					service = n
				}
			}
		}
	}
	if array != "" && table != "" {
		key = strings.TrimPrefix(table, array+".") + "." + key
	}
	owner := ""
	switch {
	case array == "system.endpoints":
		owner = fmt.Sprintf("endpoint %q", name)
	case array == "system.dependencies":
		owner = fmt.Sprintf("dependency %q", name)
	case array == "system.services":
		owner = fmt.Sprintf("service %q", name)
	case array == "system.services.dependencies":
		owner = fmt.Sprintf("service %q's dependency %q", service, name)
	case array != "":
		owner = fmt.Sprintf("[[%s]] %q", array, name)
	case table != "":
		owner = "[" + table + "]"
	default:
		owner = "the top of the file"
	}
	return filePlace{key: key, owner: owner, written: written}
}

// writtenAs is line i of a design file with the table it sits in, when
// that is a table of its own ([system.dependencies.policy]) that the
// knob's owner does not name: "fallback = "cached" under
// [system.dependencies.policy]".
func writtenAs(lines []string, i int) string {
	line := strings.TrimSpace(lines[i])
	for j := i - 1; j >= 0; j-- {
		l := strings.TrimSpace(lines[j])
		if strings.HasPrefix(l, "[[") {
			return line
		}
		if strings.HasPrefix(l, "[") {
			return line + " under " + l
		}
	}
	return line
}
