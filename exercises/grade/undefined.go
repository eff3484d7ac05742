package grade

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/breakerlab/breakerlab/internal/spell"
)

// A learner who renames or deletes something the bundled tests use gets
// one compiler error at every place the tests use it: "b.Release undefined
// (type *Bulkhead has no field or method Release)" at three lines of
// bulkhead_test.go, a file they are not to change, and none in their own.
// explainUndefined says it once, in their terms, at the place in their file
// to look: "the tests call (*Bulkhead).Release, which bulkhead.go does not
// define; the nearest name it defines is Releas", at Releas's line. With no
// name close to it, the place is the type's declaration (a method or field
// to add there), or for a package-level name the tests' first use of it.

// The compiler's (types2's) messages for a name it cannot find.
var (
	// "b.Release undefined (type *Bulkhead has no field or method Release,
	// but does have method release)"
	missingSelector = regexp.MustCompile(`^.+? undefined \(type (.+) has no field or method (\w+)(?:, but does have (?:unexported )?\w+ (\w+))?\)$`)
	// "unknown field count in struct literal of type Bulkhead, but does
	// have Count"
	missingLiteralField = regexp.MustCompile(`^unknown field (\w+) in struct literal of type (.+?)(?:, but does have (?:unexported )?(\w+))?$`)
	// "undefined: New", and "undefined: bulkhead.New (but have new)" from a
	// test in the package bulkhead_test.
	missingName = regexp.MustCompile(`^undefined: (?:(\w+)\.)?(\w+)(?: \(but have (\w+)\))?$`)
)

// missing is what one build error says is not defined.
type missing struct {
	typ  string // the type as the compiler wrote it, "*bulkhead.Bulkhead"; "" for a package-level name
	pkg  string // the package a package-level name was looked for in, "bulkhead" of "bulkhead.New"; ""
	name string // "Release"
	alt  string // the name the compiler suggests instead, "release"; ""
	lit  bool   // a field set in a struct literal
}

// key is the same for every error about one missing name.
func (m missing) key() string { return typeName(m.typ) + "." + m.name }

// parseMissing reads a compiler message about a name it cannot find; ok is
// false for any other message.
func parseMissing(msg string) (m missing, ok bool) {
	if s := missingSelector.FindStringSubmatch(msg); s != nil {
		return missing{typ: s[1], name: s[2], alt: s[3]}, true
	}
	if s := missingLiteralField.FindStringSubmatch(msg); s != nil {
		return missing{typ: s[2], name: s[1], alt: s[3], lit: true}, true
	}
	if s := missingName.FindStringSubmatch(msg); s != nil {
		return missing{pkg: s[1], name: s[2], alt: s[3]}, true
	}
	return missing{}, false
}

// typeQualifier is the package a type is named with: bulkhead of
// "*bulkhead.Bulkhead", "" of "Bulkhead".
func typeQualifier(typ string) string {
	t, _, _ := strings.Cut(strings.TrimLeft(typ, "*"), "[")
	q, _, _ := strings.Cut(t, ".")
	if q == t {
		return ""
	}
	return q
}

// typeName is the name a type is declared under: Bulkhead of
// "*bulkhead.Bulkhead" and of "Cache[string, int]".
func typeName(typ string) string {
	t := strings.TrimLeft(typ, "*")
	t, _, _ = strings.Cut(t, "[")
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		t = t[i+1:]
	}
	return t
}

// typeText is a type as the learner writes it in their package: without
// the package's name, which a test in the package bulkhead_test puts
// before it.
func typeText(typ string) string {
	star := typ[:len(typ)-len(strings.TrimLeft(typ, "*"))]
	rest := typ[len(star):]
	if name, _, _ := strings.Cut(rest, "["); strings.Contains(name, ".") {
		rest = rest[strings.IndexByte(name, '.')+1:]
	}
	return star + rest
}

// decl is a name the learner's files declare, and where.
type decl struct {
	name string
	at   BuildError // the place; Message unused
}

// learnerDecls is what the package's non-test files declare.
type learnerDecls struct {
	pkg     string            // the package's name, "bulkhead"
	files   []string          // the files, relative to the package folder
	top     []decl            // package-level functions, types, variables and constants
	types   map[string]decl   // type declarations by name
	members map[string][]decl // fields and methods by their type's name
}

