package exercises

import (
	"regexp"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// rawPointer matches what %v makes of a pointer to a struct, "&{...}", or
// of a function or a pointer inside one, an address such as 0x5e7d40.
var rawPointer = regexp.MustCompile(`&\{|\b0x[0-9a-f]{4,}\b`)

// rawStruct matches what %+v makes of a struct, a field name and its value
// with no space between, "{Caps:map[] Default:-1": every field, set or
// not, in Go's own way. A configuration written as a test writes it,
// Config{Caps: map[string]int{"a": 2}}, has a space after each colon.
var rawStruct = regexp.MustCompile(`\{[A-Z]\w*:[^ ]`)

// rawNil matches what %v makes of a nil error, pointer or map: "<nil>",
// Go's word for nothing, where a learner wants to read what was missing
// ("returned no error").
var rawNil = regexp.MustCompile(`<nil>`)

// testMessage matches a line a test logged with t.Error or t.Fatal:
// "ratelimit_test.go:46: ...". Race reports, which show addresses, do not.
var testMessage = regexp.MustCompile(`^\S+_test\.go:\d+: `)

// rawValueShown returns the first message of a failing test in r that
// prints a learner's value the way %v does, insides and addresses, or a
// struct the way %+v does, every field and the map in Go's syntax, which
// says nothing to a learner ("New(...) = &{{0 1000000000 1} 0x5e7d40
// {{} {0 0}}}, nil"); "" if none does. A bundled test names what it
// found in words.
func rawValueShown(r grade.Report) string {
	for _, t := range r.Failures() {
		for _, l := range t.Output {
			if testMessage.MatchString(l) && (rawPointer.MatchString(l) || rawStruct.MatchString(l) || rawNil.MatchString(l)) {
				return t.Name + ": " + l
			}
		}
	}
	return ""
}

func TestRawValueShown(t *testing.T) {
	failed := func(lines ...string) grade.Report {
		return grade.Report{Tests: []grade.TestResult{{Name: "TestBadConfig", Output: lines}}}
	}
	for _, tc := range []struct {
		r    grade.Report
		want bool
	}{
		{failed("ratelimit_test.go:46: New({Rate:0 Per:1s Burst:1}) = &{{0 1000000000 1} 0x5e7d40 {{} {0 0}}}, nil; want an error"), true},
		{failed("breaker_test.go:45: open: Allow() = 0xc000012345, <nil>; want ErrOpen"), true},
		{failed("ratelimit_test.go:46: New(Rate 0, Per 1s, Burst 1) returned a limiter and no error; want an error"), false},
		{failed("Read at 0x00c000012345 by goroutine 7:"), false},
		{failed("tenants_test.go:57: New({Caps:map[] Default:-1 Shared:0 SharedPerTenant:0}) = <nil>; want an error mentioning Default"), true},
		{failed("tenants_test.go:57: New({Caps:map[a:-2] Default:0 Shared:0 SharedPerTenant:0}) = <nil>; want an error"), true},
		{failed(`tenants_test.go:88: New(Config{Caps: map[string]int{"a": -2}}) = <nil>; want an error mentioning "a"`), true},
		{failed("tenants_test.go:88: New(Config{Default: -1}) = <nil>; want an error mentioning Default"), true},
		{failed("tenants_test.go:88: New(Config{Default: -1}) returned no error; want one mentioning Default"), false},
		{grade.Report{Tests: []grade.TestResult{{Name: "TestA", Passed: true, Output: []string{"a_test.go:3: &{1 2}"}}}}, false},
	} {
		if got := rawValueShown(tc.r); (got != "") != tc.want {
			t.Errorf("rawValueShown(%q) = %q, want a line: %v", tc.r.Tests[0].Output, got, tc.want)
		}
	}
}
