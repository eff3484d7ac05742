package facts

import (
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// Every library's fact names the library and version its source was read
// at, with a version number; only the references' starting points, which
// are no library's, name none.
func TestEveryLibraryFactNamesItsVersion(t *testing.T) {
	digit := regexp.MustCompile(`[0-9]`)
	for _, f := range All() {
		if strings.HasPrefix(f.Name, "guide.") {
			if f.Version != "" {
				t.Errorf("%s: a reference's starting point names a library version %q", f.Name, f.Version)
			}
			continue
		}
		if !digit.MatchString(f.Version) {
			t.Errorf("%s: version %q names no version number (source %q)", f.Name, f.Version, f.Source)
		}
	}
}

// The Go facts are read from the standard library this module builds
// with (facts_test.go), so their version is the toolchain's: a new Go
// release means reading the sources again before changing goVersion.
func TestGoFactsAreTheToolchainsVersion(t *testing.T) {
	m := regexp.MustCompile(`^go(\d+\.\d+)`).FindStringSubmatch(runtime.Version())
	if m == nil {
		t.Skipf("toolchain %q names no release", runtime.Version())
	}
	if want := "Go " + m[1]; goVersion != want {
		t.Errorf("the Go facts say %q, the toolchain is %s: read net/http and database/sql's defaults again, then set goVersion", goVersion, runtime.Version())
	}
}

// A fact modelled by a breaker preset names the version the cheat sheet's
// breaker table names for that preset.
func TestPresetFactsNameThePresetsVersion(t *testing.T) {
	for name, lib := range map[string]string{"r4j.breaker.trials": "Resilience4j 2.x", "hystrix.snapshot": "Netflix Hystrix 1.5", "opossum.timeout": "opossum 9"} {
		f, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Version != lib {
			t.Errorf("%s: version %q, want the preset's %q", name, f.Version, lib)
		}
	}
}
