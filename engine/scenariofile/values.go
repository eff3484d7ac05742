package scenariofile

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// table is one TOML table of the decoded document, with its path (for
// lines) and the words messages use for it ("[system]", `endpoints "checkout"`).
type table struct {
	m    map[string]any
	path []string
	what string
}

// at is the path of one of the table's keys.
func (t table) at(key string) []string {
	return append(append(make([]string, 0, len(t.path)+1), t.path...), key)
}

// errorf reports a problem with the table's key, prefixed with the table's name.
func (t table) errorf(key string, format string, args ...any) error {
	if t.what == "" {
		return errorAt(t.at(key), format, args...)
	}
	return errorAt(t.at(key), "%s: %s", t.what, fmt.Sprintf(format, args...))
}

// has reports whether the table sets key.
func (t table) has(key string) bool {
	_, ok := t.m[key]
	return ok
}

// keysInOrder lists the table's keys in the order they appear in the file
// (by line, then by position on the line, then by name), so that the first problem reported is the first
// one a reader meets.
func (c *conv) keysInOrder(t table) []string {
	keys := make([]string, 0, len(t.m))
	for k := range t.m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		pi, pj := t.at(keys[i]), t.at(keys[j])
		if li, lj := c.ix.line(pi), c.ix.line(pj); li != lj {
			return li < lj
		}
		if oi, oj := c.ix.offset(pi), c.ix.offset(pj); oi != oj {
			return oi < oj
		}
		return keys[i] < keys[j]
	})
	return keys
}

// checkKeys reports the first key of t that is not allowed.
func (c *conv) checkKeys(t table, allowed ...string) error {
	for _, k := range c.keysInOrder(t) {
		if !contains(allowed, k) {
			hint := ""
			if s := closest(k, allowed); s != "" {
				hint = fmt.Sprintf("; did you mean %q?", s)
			} else if m, ok := spelledElsewhere[k]; ok && contains(allowed, m.key) {
				hint = fmt.Sprintf("; did you mean %q? (%s)", m.key, m.why)
			} else if contains(allowed, "policy") && contains(policyKeys, k) {
				// timeout = "2s" beside the latency reads naturally, and
				// the list of keys allowed did not say where it goes.
				hint = fmt.Sprintf("; %s is part of the policy: policy = { %s = ... }", k, k)
			}
			where := "in " + t.what
			if t.what == "" {
				where = "at the top level"
			}
			return errorAt(t.at(k), "unknown key %q %s (allowed: %s)%s", k, where, strings.Join(allowed, ", "), hint)
		}
	}
	return nil
}

