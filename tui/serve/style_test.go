package serve

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// sgr matches a Select Graphic Rendition sequence: colour or a text
// attribute. The renderer's cursor moves and clears are other sequences.
var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// Two sessions open the drill and the mock interview side by side: the one
// whose client sent NO_COLOR gets no colour and no text attributes from
// either screen, while the other, on the same server at the same time, is
// coloured. Each session's styles come from its own renderer.
func TestNoColorPerSession(t *testing.T) {
	t.Parallel() // its own server; it counts no goroutines (settleGoroutines)
	ts := startServer(t, Config{})
	for _, screen := range []struct{ keys, title string }{
		{"jjjj\r", "Drill"},           // the fifth item
		{"jjjjj\r", "Mock interview"}, // the sixth
	} {
		plain, err := Dial(ts.addr, "plain", PasswordAuth("x"), 100, 30, false, "NO_COLOR=1")
		if err != nil {
			t.Fatal(err)
		}
		colour, err := Dial(ts.addr, "colour", PasswordAuth("x"), 100, 30, false, "COLORTERM=truecolor")
		if err != nil {
			t.Fatal(err)
		}
		marks := map[*Client]int64{}
		for _, c := range []*Client{plain, colour} {
			waitFor(t, c, 0, "Interview")
			marks[c] = c.Mark()
			if err := c.Type(screen.keys); err != nil {
				t.Fatal(err)
			}
		}
		for c, mark := range marks {
			waitFor(t, c, mark, screen.title)
		}
		if s := sgr.FindString(plain.Raw(marks[plain])); s != "" {
			t.Errorf("%s: the NO_COLOR session got styling %q", screen.title, s)
		}
		if !sgr.MatchString(colour.Raw(marks[colour])) {
			t.Errorf("%s: the colour session got no styling", screen.title)
		}
		plain.Close()
		colour.Close()
	}
}

// No view under tui/ takes a style from lipgloss's default renderer
// (lipgloss.NewStyle): that renderer is the process's, so over SSH it
// would style every student's screen as the server's terminal wants, not
// as theirs (NO_COLOR, a 16-colour terminal). Styles come from the theme,
// which carries the session's renderer.
func TestNoDefaultRendererStyles(t *testing.T) {
	racefree.Only(t)
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "lipgloss" && sel.Sel.Name == "NewStyle" {
				t.Errorf("%s: lipgloss.NewStyle uses the process's renderer; take the style from the theme", path)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