// readDecls parses the package's non-test files in dir as go build would
// pick them; a file that does not parse is left out.
func readDecls(dir string) learnerDecls {
	d := learnerDecls{types: map[string]decl{}, members: map[string][]decl{}}
	pkg, err := build.ImportDir(dir, 0)
	if err != nil && pkg == nil {
		return d
	}
	fset := token.NewFileSet()
	place := func(file string, id *ast.Ident) decl {
		p := fset.Position(id.Pos())
		return decl{name: id.Name, at: BuildError{File: file, Line: p.Line, Col: p.Column}}
	}
	for _, file := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, file), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		d.files = append(d.files, file)
		d.pkg = f.Name.Name
		for _, dl := range f.Decls {
			switch dl := dl.(type) {
			case *ast.FuncDecl:
				if dl.Recv == nil {
					d.top = append(d.top, place(file, dl.Name))
				} else if len(dl.Recv.List) == 1 {
					recv := receiverName(dl.Recv.List[0].Type)
					d.members[recv] = append(d.members[recv], place(file, dl.Name))
				}
			case *ast.GenDecl:
				for _, spec := range dl.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						t := place(file, spec.Name)
						d.top = append(d.top, t)
						d.types[spec.Name.Name] = t
						if st, ok := spec.Type.(*ast.StructType); ok {
							for _, field := range st.Fields.List {
								for _, n := range field.Names {
									d.members[spec.Name.Name] = append(d.members[spec.Name.Name], place(file, n))
								}
								if len(field.Names) == 0 {
									if n := embeddedName(field.Type); n != nil {
										d.members[spec.Name.Name] = append(d.members[spec.Name.Name], place(file, n))
									}
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range spec.Names {
							d.top = append(d.top, place(file, n))
						}
					}
				}
			}
		}
	}
	return d
}

// embeddedName is the name an embedded field goes by: Mutex of
// sync.Mutex, T of *T.
func embeddedName(x ast.Expr) *ast.Ident {
	for {
		switch t := x.(type) {
		case *ast.StarExpr:
			x = t.X
		case *ast.SelectorExpr:
			return t.Sel
		case *ast.IndexExpr:
			x = t.X
		case *ast.IndexListExpr:
			x = t.X
		case *ast.Ident:
			return t
		default:
			return nil
		}
	}
}

// nearest is the declared name closest in spelling to name, if one is
// close enough to be a slip (an edit or two, by its length, ignoring
// case); the compiler's own suggestion, alt, if it made one.
func nearest(name, alt string, decls []decl) (decl, bool) {
	if alt != "" {
		for _, d := range decls {
			if d.name == alt {
				return d, true
			}
		}
		return decl{name: alt}, true
	}
	best, bestDist := decl{}, max(1, len(name)/3)+1
	for _, d := range decls {
		if d.name == name || d.name == "_" {
			continue
		}
		if dist := spell.Distance(strings.ToLower(name), strings.ToLower(d.name)); dist < bestDist {
			best, bestDist = d, dist
		}
	}
	if best.name != "" {
		return best, true
	}
	// A rename that kept the name and added to it (New to NewBulkhead) is
	// far by spelling: the one declared name that starts with it, if
	// only one does.
	var only []decl
	for _, d := range decls {
		if d.name != name && len(d.name) > len(name) && strings.HasPrefix(d.name, name) {
			only = append(only, d)
		}
	}
	if len(only) == 1 {
		return only[0], true
	}
	return decl{}, false
}

// isTestFile reports whether a build error's file is one of the tests.
func isTestFile(file string) bool { return strings.HasSuffix(file, "_test.go") }

// explainUndefined replaces the errors about each name the tests use and
// the learner's files do not define by one error that says so (see the top
// of this file), in the place of the first of them. Errors about a name
// only the learner's own code uses are left as the compiler wrote them:
// they are at the learner's line already.
func (c *collector) explainUndefined(errs []BuildError) []BuildError {
	groups := map[string][]int{} // missing.key() -> indexes into errs
	what := make([]missing, len(errs))
	tested := map[string]bool{} // whether the tests use the name
	testsUse := false
	for i, e := range errs {
		m, ok := parseMissing(e.Message)
		if !ok {
			continue
		}
		what[i] = m
		groups[m.key()] = append(groups[m.key()], i)
		tested[m.key()] = tested[m.key()] || isTestFile(e.File)
		testsUse = testsUse || isTestFile(e.File)
	}
	if !testsUse {
		return errs
	}
	decls := readDecls(c.dir)
	out := make([]BuildError, 0, len(errs))
	for i, e := range errs {
		key := what[i].key()
		if what[i].name == "" || !tested[key] {
			out = append(out, e)
			continue
		}
		if groups[key][0] != i {
			continue // said with the first
		}
		var uses []BuildError
		for _, j := range groups[key] {
			uses = append(uses, errs[j])
		}
		m := what[i]
		for _, j := range groups[key] {
			if isTestFile(errs[j].File) {
				m = what[j] // the type as the tests write it
				break
			}
		}
		if said, ok := c.sayUndefined(m, uses, decls); ok {
			out = append(out, said)
		} else {
			out = append(out, uses...)
		}
	}
	return out
}

