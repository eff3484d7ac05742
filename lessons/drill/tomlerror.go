package drill

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/breakerlab/breakerlab/internal/userfile"
	"github.com/pelletier/go-toml/v2"
)

// fileError says where a file of the drill's TOML formats (a prompts
// file) went wrong, for its author to find: the line, and for a key the
// format does not have, the key and the keys its table has, where the
// decoder said only "strict mode: fields in the document are missing in
// the target struct", of no key and no line. format is the type decoded
// into, whose toml tags are the keys.
func fileError(name string, err error, format reflect.Type) error {
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) && len(sm.Errors) > 0 {
		e := sm.Errors[0]
		line, _ := e.Position()
		key := e.Key()
		table, keys := tableKeys(format, key[:len(key)-1])
		where := "at the top"
		if table != "" {
			where = "in " + table
		}
		return fmt.Errorf("%s:%d: unknown key %q %s (allowed: %s)", name, line, key[len(key)-1], where, strings.Join(keys, ", "))
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		if words, ok := userfile.WrongType(de.Error()); ok {
			return fmt.Errorf("%s:%d: %s: %s", name, line, strings.Join(de.Key(), "."), words)
		}
		return fmt.Errorf("%s:%d: not valid TOML (column %d): %s", name, line, col, strings.TrimPrefix(de.Error(), "toml: "))
	}
	return fmt.Errorf("%s: %s", name, strings.TrimPrefix(err.Error(), "toml: "))
}

// tableKeys follows path (the tables above an unknown key) through t's
// toml tags: the table as a file writes it ("[[prompts]]",
// "[prompts.warn]") and the keys it takes.
func tableKeys(t reflect.Type, path []string) (string, []string) {
	table := ""
	for i, name := range path {
		for t.Kind() == reflect.Slice || t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		f, ok := fieldByTag(t, name)
		if !ok {
			return strings.Join(path, "."), nil
		}
		t = f.Type
		table = "[" + strings.Join(path[:i+1], ".") + "]"
		if t.Kind() == reflect.Slice {
			table = "[" + table + "]"
		}
	}
	for t.Kind() == reflect.Slice || t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var keys []string
	if t.Kind() == reflect.Struct {
		for i := range t.NumField() {
			if tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ","); tag != "" && tag != "-" {
				keys = append(keys, tag)
			}
		}
	}
	return table, keys
}

// fieldByTag is the field of struct t whose toml tag is name.
func fieldByTag(t reflect.Type, name string) (reflect.StructField, bool) {
	if t.Kind() != reflect.Struct {
		return reflect.StructField{}, false
	}
	for i := range t.NumField() {
		if tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ","); tag == name {
			return t.Field(i), true
		}
	}
	return reflect.StructField{}, false
}
