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

// scenarioCopier checks the scenario's types once for the program, and
// plans their copies: the check depends on the types alone, and cost as
// much as a copy, on every Copies (the sandbox clones its scenario for each
// knob it sets). Its plans are only read from then on, so copies may be
// made concurrently.
var scenarioCopier = sync.OnceValues(func() (*plan, error) {
	t := reflect.TypeFor[*engine.Scenario]()
	c := copier{plans: map[reflect.Type]*plan{}}
	if err := c.copyable(t, "scenario", map[reflect.Type]bool{}); err != nil {
		return nil, err
	}
	return c.plans[t], nil
})

// A plan says how to copy a value of one type, worked out once from the
// type so that a copy asks reflection nothing about the type and looks
// nothing up: a copy of a scenario is a walk of a few hundred values, and
// reflect.Type.Field and a map lookup for each were most of its time.
type plan struct {
	// refs says whether a plain copy of a value would share memory with
	// it; when it would not, the plain copy is the whole of the work.
	refs bool
	kind reflect.Kind
	// typ is the type itself, elem the plan of a pointer's target, a
	// slice's, an array's or a map's elements, key that of a map's keys.
	typ       reflect.Type
	elem, key *plan
	// fields are a struct's exported fields that hold references, the only
	// ones a plain copy leaves to be copied.
	fields []fieldPlan
}

// fieldPlan is a struct field's index and the plan of its type.
type fieldPlan struct {
	index int
	plan  *plan
}

// copier builds the plans of the types it checks, one for each type.
type copier struct {
	plans map[reflect.Type]*plan
}

// copyable checks, once for each type, that a copy of any value of type t
// shares no memory with it, and plans that copy. A type met again (a
// recursive one) has its plan already, perhaps not yet finished; the plans
// point at each other, so it is finished by the time a copy is made.
func (c copier) copyable(t reflect.Type, at string, seen map[reflect.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	p := &plan{refs: holdsReferences(t, map[reflect.Type]bool{}), kind: t.Kind(), typ: t}
	c.plans[t] = p
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		if err := c.copyable(t.Elem(), at, seen); err != nil {
			return err
		}
		p.elem = c.plans[t.Elem()]
	case reflect.Map:
		if err := c.copyable(t.Key(), at, seen); err != nil {
			return err
		}
		if err := c.copyable(t.Elem(), at, seen); err != nil {
			return err
		}
		p.key, p.elem = c.plans[t.Key()], c.plans[t.Elem()]
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() && holdsReferences(f.Type, map[reflect.Type]bool{}) {
				return fmt.Errorf("%s.%s: an unexported field that holds memory a copy would share", at, f.Name)
			}
			if err := c.copyable(f.Type, at+"."+f.Name, seen); err != nil {
				return err
			}
			if fp := c.plans[f.Type]; f.IsExported() && fp.refs {
				p.fields = append(p.fields, fieldPlan{index: i, plan: fp})
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

// deepCopy copies v, a value of p's type, and everything it points at.
// Strings are immutable and shared; copyable has ruled out the kinds it
// cannot copy.
func (p *plan) deepCopy(v reflect.Value) reflect.Value {
	if !p.refs {
		return v // it points at nothing: the value is its own copy
	}
	out := reflect.New(p.typ).Elem()
	out.Set(v)
	p.fill(out, v)
	return out
}

// fill makes dst, which holds a plain copy of v, a deep one: it replaces
// each reference dst shares with v by a copy of what it refers to. It
// writes a pointer's, a slice's and an array's copies in place, with no
// value made and set in between.
func (p *plan) fill(dst, v reflect.Value) {
	switch p.kind {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		out := reflect.New(p.typ.Elem())
		out.Elem().Set(v.Elem())
		if p.elem.refs {
			p.elem.fill(out.Elem(), v.Elem())
		}
		dst.Set(out)
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		out := reflect.MakeSlice(p.typ, v.Len(), v.Len())
		reflect.Copy(out, v)
		if p.elem.refs {
			for i := range v.Len() {
				p.elem.fill(out.Index(i), v.Index(i))
			}
		}
		dst.Set(out)
	case reflect.Map:
		if v.IsNil() {
			return
		}
		out := reflect.MakeMapWithSize(p.typ, v.Len())
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(p.key.deepCopy(it.Key()), p.elem.deepCopy(it.Value()))
		}
		dst.Set(out)
	case reflect.Array:
		if p.elem.refs {
			for i := range v.Len() {
				p.elem.fill(dst.Index(i), v.Index(i))
			}
		}
	case reflect.Struct:
		// The plain copy carries the unexported fields, which copyable has
		// checked point at nothing; each exported field that points at
		// something gets its own deep copy.
		for _, f := range p.fields {
			f.plan.fill(dst.Field(f.index), v.Field(f.index))
		}
	}
}
