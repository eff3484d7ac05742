package grade

import (
	"slices"
	"testing"
)

// A standard package used without its import is said once per file, with
// the import that defines it; a name that is no package is left as the
// compiler wrote it.
func TestMissingImportIsNamed(t *testing.T) {
	dir := t.TempDir()
	got := buildFailure(t, dir,
		"./pool.go:20:9: undefined: sync",
		"./pool.go:21:9: undefined: atomic",
		"./pool.go:22:9: undefined: sync",
		"./helper.go:3:2: undefined: sync",
		"./pool.go:30:2: undefined: workers",
	)
	want := []BuildError{
		{File: "pool.go", Line: 20, Col: 9, Message: `undefined: sync (a missing import? add "sync" to the imports of pool.go)`},
		{File: "pool.go", Line: 21, Col: 9, Message: `undefined: atomic (a missing import? add "sync/atomic" to the imports of pool.go)`},
		{File: "pool.go", Line: 22, Col: 9, Message: "undefined: sync"},
		{File: "helper.go", Line: 3, Col: 2, Message: `undefined: sync (a missing import? add "sync" to the imports of helper.go)`},
		{File: "pool.go", Line: 30, Col: 2, Message: "undefined: workers"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("build errors:\n%q\nwant:\n%q", got, want)
	}
}
