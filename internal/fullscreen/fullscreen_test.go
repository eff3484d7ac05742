package fullscreen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// quitAt is a model that looks at Running from inside the program, then
// quits.
type quitAt struct{ runningInside *bool }

// lookMsg has quitAt look.
type lookMsg struct{}

func (q quitAt) Init() tea.Cmd { return func() tea.Msg { return lookMsg{} } }

func (q quitAt) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(lookMsg); ok {
		*q.runningInside = Running()
		return q, tea.Quit
	}
	return q, nil
}

func (q quitAt) View() string { return "" }

// A program counts as running while its Run runs, and no longer once it
// has returned. Not parallel: the count is the process's.
func TestRunCountsTheProgramWhileItRuns(t *testing.T) {
	if Running() {
		t.Fatal("a program counts as running before any started")
	}
	var inside bool
	if _, err := Run(quitAt{&inside}, tea.WithInput(nil), tea.WithOutput(discard{})); err != nil {
		t.Fatal(err)
	}
	if !inside {
		t.Error("inside the program, Running reports none")
	}
	if Running() {
		t.Error("once the program has returned, Running still reports one")
	}
}

// Begin's end counts the program out once, however often it is called:
// a deferred end after an explicit one must not count out another
// program's run.
func TestBeginsEndCountsOutOnce(t *testing.T) {
	outer := Begin()
	inner := Begin()
	inner()
	inner()
	if !Running() {
		t.Error("ending the inner program twice counted the outer one out too")
	}
	outer()
	if Running() {
		t.Error("with both ended, Running still reports one")
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// ownsItsSIGTERM are the places that start programs the terminate watch
// never watches: serve's sessions and its local screen, in a command that
// ends on SIGTERM in its own way (cmd/breakerlab's ownsTerminate).
var ownsItsSIGTERM = []string{"tui/serve/", "cmd/breakerlab/serve.go"}

// Every program the module starts runs through Run (only this package
// makes one), so that the terminate watch waits for it: a program it did
// not count would have its SIGTERM sent again at once, and a second
// signal that came as bubbletea was giving the terminal back, its handler
// gone, would end the process there, the terminal left as the program had
// set it. And so that its SIGINT and SIGTERM are Run's, asked for before
// the program starts.
func TestEveryProgramRunsThroughRun(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || owned(rel) || strings.HasPrefix(rel, "internal/fullscreen/") {
			return nil
		}
		for _, at := range uncounted(t, path) {
			t.Errorf("%s:%d: tea.NewProgram outside fullscreen.Run: a SIGTERM to it would not wait for it to give the terminal back, and a SIGINT in its first instant would end the process, the terminal left raw; pass the model and options to fullscreen.Run", rel, at)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func owned(rel string) bool {
	for _, o := range ownsItsSIGTERM {
		if strings.HasPrefix(rel, o) {
			return true
		}
	}
	return false
}

// uncounted are the lines of path's calls of bubbletea's NewProgram.
func uncounted(t *testing.T, path string) []int {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	teaName := importName(f, "github.com/charmbracelet/bubbletea", "tea")
	if teaName == "" {
		return nil
	}
	var lines []int
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isCall(call, teaName, "NewProgram") {
			lines = append(lines, fset.Position(call.Pos()).Line)
		}
		return true
	})
	return lines
}

// importName is the name f refers to the package at path by (its own
// name pkg unless f renames it), "" when f does not import it.
func importName(f *ast.File, path, pkg string) string {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			if imp.Name != nil {
				return imp.Name.Name
			}
			return pkg
		}
	}
	return ""
}

// isCall reports whether call calls pkg.name.
func isCall(call *ast.CallExpr, pkg, name string) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg
}
