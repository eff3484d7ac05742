package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// layoutPackages reads the README's Layout block: a line's indent (two
// spaces a level) says under which folder its names stand, and its first
// column holds one or more folder names ("pane/, chart/"); a line whose
// first word is no folder continues the description above it.
func layoutPackages(t *testing.T, readme string) []string {
	t.Helper()
	_, after, ok := strings.Cut(readme, "## Layout\n\n```\n")
	if !ok {
		t.Fatal("the README has no Layout block")
	}
	block, _, _ := strings.Cut(after, "```")
	var listed, parents []string
	for _, line := range strings.Split(block, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		depth := (len(line) - len(trimmed)) / 2
		first, _, _ := strings.Cut(trimmed, "  ")
		var names []string
		for _, name := range strings.Split(first, ", ") {
			if !strings.HasSuffix(name, "/") || strings.ContainsAny(name, " `") {
				names = nil
				break
			}
			names = append(names, strings.TrimSuffix(name, "/"))
		}
		if len(names) == 0 || depth > len(parents) {
			continue // a description's second line
		}
		parents = parents[:depth]
		for _, name := range names {
			listed = append(listed, filepath.Join(append(slices.Clone(parents), name)...))
		}
		parents = append(parents, names[len(names)-1])
	}
	return listed
}

// TestReadmeLayoutNamesEveryPackage: the README's tour of the layout names
// every folder that holds a package, and no folder that does not exist,
// so that a package added later is described where a newcomer looks.
func TestReadmeLayoutNamesEveryPackage(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the module's folders
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	listed := layoutPackages(t, string(readme))
	var packages []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			rel, err := filepath.Rel(root, filepath.Dir(path))
			if err != nil {
				return err
			}
			if !slices.Contains(packages, rel) {
				packages = append(packages, rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range packages {
		if !slices.Contains(listed, p) {
			t.Errorf("the README's Layout does not name %s/", p)
		}
	}
	for _, l := range listed {
		if info, err := os.Stat(filepath.Join(root, l)); err != nil || !info.IsDir() {
			t.Errorf("the README's Layout names %s/, which is no folder of the project", l)
		}
	}
}
