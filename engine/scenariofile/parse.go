package scenariofile

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	toml "github.com/pelletier/go-toml/v2"
)

// DefaultVariant names the one variant of a file that has no [[variants]].
const DefaultVariant = "default"

// Parse reads a scenario file. filename only names the file in messages (and
// gives the scenario its name when the file sets none); data is its content.
//
// Every error is an *Error that names the file and, where there is one, the
// line; it says what was wrong and what is allowed, and wraps ErrInvalid.
// A scenario Parse returns has passed engine.Scenario.Validate.
func Parse(filename string, data []byte) (*engine.Scenario, error) {
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		return nil, syntaxError(filename, data, err)
	}
	c := &conv{file: filename, ix: indexLines(data)}
	sc, err := c.scenario(doc)
	if err != nil {
		return nil, c.locate(err)
	}
	return sc, nil
}

// syntaxError turns the TOML decoder's complaint into an Error. Since
// go-toml v2.4 every complaint, a key or table defined twice too, is a
// DecodeError with its position; anything else is named without a line.
// syntaxHint (syntaxhint.go) adds the cause the decoder cannot see.
func syntaxError(filename string, data []byte, err error) error {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		line, msg := syntaxHint(filename, data, line, col, strings.TrimPrefix(de.Error(), "toml: "))
		return &Error{File: filename, Line: line, Err: invalid{errors.New(msg)}}
	}
	return &Error{File: filename, Err: invalid{fmt.Errorf("not valid TOML: %s", strings.TrimPrefix(err.Error(), "toml: "))}}
}

// conv turns a decoded document into a scenario.
type conv struct {
	file string
	ix   *lineIndex
}

// locate gives an error its file and line.
func (c *conv) locate(err error) error {
	var p *problem
	if errors.As(err, &p) {
		return &Error{File: c.file, Line: c.ix.line(p.path), Err: invalid{p.err}}
	}
	return &Error{File: c.file, Err: invalid{err}}
}

// lineOf is the line of a path, for messages that point back at another
// place ("first defined on line 9").
func (c *conv) lineOf(p []string) int { return c.ix.line(p) }

func (c *conv) scenario(doc map[string]any) (*engine.Scenario, error) {
	top := table{m: doc}
	if err := c.checkTopKeys(top); err != nil {
		return nil, err
	}
	sc := &engine.Scenario{}
	name, ok, err := top.str("name")
	if err != nil {
		return nil, err
	}
	if !ok {
		name = strings.TrimSuffix(path.Base(strings.ReplaceAll(c.file, "\\", "/")), ".toml")
	}
	if name == "" || name == "." || name == "/" {
		return nil, errorAt(top.at("name"), "the scenario needs a name, such as name = \"my-scenario\"")
	}
	sc.Name = name
	if sc.Summary, _, err = top.str("summary"); err != nil {
		return nil, err
	}

	d, ok, err := top.signedDuration("duration") // -6s is refused as 0s is, with the range
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errorAt(nil, "the scenario needs a duration: how long traffic arrives, such as duration = \"30s\"")
	}
	if d <= 0 || d > engine.MaxDuration {
		return nil, top.errorf("duration", "duration must be above 0 and at most %s, got %s", engine.FormatDuration(engine.MaxDuration), top.said("duration", d))
	}
	sc.Duration = d
	from, _, err := top.duration("measure_from")
	if err != nil {
		return nil, err
	}
	to, ok, err := top.duration("measure_to")
	if err != nil {
		return nil, err
	}
	if !ok {
		to = d
	}
	switch {
	case from >= d:
		return nil, top.errorf("measure_from", "measure_from must be before the end of the run (duration %s), got %s", top.said("duration", d), top.said("measure_from", from))
	case to > d:
		return nil, top.errorf("measure_to", "measure_to must be at most the duration %s, got %s", top.said("duration", d), top.said("measure_to", to))
	case to <= from:
		return nil, top.errorf("measure_to", "measure_to must be after measure_from (%s), got %s", top.said("measure_from", from), top.said("measure_to", to))
	}
	sc.MeasureFrom, sc.MeasureTo = from, to

	st, ok, err := top.sub("system", "[system]")
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errorAt(nil, "the scenario needs a [system] section: the server's workers, its endpoints and their dependencies")
	}
	base, err := c.system(st, d)
	if err != nil {
		return nil, err
	}

	vts, _, err := top.tables("variants", func(i int, m map[string]any) string {
		if n, ok := m["name"].(string); ok {
			return fmt.Sprintf("variants %q", n)
		}
		return fmt.Sprintf("variant %d", i+1)
	})
	if err != nil {
		return nil, err
	}
	if len(vts) == 0 {
		if err := c.crossCheck(base, ""); err != nil {
			return nil, err
		}
		sc.Variants = []engine.Variant{{Name: DefaultVariant, System: base.System}}
	}
	firstLine := map[string][]string{}
	for i, vt := range vts {
		v, err := c.variant(vt, i, base, d)
		if err != nil {
			return nil, err
		}
		if prev, dup := firstLine[v.name]; dup {
			return nil, vt.errorf("name", "the name is used twice (first on line %d): give each variant its own name", c.lineOf(prev))
		}
		firstLine[v.name] = vt.at("name")
		if err := c.crossCheck(v, v.name); err != nil {
			return nil, err
		}
		sc.Variants = append(sc.Variants, engine.Variant{Name: v.name, System: v.System})
	}
	// Every rule of the engine has been checked above with a line to name;
	// this is the net for any rule added to the engine later.
	if err := sc.Validate(); err != nil {
		// Point at the first variant that breaks the rule ([system] when the
		// file has no variants), the nearest line the package can name.
		at := []string{"system"}
		for i := range sc.Variants {
			one := *sc
			one.Variants = sc.Variants[i : i+1]
			if one.Validate() != nil {
				if len(vts) > 0 {
					at = vts[i].path
				}
				break
			}
		}
		return nil, wrapAt(at, fmt.Errorf("the scenario is not valid: %w", err))
	}
	for i, v := range sc.Variants {
		if _, err := engine.New(sc, i, 0); err != nil {
			at := []string(nil)
			if len(vts) > 0 {
				at = vts[i].path
			}
			return nil, wrapAt(at, fmt.Errorf("variant %q cannot run: %w", v.Name, err))
		}
	}
	return sc, nil
}

// checkTopKeys is checkKeys for the top level, which also names where a
// key of [system] written above it belongs. A hand-written file's
// [[dependencies]] was refused as "unknown key "dependencies" at the top
// level", with a list that has no dependencies in it, and no word of
// [system].
func (c *conv) checkTopKeys(top table) error {
	for _, k := range c.keysInOrder(top) {
		if contains(topKeys, k) {
			continue
		}
		if !contains(systemKeys, k) {
			break // the first unknown key, which checkKeys refuses
		}
		write := "write it below [system]"
		switch top.m[k].(type) {
		case []map[string]any, []any:
			if k != "tenants" {
				write = fmt.Sprintf("write [[system.%s]]", k)
			}
		case map[string]any:
			write = fmt.Sprintf("write [system.%s]", k)
		}
		return errorAt(top.at(k), "%q is a key of [system], not of the top level: %s", k, write)
	}
	return c.checkKeys(top, topKeys...)
}
