package sweep

import (
	"fmt"
	"reflect"
	"sync"

	"github.com/breakerlab/breakerlab/engine"
)

// Copies returns a Plan.Build that hands out deep copies of sc, for a
// scenario that is costly to build afresh for every cell (a scenario file:
// parsing retry-storm.toml takes 1.75 million instructions, copying the
// parse 0.14 million). The copy is made by reflection, so a field added to the
// scenario's types later is copied too; Copies refuses a scenario holding
// something it cannot copy safely (a function, a channel, an unexported
// pointer or slice), naming it, and the caller builds afresh instead.
// sc must not change while the Build is in use.
func Copies(sc *engine.Scenario) (func() *engine.Scenario, error) {
	c, err := scenarioCopier()
	if err != nil {
		return nil, err
	}
	return func() *engine.Scenario {
		return c.deepCopy(reflect.ValueOf(sc)).Interface().(*engine.Scenario)
	}, nil
}

// scenarioCopier checks the scenario's types once for the program: the
// check depends on the types alone, and cost as much as a copy, on every
// Copies (the sandbox clones its scenario for each knob it sets). Its refs
// are only read from then on, so copies may be made concurrently.
var scenarioCopier = sync.OnceValues(func() (copier, error) {
	c := copier{refs: map[reflect.Type]bool{}}
	err := c.copyable(reflect.TypeFor[*engine.Scenario](), "scenario", map[reflect.Type]bool{})
	return c, err
})

// copier copies values of the types it has checked; refs says, for each of
// them, whether a plain copy of a value would share memory with it.
type copier struct {
	refs map[reflect.Type]bool
}

// copyable checks, once for each type, that deepCopy can copy every value
// of type t without sharing memory with it.
func (c copier) copyable(t reflect.Type, at string, seen map[reflect.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	c.refs[t] = holdsReferences(t, map[reflect.Type]bool{})
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return c.copyable(t.Elem(), at, seen)
	case reflect.Map:
		if err := c.copyable(t.Key(), at, seen); err != nil {
			return err
		}
		return c.copyable(t.Elem(), at, seen)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() && holdsReferences(f.Type, map[reflect.Type]bool{}) {
				return fmt.Errorf("%s.%s: an unexported field that holds memory a copy would share", at, f.Name)
			}
			if err := c.copyable(f.Type, at+"."+f.Name, seen); err != nil {
				return err
			}
		}
	case reflect.Func, reflect.Chan, reflect.UnsafePointer, reflect.Interface:
		return fmt.Errorf("%s: a %s, which a copy cannot duplicate", at, t.Kind())
	}
	return nil
}

// holdsReferences says whether a value of type t points at memory: a plain
// copy of it would share that memory.
func holdsReferences(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Func, reflect.Chan, reflect.UnsafePointer, reflect.Interface:
		return true
	case reflect.Array:
		return holdsReferences(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsReferences(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// deepCopy copies v and everything it points at. Strings are immutable and
// shared; copyable has ruled out the kinds it cannot copy.
func (c copier) deepCopy(v reflect.Value) reflect.Value {
	if !c.refs[v.Type()] {
		return v // it points at nothing: the value is its own copy
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(c.deepCopy(v.Elem()))
		return out
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(c.deepCopy(v.Index(i)))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(c.deepCopy(it.Key()), c.deepCopy(it.Value()))
		}
		return out
	case reflect.Array:
		out := reflect.New(v.Type()).Elem()
		for i := range v.Len() {
			out.Index(i).Set(c.deepCopy(v.Index(i)))
		}
		return out
	case reflect.Struct:
		// A whole-value copy carries the unexported fields, which copyable
		// has checked point at nothing; then each exported field that
		// points at something is replaced by its own deep copy.
		out := reflect.New(v.Type()).Elem()
		out.Set(v)
		for i := range v.NumField() {
			if f := v.Field(i); v.Type().Field(i).IsExported() && c.refs[f.Type()] {
				out.Field(i).Set(c.deepCopy(f))
			}
		}
		return out
	}
	return v
}
