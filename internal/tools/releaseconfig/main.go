// Command releaseconfig checks .goreleaser.yaml with goreleaser's own loader,
// the pinned version's github.com/goreleaser/goreleaser/v2/pkg/config, in
// seconds instead of the twenty minutes a build of the whole goreleaser
// binary takes on a 2-core machine. `make test` runs it on every change;
// `make release-check` builds goreleaser and runs the full `goreleaser check`
// and a snapshot release.
//
// What it checks is what `goreleaser check` checks first (cmd/check.go loads
// the file with config.Load before running the defaulters): the file is a
// version 2 configuration, and it unmarshals strictly — every key is one
// goreleaser knows, every value of the key's type. On top of that it checks
// the references between sections that the defaulters resolve and a
// snapshot release would fail on: every archive, package and cask names
// build and archive ids that exist, and every build targets the six
// platforms a release promises.
//
// It may import only the standard library and goreleaser's public packages.
package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/goreleaser/goreleaser/v2/pkg/config"
)

// platforms are the release's promise (the README's install section and the
// Makefile's CROSS_PLATFORMS): an archive for each.
var platforms = []string{
	"darwin/amd64", "darwin/arm64", "linux/amd64", "linux/arm64", "windows/amd64", "windows/arm64",
}

func main() {
	path := ".goreleaser.yaml"
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	if err := check(path); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", path, err)
		os.Exit(1)
	}
	fmt.Printf("%s: valid for goreleaser's configuration version 2\n", path)
}

func check(path string) error {
	project, err := config.Load(path)
	if err != nil {
		return err
	}
	if project.Version != 2 {
		return fmt.Errorf("version is %d; goreleaser v2 reads only `version: 2`", project.Version)
	}
	return errors.Join(references(project), targets(project))
}

// references checks that each id a section names is defined by a build (or,
// for casks, by an archive).
func references(p config.Project) error {
	builds := map[string]bool{}
	for _, b := range p.Builds {
		builds[b.ID] = true
	}
	archives := map[string]bool{}
	for _, a := range p.Archives {
		archives[a.ID] = true
	}
	var errs []error
	need := func(section string, ids []string, defined map[string]bool, kind string) {
		for _, id := range ids {
			if !defined[id] {
				errs = append(errs, fmt.Errorf("%s names %s id %q, which no %s defines (defined: %s)",
					section, kind, id, kind, strings.Join(keys(defined), ", ")))
			}
		}
	}
	for _, a := range p.Archives {
		need("archives."+a.ID, a.IDs, builds, "build")
	}
	for _, n := range p.NFPMs {
		need("nfpms."+n.ID, n.IDs, builds, "build")
	}
	for _, c := range p.Casks {
		need("homebrew_casks."+c.Name, c.IDs, archives, "archive")
	}
	return errors.Join(errs...)
}

// targets checks that every build covers the six platforms.
func targets(p config.Project) error {
	if len(p.Builds) == 0 {
		return errors.New("no builds: a release needs the breakerlab binary")
	}
	var errs []error
	for _, b := range p.Builds {
		for _, want := range platforms {
			goos, goarch, _ := strings.Cut(want, "/")
			if !slices.Contains(b.Goos, goos) || !slices.Contains(b.Goarch, goarch) {
				errs = append(errs, fmt.Errorf("builds.%s does not build %s (goos %v, goarch %v)", b.ID, want, b.Goos, b.Goarch))
			}
		}
	}
	return errors.Join(errs...)
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