// sayUndefined words one missing name the tests use, at uses (one
// or more, the tests' and any of the learner's own); ok is false when the
// name is a member of a type the learner's files do not declare (the
// compiler's words are then left as they are).
func (c *collector) sayUndefined(m missing, uses []BuildError, decls learnerDecls) (BuildError, bool) {
	first := uses[0]
	for _, u := range uses {
		if isTestFile(u.File) {
			first = u
			break
		}
	}
	var thing, verb string
	var candidates []decl
	var home decl // where the learner would add it: its type's declaration
	called := c.calledAt(first, m.name)
	switch {
	case m.typ != "":
		t, ok := decls.types[typeName(m.typ)]
		if q := typeQualifier(m.typ); !ok || q != "" && q != decls.pkg {
			return BuildError{}, false
		}
		home, candidates = t, decls.members[typeName(m.typ)]
		typ := typeText(m.typ)
		switch {
		case m.lit:
			verb, thing = "set", "the field "+strings.TrimLeft(typ, "*")+"."+m.name
		case called && strings.HasPrefix(typ, "*"):
			verb, thing = "call", "("+typ+")."+m.name
		case called:
			verb, thing = "call", typ+"."+m.name
		default:
			verb, thing = "use", strings.TrimLeft(typ, "*")+"."+m.name
		}
	default:
		if m.pkg != "" && m.pkg != decls.pkg {
			return BuildError{}, false
		}
		candidates, verb, thing = decls.top, "use", m.name
		if called {
			verb = "call"
		}
	}
	near, hasNear := nearest(m.name, m.alt, candidates)
	file := ""
	switch {
	case home.name != "":
		file = home.at.File
	case hasNear && near.at.File != "":
		file = near.at.File
	case len(decls.files) == 1:
		file = decls.files[0]
	}
	msg := fmt.Sprintf("the tests %s %s, which your code does not define", verb, thing)
	if file != "" {
		msg = fmt.Sprintf("the tests %s %s, which %s does not define", verb, thing, file)
	}
	if hasNear {
		who := "it"
		if file == "" || near.at.File != "" && near.at.File != file {
			who = "your code"
		}
		msg += fmt.Sprintf("; the nearest name %s defines is %s", who, near.name)
	}
	var own []string
	for _, u := range uses {
		if !isTestFile(u.File) {
			own = append(own, fmt.Sprintf("%s:%d", u.File, u.Line))
		}
	}
	if len(own) > 0 {
		msg += "; your code uses it too, at " + strings.Join(own, ", ")
	}
	at := first
	switch {
	case hasNear && near.at.File != "":
		at = near.at
	case home.name != "":
		at = home.at
	}
	at.Message = msg
	return at, true
}

// calledAt reports whether the name at an error's place is called there:
// whether a "(" follows it on its line in the file.
func (c *collector) calledAt(e BuildError, name string) bool {
	if c.dir == "" || e.Line < 1 {
		return false
	}
	b, err := os.ReadFile(filepath.Join(c.dir, e.File))
	if err != nil {
		return false
	}
	lines := strings.Split(string(b), "\n")
	if e.Line > len(lines) {
		return false
	}
	line := lines[e.Line-1]
	i := e.Col - 1
	if i < 0 || i > len(line) || !strings.HasPrefix(line[i:], name) {
		// No column, or not where it says: the first use on the line.
		if i = strings.Index(line, name); i < 0 {
			return false
		}
	}
	rest := strings.TrimLeft(line[i+len(name):], " \t")
	if strings.HasPrefix(rest, "[") {
		// A generic function's type arguments: New[string](…).
		if end := strings.IndexByte(rest, ']'); end >= 0 {
			rest = strings.TrimLeft(rest[end+1:], " \t")
		}
	}
	return strings.HasPrefix(rest, "(")
}