// spelledElsewhere are keys of one part of a file that another part names
// otherwise, too far apart in spelling for closest to find: an author who
// writes a service's time as a dependency's latency was told only the
// keys allowed.
var spelledElsewhere = map[string]struct{ key, why string }{
	"latency": {"work", "a service's own time per request is its work, as a dependency's is its latency"},
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// closest is the allowed key a misspelt one most likely meant: within two
// edits, or "" when none is that close.
func closest(key string, allowed []string) string {
	best, bestDist := "", 3
	for _, a := range allowed {
		if d := editDistance(key, a, bestDist); d < bestDist {
			best, bestDist = a, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, or limit when it is
// at least limit (long inputs are not compared).
func editDistance(a, b string, limit int) int {
	if len(a) > 64 || len(b) > 64 {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}

// describe names a decoded value for a message: its kind and, when short,
// the value itself.
func describe(v any) string {
	switch x := v.(type) {
	case string:
		if len(x) > 40 {
			return fmt.Sprintf("the string %q...", x[:40])
		}
		return fmt.Sprintf("the string %q", x)
	case int64:
		return fmt.Sprintf("the number %d", x)
	case float64:
		return fmt.Sprintf("the number %v", x)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		return "a list"
	case map[string]any:
		return "a table"
	}
	return "a date or time"
}

// str reads an optional string.
func (t table) str(key string) (string, bool, error) {
	v, ok := t.m[key]
	if !ok {
		return "", false, nil
	}
	s, isStr := v.(string)
	if !isStr {
		return "", true, t.errorf(key, "%s must be a string (in quotes), got %s", key, describe(v))
	}
	return s, true, nil
}

// integer reads an optional whole number (a float with no fraction passes).
func (t table) integer(key string) (int, bool, error) {
	v, ok := t.m[key]
	if !ok {
		return 0, false, nil
	}
	switch x := v.(type) {
	case int64:
		if int64(int(x)) != x { // only where int has 32 bits
			return 0, true, t.errorf(key, "%s is out of range, got %d", key, x)
		}
		return int(x), true, nil
	case float64:
		if x == math.Trunc(x) && math.Abs(x) <= 1<<31 {
			return int(x), true, nil
		}
	}
	return 0, true, t.errorf(key, "%s must be a whole number, got %s%s", key, describe(v), quotedNumber(key, v))
}

// number reads an optional number; whole numbers are accepted.
func (t table) number(key string) (float64, bool, error) {
	v, ok := t.m[key]
	if !ok {
		return 0, false, nil
	}
	if x, isNum := asNumber(v); isNum {
		return x, true, nil
	}
	return 0, true, t.errorf(key, "%s must be a number, got %s%s", key, describe(v), quotedNumber(key, v))
}

// numberInText is a number at the start of a string, and what follows it.
var numberInText = regexp.MustCompile(`^\s*([+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\s*(.*?)\s*$`)

// quotedNumber is the hint for a number written as a string: "20" or
// "100/s", as a rate is said aloud. "must be a number, got the string
// "100/s"" leaves the author to work out that the quotes and the unit are
// what is wrong; the hint writes the line as it should be. It is "" for
// any other value.
func quotedNumber(key string, v any) string {
	s, isStr := v.(string)
	m := numberInText.FindStringSubmatch(s)
	if !isStr || m == nil {
		return ""
	}
	switch unit := strings.ToLower(m[2]); unit {
	case "":
		return fmt.Sprintf(": write it without quotes, %s = %s", key, m[1])
	case "/s", "/sec", "rps", "req/s", "per second", "a second":
		// Not "per second already": a rate limiter's rate is per its
		// own period (per), and the key's own message says the unit.
		return fmt.Sprintf(": write the number alone, without quotes or unit, %s = %s", key, m[1])
	}
	return ""
}

// asNumber is a TOML value as a number, whole or not.
func asNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// share reads an optional share (of calls, of traffic): a number from 0
// to 1, as Dump writes it (0.5), or a percentage in quotes ("50%"), as the
// sandbox's knob form and --vary take one. A bare number is the share
// itself, whatever its size, left to the caller's range check: the form's
// "50 is 50%" rule makes "1" ambiguous, and a file must read one way.
func (t table) share(key string) (float64, bool, error) {
	const how = "a share from 0 to 1 " + ShareForms
	v, ok := t.m[key]
	if !ok {
		return 0, false, nil
	}
	if x, isNum := asNumber(v); isNum {
		return x, true, nil
	}
	if x, isText := v.(string); isText {
		num, pct := strings.CutSuffix(strings.TrimSpace(x), "%")
		num = strings.TrimSpace(num)
		p, err := strconv.ParseFloat(num, 64)
		if !pct || err != nil || math.IsNaN(p) || math.IsInf(p, 0) {
			return 0, true, t.errorf(key, "%s must be %s, got %s", key, how, describe(v))
		}
		if p < 0 || p > 100 {
			return 0, true, t.errorf(key, "%s must be %s, got %q", key, PercentAllowed, x)
		}
		return PercentShare(num, p), true, nil
	}
	return 0, true, t.errorf(key, "%s must be %s, got %s", key, how, describe(v))
}

// Words in which a file's values are refused, exported so that a lesson's
// [set] (lessons/setrange.go), which takes the same keys, refuses them in
// the same words and not in a copy that drifts from these.
const (
	// ShareForms is how a share may be written.
	ShareForms = `such as 0.5, or a percentage in quotes such as "50%"`
	// PercentAllowed is the range of a share written as a percentage,
	// whatever the share's own range: "150%" is no share at all.
	PercentAllowed = "from 0% to 100%"
	// BelowOneAllowed is the range of a share that may not be whole, a
	// breaker's open jitter.
	BelowOneAllowed = "at least 0 and below 1"
	// NotNegative is a duration's range where 0 is allowed.
	NotNegative = "must not be negative"
)

// ShareHint is what follows "got 50" when a share out of its range is
// refused. A bare 50 is the usual slip for 50 %, so a number that reads as
// a percentage is answered with its own two right spellings; 1.5 is as
// likely a slip of 0.15, so that hint starts at 2. Any other gets the
// forms a share takes.
func ShareHint(got float64) string {
	if got >= 2 && got <= 100 {
		return fmt.Sprintf(`: for %v %%, write %v or "%v%%"`, got, got/100, got)
	}
	return " (a share, " + ShareForms + ")"
}

// shareOutOfRange refuses a share read by share outside its range, which
// allowed says in words ("between 0 and 1"). Every share's range message
// comes from here, so each names the quoted-percentage form (ShareHint).
func (t table) shareOutOfRange(key, subject, allowed string, got float64) error {
	return t.errorf(key, "%s must be %s, got %v%s", subject, allowed, got, ShareHint(got))
}

// boolean reads an optional true or false.
func (t table) boolean(key string) (bool, bool, error) {
	v, ok := t.m[key]
	if !ok {
		return false, false, nil
	}
	b, isBool := v.(bool)
	if !isBool {
		return false, true, t.errorf(key, "%s must be true or false (no quotes), got %s", key, describe(v))
	}
	return b, true, nil
}

// duration reads an optional duration written as a string ("250ms", "1.5s").
// It never returns a negative one.
func (t table) duration(key string) (time.Duration, bool, error) {
	d, ok, err := t.signedDuration(key)
	if err == nil && d < 0 {
		return 0, true, t.errorf(key, "%s %s, got %s", key, NotNegative, strings.TrimSpace(t.m[key].(string)))
	}
	return d, ok, err
}

// signedDuration reads an optional duration as duration does, a negative
// one included, for a key whose range is above 0: its refusal of "-1s"
// must say what it says of "0s", or an author who fixes the sign is
// refused a second time.
func (t table) signedDuration(key string) (time.Duration, bool, error) {
	v, ok := t.m[key]
	if !ok {
		return 0, false, nil
	}
	const how = `a duration in quotes, such as "250ms", "1.5s" or "2m" (units: ns, us, ms, s, m, h)`
	s, isStr := v.(string)
	if !isStr {
		return 0, true, t.errorf(key, "%s must be %s, got %s%s", key, how, describe(v), unitHint(fmt.Sprint(v)))
	}
	// 5s1s, which Go sums to 6s, is a slip an author's file keeps unseen.
	if err := engine.RepeatedUnit(s); err != nil {
		return 0, true, t.errorf(key, "%s: %v", key, err)
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, true, t.errorf(key, "%s must be %s, got %q%s", key, how, s, unitHint(strings.TrimSpace(s)))
	}
	return d, true, nil
}

// unitHint is what a duration written as a bare number, "500" or 500,
// lacks: the list of units left the author to guess which one was meant,
// where the sandbox's form says "500s or 500ms, not 500 alone". It is ""
// for anything else, a negative number included (its sign is refused
// next).
func unitHint(text string) string {
	if f, err := strconv.ParseFloat(text, 64); err != nil || !(f > 0) || math.IsInf(f, 0) {
		return ""
	}
	return fmt.Sprintf(": a number needs its unit, such as %q or %q", text+"ms", text+"s")
}

// said is a duration the file gave for key, for a message: as the file
// wrote it ("60s" stays 60s, where the formatter would write 1m), or by
// engine.FormatDuration when key holds no such text (a default).
func (t table) said(key string, d time.Duration) string {
	if s, ok := t.m[key].(string); ok {
		if parsed, err := time.ParseDuration(s); err == nil && parsed == d {
			return s
		}
	}
	return engine.FormatDuration(d)
}

// sub reads an optional table; what names it in messages.
func (t table) sub(key, what string) (table, bool, error) {
	v, ok := t.m[key]
	if !ok {
		return table{}, false, nil
	}
	m, isTable := v.(map[string]any)
	if !isTable {
		if line := t.tableFor(key, v); line != "" {
			return table{}, true, t.errorf(key, "%s", line)
		}
		return table{}, true, t.errorf(key, "%s must be a table, such as %s = { ... } or a [...] section, got %s", key, key, describe(v))
	}
	return table{m: m, path: t.at(key), what: what}, true, nil
}

// tableFor is the refusal of a table key given a plain value that one
// key of that table takes, naming that key and writing the line that
// gives it (bulkhead = 30: bulkhead = { size = 30 }), or "" for any other
// value. "must be a table" alone left the reader to find which of the
// table's keys the number was.
func (t table) tableFor(key string, v any) string {
	var inner, why string
	switch x := v.(type) {
	case int64:
		switch key {
		case "bulkhead":
			inner, why = fmt.Sprintf("size = %d", x), "the most calls at once is its size"
		case "retry":
			inner, why = fmt.Sprintf("attempts = %d", x), "the number of tries is its attempts"
		}
	case string:
		switch _, err := time.ParseDuration(x); {
		case key == "latency" && err == nil:
			inner, why = fmt.Sprintf("kind = \"constant\", value = %q", x), "a fixed latency is a constant one's value"
		case key == "breaker" && err != nil:
			inner, why = fmt.Sprintf("preset = %q", x), "a breaker named by a string is a preset"
		}
	}
	if inner == "" {
		return ""
	}
	// The inline table only: it is right in a [...] section and inside
	// an inline policy = { ... } alike, where a [...bulkhead] section
	// would not be.
	return fmt.Sprintf("%s is a table, not %s: %s, so write %s = { %s }", key, describe(v), why, key, inner)
}

// list reads an optional array.
func (t table) list(key string) ([]any, bool, error) {
	v, ok := t.m[key]
	if !ok {
		return nil, false, nil
	}
	l, isList := v.([]any)
	if !isList {
		return nil, true, t.errorf(key, "%s must be a list [ ... ], got %s", key, describe(v))
	}
	return l, true, nil
}

// tables reads an optional array of tables, as [[key]] sections or a list of
// inline tables; what names element i (from 0) in messages.
func (t table) tables(key string, what func(i int, m map[string]any) string) ([]table, bool, error) {
	if v, ok := t.m[key].(map[string]any); ok {
		if !namedTables[key] {
			return nil, true, t.errorf(key, "%s must be a list of tables, got %s: put it in a list, %s = [ { ... } ]", key, describe(v), key)
		}
		return nil, true, t.errorf(key, "%s must be a list of tables, each in its own [[%s]] section with a name, got %s", key, dotted(t.at(key)), describe(v))
	}
	l, ok, err := t.list(key)
	if !ok || err != nil {
		return nil, ok, err
	}
	out := make([]table, len(l))
	for i, v := range l {
		m, isTable := v.(map[string]any)
		p := append(t.at(key), elem(i))
		if !isTable {
			example := "{ name = ... }"
			if !namedTables[key] {
				example = "{ ... }"
			}
			return nil, true, errorAt(p, "%s: each of %s must be a table, such as %s, got %s", t.what, key, example, describe(v))
		}
		out[i] = table{m: m, path: p, what: what(i, m)}
	}
	return out, true, nil
}

// namedTables are the lists of tables whose every table has a name:
// a fault, a burst or a pause has none, and the refusal of one written
// as a plain table asked for the name it never takes.
var namedTables = map[string]bool{"variants": true, "services": true, "dependencies": true, "endpoints": true, "pools": true}

// dotted writes a path as a TOML header would, leaving out array elements.
func dotted(path []string) string {
	var parts []string
	for _, p := range path {
		if !strings.HasPrefix(p, "\x00") {
			parts = append(parts, key(p))
		}
	}
	return strings.Join(parts, ".")
}
