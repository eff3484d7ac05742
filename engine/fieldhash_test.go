package engine_test

import (
	"encoding/json"
	"fmt"
	"hash"
	"math"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// writeFields writes every exported field of x into h, as json.Marshal
// would show them, where the fork tests hash whole parts of a snapshot
// (fingerprintServices, fingerprintPolicies). Into a stateHash, whose values
// are never recorded, it writes each field's bits by reflection: JSON's
// text of every number and its buffer were a fifth of the engine's tests'
// time (6 s of 29). Into any other hash (the recorded fingerprints' FNV) it
// writes the JSON, as before, so those values stay as recorded.
func writeFields(h hash.Hash64, x any) {
	if sh, ok := h.(*stateHash); ok {
		v := reflect.ValueOf(x)
		fieldEncoder(v.Type())(sh, v)
		return
	}
	b, err := json.Marshal(x)
	if err != nil {
		b = []byte(err.Error())
	}
	h.Write(b)
}

// encodeFields writes one value into a stateHash.
type encodeFields func(h *stateHash, v reflect.Value)

var fieldEncoders struct {
	sync.Mutex
	m map[reflect.Type]encodeFields
}

// fieldEncoder is the encoder for t, made once. Each value is written
// whole: a slice's or map's length and whether it is nil, a pointer's or
// interface's nil-ness, a string's length and bytes, every number's bits
// (a NaN as one word, whatever its payload), every exported field of a
// struct (the fields JSON writes; a field tagged json:"-" too). JSON
// cannot write a function or a channel at all; here they are written as
// nil or not.
func fieldEncoder(t reflect.Type) encodeFields {
	fieldEncoders.Lock()
	defer fieldEncoders.Unlock()
	return fieldEncoderLocked(t)
}

func fieldEncoderLocked(t reflect.Type) encodeFields {
	if fieldEncoders.m == nil {
		fieldEncoders.m = map[reflect.Type]encodeFields{}
	}
	if e, ok := fieldEncoders.m[t]; ok {
		return e
	}
	// A type that holds itself finds this while its encoder is made.
	var e encodeFields
	fieldEncoders.m[t] = func(h *stateHash, v reflect.Value) { e(h, v) }
	e = makeFieldEncoder(t)
	fieldEncoders.m[t] = e
	return e
}

func makeFieldEncoder(t reflect.Type) encodeFields {
	switch t.Kind() {
	case reflect.Bool:
		return func(h *stateHash, v reflect.Value) {
			if v.Bool() {
				h.word(1)
			} else {
				h.word(0)
			}
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(h *stateHash, v reflect.Value) { h.word(uint64(v.Int())) }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(h *stateHash, v reflect.Value) { h.word(v.Uint()) }
	case reflect.Float32, reflect.Float64:
		return func(h *stateHash, v reflect.Value) { h.word(floatWord(v.Float())) }
	case reflect.Complex64, reflect.Complex128:
		return func(h *stateHash, v reflect.Value) {
			c := v.Complex()
			h.word(floatWord(real(c)))
			h.word(floatWord(imag(c)))
		}
	case reflect.String:
		return func(h *stateHash, v reflect.Value) { h.str(v.String()) }
	case reflect.Array:
		elem := fieldEncoderLocked(t.Elem())
		return func(h *stateHash, v reflect.Value) {
			for i := range v.Len() {
				elem(h, v.Index(i))
			}
		}
	case reflect.Slice:
		if size, ok := flatSize(t.Elem()); ok {
			// Integers alone, with no padding between them: the
			// elements' memory is their values.
			return func(h *stateHash, v reflect.Value) {
				if !lengthWord(h, v) || v.Len() == 0 {
					return
				}
				h.Write(unsafe.Slice((*byte)(v.UnsafePointer()), uintptr(v.Len())*size))
			}
		}
		elem := fieldEncoderLocked(t.Elem())
		return func(h *stateHash, v reflect.Value) {
			if !lengthWord(h, v) {
				return
			}
			for i := range v.Len() {
				elem(h, v.Index(i))
			}
		}
	case reflect.Pointer:
		elem := fieldEncoderLocked(t.Elem())
		return func(h *stateHash, v reflect.Value) {
			if v.IsNil() {
				h.word(0)
				return
			}
			h.word(1)
			elem(h, v.Elem())
		}
	case reflect.Interface:
		return func(h *stateHash, v reflect.Value) {
			if v.IsNil() {
				h.word(0)
				return
			}
			e := v.Elem()
			h.word(1)
			h.str(e.Type().String())
			fieldEncoder(e.Type())(h, e)
		}
	case reflect.Map:
		key, elem := fieldEncoderLocked(t.Key()), fieldEncoderLocked(t.Elem())
		return func(h *stateHash, v reflect.Value) {
			if !lengthWord(h, v) {
				return
			}
			keys := v.MapKeys()
			slices.SortFunc(keys, func(a, b reflect.Value) int {
				return compareStrings(fmt.Sprint(a.Interface()), fmt.Sprint(b.Interface()))
			})
			for _, k := range keys {
				key(h, k)
				elem(h, v.MapIndex(k))
			}
		}
	case reflect.Struct:
		type field struct {
			index int
			enc   encodeFields
		}
		var fields []field
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() {
				fields = append(fields, field{i, fieldEncoderLocked(f.Type)})
			}
		}
		return func(h *stateHash, v reflect.Value) {
			for _, f := range fields {
				f.enc(h, v.Field(f.index))
			}
		}
	default: // functions, channels, unsafe pointers: nil or not
		return func(h *stateHash, v reflect.Value) {
			if v.IsNil() {
				h.word(0)
			} else {
				h.word(1)
			}
		}
	}
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// lengthWord writes whether v (a slice or map) is nil and its length, and
// says whether it has elements to write.
func lengthWord(h *stateHash, v reflect.Value) bool {
	if v.IsNil() {
		h.word(1 << 63)
		return false
	}
	h.word(uint64(v.Len()))
	return true
}

// floatWord is f's bits, one word for every NaN.
func floatWord(f float64) uint64 {
	if math.IsNaN(f) {
		return 0x7ff8000000000001
	}
	return math.Float64bits(f)
}

// flatSize is the size of t when a value of t is integers alone, every one of them exported and with no padding between them, so
// that its memory can be hashed as it lies.
func flatSize(t reflect.Type) (uintptr, bool) {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return t.Size(), true
	case reflect.Array:
		if _, ok := flatSize(t.Elem()); ok {
			return t.Size(), true
		}
	case reflect.Struct:
		var sum uintptr
		for i := range t.NumField() {
			f := t.Field(i)
			size, ok := flatSize(f.Type)
			if !f.IsExported() || !ok || f.Offset != sum {
				return 0, false
			}
			sum += size
		}
		return t.Size(), sum == t.Size()
	}
	return 0, false
}

// str writes a string's length and bytes.
func (s *stateHash) str(v string) {
	s.word(uint64(len(v)))
	s.Write(unsafe.Slice(unsafe.StringData(v), len(v)))
}

// The fork tests' hash of a snapshot's services and dependencies sees
// every change JSON sees: each number, string and flag in them, changed
// alone (in a multi-hop run and a fleet's, breakers and faults included),
// changes the hash wherever it changes the JSON.
func TestWriteFieldsSeesWhatJSONSees(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	for _, c := range []struct {
		sc *engine.Scenario
		v  int
		at time.Duration
	}{{scenarios.MultiHop(), 2, 25 * time.Second}, {scenarios.FleetProbes(), 1, 24 * time.Second}} {
		r, err := engine.New(c.sc, c.v, 5)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(c.at)
		s := r.Snapshot()
		for _, part := range []struct {
			name string
			x    any
		}{{"services", &s.Services}, {"dependencies", &s.Dependencies}} {
			sum := func() uint64 {
				h := newStateHash()
				writeFields(h, reflect.ValueOf(part.x).Elem().Interface())
				return h.Sum64()
			}
			text := func() string {
				b, err := json.Marshal(part.x)
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			base, baseText := sum(), text()
			leaves := 0
			eachLeaf(reflect.ValueOf(part.x).Elem(), part.name, func(v reflect.Value, at string) {
				leaves++
				old := reflect.New(v.Type()).Elem()
				old.Set(v)
				nudge(v)
				if text() != baseText && sum() == base {
					t.Errorf("%s %s: %s changed the JSON but not the hash", c.sc.Name, part.name, at)
				}
				v.Set(old)
			})
			if sum() != base {
				t.Fatalf("%s %s: the hash is not the same after the changes were undone", c.sc.Name, part.name)
			}
			t.Logf("%s %s: %d fields", c.sc.Name, part.name, leaves)
			if leaves < 50 {
				t.Errorf("%s %s: only %d fields were changed; the snapshot should have more", c.sc.Name, part.name, leaves)
			}
		}
	}
}

// eachLeaf calls f with every number, string and boolean in v reached
// through exported fields, the first and last two elements of a slice and
// every element of an array.
func eachLeaf(v reflect.Value, at string, f func(reflect.Value, string)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			eachLeaf(v.Elem(), at, f)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if v.Kind() == reflect.Array || i < 2 || i >= v.Len()-2 {
				eachLeaf(v.Index(i), fmt.Sprintf("%s[%d]", at, i), f)
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				eachLeaf(v.Field(i), at+"."+v.Type().Field(i).Name, f)
			}
		}
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		f(v, at)
	}
}

// nudge changes a leaf by the least it can change.
func nudge(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Float32:
		v.SetFloat(float64(math.Nextafter32(float32(v.Float()), float32(math.Inf(1)))))
	case reflect.Float64:
		v.SetFloat(math.Nextafter(v.Float(), math.Inf(1)))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() ^ 1)
	default:
		v.SetUint(v.Uint() ^ 1)
	}
}
