package grade

import (
	"fmt"
	"regexp"
)

// A learner who writes sync.Mutex in a file whose stub imported only
// "errors" (exercise 07's) gets "undefined: sync" from the compiler, at
// each use: right, but it does not say that an import is what is missing,
// which a learner new to Go (and one used to an editor that adds imports)
// does not guess. missingImports says it, once per package and file.

// importPaths maps the name a file uses to the standard package a learner
// most likely means by it: those the exercises' solutions import, and the
// few others their code reaches for. A name two packages share (rand:
// math/rand/v2 and crypto/rand) is left out, as is one a learner is as
// likely to mean as a variable of their own (list).
var importPaths = map[string]string{
	"atomic":  "sync/atomic",
	"big":     "math/big",
	"binary":  "encoding/binary",
	"context": "context",
	"errors":  "errors",
	"fmt":     "fmt",
	"fnv":     "hash/fnv",
	"maps":    "maps",
	"math":    "math",
	"slices":  "slices",
	"sort":    "sort",
	"strconv": "strconv",
	"strings": "strings",
	"sync":    "sync",
	"time":    "time",
}

// undefinedBare matches the compiler's message for a name used alone
// ("undefined: sync", from sync.Mutex), not one looked for in a package
// ("undefined: p.New") or with a suggestion ("(but have new)").
var undefinedBare = regexp.MustCompile(`^undefined: (\w+)$`)

// missingImports adds to the first "undefined: sync" in each of the
// learner's files the import that would define it. The test files import
// what they use, and are not the learner's to change.
func missingImports(errs []BuildError) []BuildError {
	said := map[[2]string]bool{} // file, name
	for i, e := range errs {
		m := undefinedBare.FindStringSubmatch(e.Message)
		if m == nil || isTestFile(e.File) {
			continue
		}
		path, ok := importPaths[m[1]]
		if !ok || said[[2]string{e.File, m[1]}] {
			continue
		}
		said[[2]string{e.File, m[1]}] = true
		errs[i].Message = fmt.Sprintf("%s (a missing import? add %q to the imports of %s)", e.Message, path, e.File)
	}
	return errs
}
