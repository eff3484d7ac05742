package deepequal

import (
	"math"
	"reflect"
	"testing"

	"pgregory.net/rapid"
)

// padded has padding after Small; plainRow has none; both are in slices,
// as a snapshot's series are.
type padded struct {
	Small int8
	Big   int32
}

type plainRow struct {
	A uint32
	B [3]uint32
	C int32
}

type sample struct {
	Name   string
	F      float64
	Rows   []plainRow
	Pads   []padded
	Lat    []uint32
	Flags  []bool
	Floats []float64
	Ptr    *plainRow
	Map    map[string]int
	Any    any
	hidden []int16
	// What the plans walk besides: a recursive type, an array and a map
	// whose elements are not plain, complex numbers, strings in a slice,
	// functions (equal only when both are nil).
	Next  *sample
	Pairs [2]float64
	ByKey map[string]padded
	C     complex128
	Strs  []string
	Fn    func()
}

// drawSample draws a sample whose every part may be nil, empty, or hold
// a few small values, so that two draws are often equal or nearly so.
func drawSample(t *rapid.T, label string) sample {
	small := rapid.IntRange(0, 2)
	var s sample
	s.Name = rapid.SampledFrom([]string{"", "a", "b"}).Draw(t, label+"name")
	s.F = rapid.SampledFrom([]float64{0, math.Copysign(0, -1), 1, math.NaN()}).Draw(t, label+"f")
	if rapid.Bool().Draw(t, label+"rows?") {
		s.Rows = make([]plainRow, small.Draw(t, label+"nrows"))
		for i := range s.Rows {
			s.Rows[i] = plainRow{A: uint32(small.Draw(t, label+"a")), B: [3]uint32{uint32(small.Draw(t, label+"b"))}, C: int32(small.Draw(t, label+"c"))}
		}
	}
	if rapid.Bool().Draw(t, label+"pads?") {
		s.Pads = make([]padded, small.Draw(t, label+"npads"))
		for i := range s.Pads {
			s.Pads[i] = padded{int8(small.Draw(t, label+"s")), int32(small.Draw(t, label+"g"))}
		}
	}
	if rapid.Bool().Draw(t, label+"lat?") {
		s.Lat = make([]uint32, small.Draw(t, label+"nlat"))
		for i := range s.Lat {
			s.Lat[i] = uint32(small.Draw(t, label+"l"))
		}
	}
	if rapid.Bool().Draw(t, label+"flags?") {
		s.Flags = []bool{rapid.Bool().Draw(t, label+"flag")}
	}
	if rapid.Bool().Draw(t, label+"floats?") {
		s.Floats = []float64{rapid.SampledFrom([]float64{0, math.Copysign(0, -1), math.NaN()}).Draw(t, label+"fl")}
	}
	if rapid.Bool().Draw(t, label+"ptr?") {
		s.Ptr = &plainRow{A: uint32(small.Draw(t, label+"pa"))}
	}
	if rapid.Bool().Draw(t, label+"map?") {
		s.Map = map[string]int{}
		for range small.Draw(t, label+"nmap") {
			s.Map[rapid.SampledFrom([]string{"x", "y"}).Draw(t, label+"k")] = small.Draw(t, label+"v")
		}
	}
	switch small.Draw(t, label+"any") {
	case 1:
		s.Any = small.Draw(t, label+"anyint")
	case 2:
		s.Any = []uint32{uint32(small.Draw(t, label+"anylat"))}
	}
	if rapid.Bool().Draw(t, label+"hidden?") {
		s.hidden = []int16{int16(small.Draw(t, label+"h"))}
	}
	if len(label) < 3 && rapid.Bool().Draw(t, label+"next?") {
		next := drawSample(t, label+">")
		s.Next = &next
	}
	s.Pairs[1] = rapid.SampledFrom([]float64{0, math.Copysign(0, -1), math.NaN()}).Draw(t, label+"pair")
	if rapid.Bool().Draw(t, label+"bykey?") {
		s.ByKey = map[string]padded{}
		for range small.Draw(t, label+"nbykey") {
			s.ByKey[rapid.SampledFrom([]string{"x", "y"}).Draw(t, label+"bk")] = padded{Big: int32(small.Draw(t, label+"bv"))}
		}
	}
	s.C = complex(0, float64(small.Draw(t, label+"c")))
	if rapid.Bool().Draw(t, label+"strs?") {
		s.Strs = []string{rapid.SampledFrom([]string{"", "a", "b"}).Draw(t, label+"str")}
	}
	if rapid.Bool().Draw(t, label+"fn?") {
		s.Fn = func() {}
	}
	return s
}

