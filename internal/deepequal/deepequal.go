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
package deepequal

import (
	"bytes"
	"reflect"
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
	return equal(va, vb)
}

// equal compares two values of one type.
func equal(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Array:
		for i := range a.Len() {
			if !equal(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		if a.Len() == 0 || a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		if elem := a.Type().Elem(); plain(elem) {
			n := a.Len() * int(elem.Size())
			return bytes.Equal(unsafe.Slice((*byte)(a.UnsafePointer()), n), unsafe.Slice((*byte)(b.UnsafePointer()), n))
		}
		for i := range a.Len() {
			if !equal(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !equal(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return a.UnsafePointer() == b.UnsafePointer() || equal(a.Elem(), b.Elem())
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		ea, eb := a.Elem(), b.Elem()
		return ea.Type() == eb.Type() && equal(ea, eb)
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		if a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		for it := a.MapRange(); it.Next(); {
			vb := b.MapIndex(it.Key())
			if !vb.IsValid() || !equal(it.Value(), vb) {
				return false
			}
		}
		return true
	case reflect.Func:
		// reflect.DeepEqual: equal only when both are nil.
		return a.IsNil() && b.IsNil()
	default: // channels and unsafe pointers: the same one
		return a.UnsafePointer() == b.UnsafePointer()
	}
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
