// Package deepequal is reflect.DeepEqual for the engine's tests, fast on
// the large slices of integers a snapshot holds (every answer's latency,
// the time series of counts): it compares such a slice's memory in one
// call, where reflect.DeepEqual walks it element by element through
// reflection. The engine's tests compare two runs' snapshots at every step
// of thousands of runs; reflect.DeepEqual was a third of their time.
//
// Equal says what reflect.DeepEqual says for data without cycles, maps
// keyed by interfaces or functions that are not nil (a snapshot has none);
// its tests check it against reflect.DeepEqual. It imports only the
// standard library, so any package's tests may use it.
//
// It walks a value's memory by a plan made once for each type (the offset
// and plan of each field, an element's size and plan), where reflection
// would look the type up again at every field of every value: a snapshot
// is a few hundred small structs, and reflect.Value.Field was most of the
// time a comparison of two took.
package deepequal

import (
	"bytes"
	"reflect"
	"sync"
	"unsafe"
)

// Equal reports whether a and b are deeply equal, as reflect.DeepEqual
// defines it.
func Equal(a, b any) bool {
	if a == nil || b == nil {
		return a == b
	}
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if va.Type() != vb.Type() {
		return false
	}
	// A pointer or a slice is read from its Value, with no copy made (the
	// tests compare pointers to scenarios and slices of snapshots).
	switch va.Kind() {
	case reflect.Pointer:
		pa, pb := va.UnsafePointer(), vb.UnsafePointer()
		if pa == nil || pb == nil || pa == pb {
			return pa == pb
		}
		return planOf(va.Type().Elem()).equal(pa, pb)
	case reflect.Slice:
		return planOf(va.Type()).slices(header(va), header(vb))
	}
	// A value in an interface cannot be addressed: the plan reads copies.
	ca, cb := reflect.New(va.Type()), reflect.New(va.Type())
	ca.Elem().Set(va)
	cb.Elem().Set(vb)
	return planOf(va.Type()).equal(ca.UnsafePointer(), cb.UnsafePointer())
}

// A plan says how to compare two values of one type, held in memory.
type plan struct {
	typ  reflect.Type
	kind reflect.Kind
	// plain: the values are equal exactly when their size bytes are.
	plain bool
	size  uintptr
	// elem is the plan of an array's, a slice's or a map's elements or of
	// what a pointer points at.
	elem   *plan
	fields []field
}

// field is a struct field's place in the struct and the plan of its type.
type field struct {
	offset uintptr
	plan   *plan
}

// plans holds the plan of every type compared so far.
var plans sync.Map // reflect.Type -> *plan

// planOf returns t's plan, made the first time t is compared.
func planOf(t reflect.Type) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	p := makePlan(t, map[reflect.Type]*plan{})
	actual, _ := plans.LoadOrStore(t, p)
	return actual.(*plan)
}

// makePlan plans t; making holds the plans under way, so that a recursive
// type's plan points at itself.
func makePlan(t reflect.Type, making map[reflect.Type]*plan) *plan {
	if p, ok := making[t]; ok {
		return p
	}
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	p := &plan{typ: t, kind: t.Kind(), plain: plain(t), size: t.Size()}
	making[t] = p
	switch t.Kind() {
	case reflect.Array, reflect.Slice, reflect.Pointer, reflect.Map:
		p.elem = makePlan(t.Elem(), making)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			p.fields = append(p.fields, field{offset: f.Offset, plan: makePlan(f.Type, making)})
		}
	}
	return p
}