// Equal says what reflect.DeepEqual says, on values that are often equal,
// differ in one part, hold NaN and -0, padded structs, nil and empty
// slices, and unexported fields.
func TestEqualIsDeepEqual(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := drawSample(t, "a"), drawSample(t, "b")
		if rapid.Bool().Draw(t, "same?") {
			b = a
		}
		// a with one of b's fields, for each field: the two differ in that
		// part alone, and Equal must see whether it is equal.
		va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
		for i := range va.NumField() {
			c := a
			if f := reflect.ValueOf(&c).Elem().Field(i); f.CanSet() {
				f.Set(vb.Field(i))
			} else {
				c.hidden = b.hidden
			}
			if got, want := Equal(a, c), reflect.DeepEqual(a, c); got != want {
				t.Fatalf("differing in %s alone: Equal = %v, reflect.DeepEqual = %v:\n%+v\n%+v", va.Type().Field(i).Name, got, want, a, c)
			}
		}
		if got, want := Equal(a, b), reflect.DeepEqual(a, b); got != want {
			t.Fatalf("Equal = %v, reflect.DeepEqual = %v:\n%+v\n%+v", got, want, a, b)
		}
		if got, want := Equal(&a, &b), reflect.DeepEqual(&a, &b); got != want {
			t.Fatalf("through pointers: Equal = %v, reflect.DeepEqual = %v", got, want)
		}
		// In a slice and in an interface, as snapshots and scenarios are held.
		if got, want := Equal([]sample{a}, []sample{b}), reflect.DeepEqual([]sample{a}, []sample{b}); got != want {
			t.Fatalf("in slices: Equal = %v, reflect.DeepEqual = %v", got, want)
		}
		if got, want := Equal([]any{a}, []any{b}), reflect.DeepEqual([]any{a}, []any{b}); got != want {
			t.Fatalf("in interfaces: Equal = %v, reflect.DeepEqual = %v", got, want)
		}
	})
}

// The bytes of a padded struct's padding are never compared, and the
// slices of plain rows are (a difference in their last element is seen).
func TestPlainRowsAndPadding(t *testing.T) {
	if plain(reflect.TypeFor[padded]()) {
		t.Error("a struct with padding counted as plain")
	}
	if !plain(reflect.TypeFor[plainRow]()) {
		t.Error("a struct of uint32s counted as not plain")
	}
	if plain(reflect.TypeFor[float64]()) {
		t.Error("float64 counted as plain: NaN and -0 compare unlike their bytes")
	}
	a := make([]plainRow, 1000)
	b := make([]plainRow, 1000)
	if !Equal(a, b) {
		t.Error("two zero slices differ")
	}
	b[999].C = 1
	if Equal(a, b) {
		t.Error("a difference in the last element was missed")
	}
	if Equal([]int(nil), []int{}) || Equal(nil, []int{}) || !Equal(nil, nil) {
		t.Error("nil and empty slices: not as reflect.DeepEqual says")
	}
}

// Pairs that differ in one place each kind of plan looks at, and pairs
// that are equal though their bytes differ, against reflect.DeepEqual.
func TestEachKindAgainstDeepEqual(t *testing.T) {
	type node struct {
		V    float64
		Next *node
	}
	negZero := math.Copysign(0, -1)
	one, two := 1, 2
	for _, tc := range []struct {
		name string
		a, b any
	}{
		{"map values", map[string]int{"x": 1}, map[string]int{"x": 2}},
		{"map keys", map[string]int{"x": 1}, map[string]int{"y": 1}},
		{"map of padded structs", map[string]padded{"x": {Big: 1}}, map[string]padded{"x": {Big: 2}}},
		{"equal maps", map[string][]int{"x": {1}}, map[string][]int{"x": {1}}},
		{"nil and empty maps", map[string]int(nil), map[string]int{}},
		{"-0 and 0 in a map", map[string]float64{"x": 0}, map[string]float64{"x": negZero}},
		{"complex numbers", complex(1, 2), complex(1, 3)},
		{"strings of one length", []string{"a"}, []string{"b"}},
		{"arrays of floats", [2]float64{0, 1}, [2]float64{negZero, 1}},
		{"arrays differing last", [2]float64{0, 1}, [2]float64{0, 2}},
		{"NaN in an array", [1]float64{math.NaN()}, [1]float64{math.NaN()}},
		{"recursive types", &node{1, &node{2, nil}}, &node{1, &node{3, nil}}},
		{"equal recursive types", &node{1, &node{2, nil}}, &node{1, &node{2, nil}}},
		{"pointers to equal ints", &one, &one},
		{"pointers to different ints", &one, &two},
		{"nil funcs", (func())(nil), (func())(nil)},
		{"interfaces holding different types", []any{1}, []any{int8(1)}},
		{"interfaces holding equal slices", []any{[]int{1}}, []any{[]int{1}}},
		{"nil and non-nil interfaces", []any{nil}, []any{0}},
		{"padded structs", padded{1, 2}, padded{1, 3}},
	} {
		if got, want := Equal(tc.a, tc.b), reflect.DeepEqual(tc.a, tc.b); got != want {
			t.Errorf("%s: Equal = %v, reflect.DeepEqual = %v", tc.name, got, want)
		}
	}
}