// sliceHeader is how a slice is laid out in memory (unsafe.Slice's
// arguments and the length).
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// equal compares the values of p's type at a and b.
func (p *plan) equal(a, b unsafe.Pointer) bool {
	if p.plain {
		return bytesEqual(a, b, p.size)
	}
	switch p.kind {
	case reflect.Float32:
		return *(*float32)(a) == *(*float32)(b)
	case reflect.Float64:
		return *(*float64)(a) == *(*float64)(b)
	case reflect.Complex64:
		return *(*complex64)(a) == *(*complex64)(b)
	case reflect.Complex128:
		return *(*complex128)(a) == *(*complex128)(b)
	case reflect.String:
		return *(*string)(a) == *(*string)(b)
	case reflect.Array:
		n := p.typ.Len()
		for i := range n {
			off := uintptr(i) * p.elem.size
			if !p.elem.equal(unsafe.Add(a, off), unsafe.Add(b, off)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		return p.slices(*(*sliceHeader)(a), *(*sliceHeader)(b))
	case reflect.Struct:
		for _, f := range p.fields {
			if !f.plan.equal(unsafe.Add(a, f.offset), unsafe.Add(b, f.offset)) {
				return false
			}
		}
		return true
	case reflect.Pointer:
		pa, pb := *(*unsafe.Pointer)(a), *(*unsafe.Pointer)(b)
		if pa == nil || pb == nil {
			return pa == pb
		}
		return pa == pb || p.elem.equal(pa, pb)
	case reflect.Func:
		// reflect.DeepEqual: equal only when both are nil.
		return *(*unsafe.Pointer)(a) == nil && *(*unsafe.Pointer)(b) == nil
	case reflect.Chan, reflect.UnsafePointer:
		return *(*unsafe.Pointer)(a) == *(*unsafe.Pointer)(b)
	case reflect.Interface:
		va, vb := reflect.NewAt(p.typ, a).Elem(), reflect.NewAt(p.typ, b).Elem()
		if va.IsNil() || vb.IsNil() {
			return va.IsNil() == vb.IsNil()
		}
		return Equal(va.Elem().Interface(), vb.Elem().Interface())
	case reflect.Map:
		return p.mapEqual(reflect.NewAt(p.typ, a).Elem(), reflect.NewAt(p.typ, b).Elem())
	}
	return false // every kind is handled above
}

// header is the slice v holds.
func header(v reflect.Value) sliceHeader {
	return sliceHeader{data: v.UnsafePointer(), len: v.Len(), cap: v.Cap()}
}

// slices compares two slices of p's type.
func (p *plan) slices(a, b sliceHeader) bool {
	if (a.data == nil) != (b.data == nil) || a.len != b.len {
		return false
	}
	if a.len == 0 || a.data == b.data {
		return true
	}
	if p.elem.plain {
		return bytesEqual(a.data, b.data, uintptr(a.len)*p.elem.size)
	}
	for i := range a.len {
		off := uintptr(i) * p.elem.size
		if !p.elem.equal(unsafe.Add(a.data, off), unsafe.Add(b.data, off)) {
			return false
		}
	}
	return true
}

// mapEqual compares two maps of p's type, reading their values through
// two addressable copies, since a map's values cannot be addressed.
func (p *plan) mapEqual(a, b reflect.Value) bool {
	if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
		return false
	}
	if a.Len() == 0 || a.UnsafePointer() == b.UnsafePointer() {
		return true
	}
	ca, cb := reflect.New(p.typ.Elem()), reflect.New(p.typ.Elem())
	for it := a.MapRange(); it.Next(); {
		vb := b.MapIndex(it.Key())
		if !vb.IsValid() {
			return false
		}
		ca.Elem().SetIterValue(it)
		cb.Elem().Set(vb)
		if !p.elem.equal(ca.UnsafePointer(), cb.UnsafePointer()) {
			return false
		}
	}
	return true
}

// bytesEqual compares the n bytes at a and b.
func bytesEqual(a, b unsafe.Pointer, n uintptr) bool {
	return a == b || bytes.Equal(unsafe.Slice((*byte)(a), n), unsafe.Slice((*byte)(b), n))
}

// plain reports whether two values of t are equal exactly when their
// bytes are: integers and booleans, and arrays and structs of them with no
// padding between their fields. (Floating-point numbers are not: 0 and -0
// are equal, NaN is not equal to itself.)
func plain(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	case reflect.Array:
		return plain(t.Elem())
	case reflect.Struct:
		var sum uintptr
		for i := range t.NumField() {
			f := t.Field(i)
			if !plain(f.Type) {
				return false
			}
			sum += f.Type.Size()
		}
		return sum == t.Size()
	}
	return false
}
