package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// readmeHeadings is the README's headings outside its fenced blocks (a
// block's "# alert rules" is YAML, not a heading), each with its level.
func readmeHeadings(readme string) (titles []string, levels []int) {
	inBlock := false
	for _, line := range strings.Split(readme, "\n") {
		if strings.HasPrefix(line, "```") {
			inBlock = !inBlock
			continue
		}
		if inBlock {
			continue
		}
		hashes := len(line) - len(strings.TrimLeft(line, "#"))
		if hashes > 0 && strings.HasPrefix(line[hashes:], " ") {
			titles = append(titles, strings.TrimSpace(line[hashes:]))
			levels = append(levels, hashes)
		}
	}
	return titles, levels
}

// headingAnchor is the anchor GitHub gives a heading: lower case, spaces
// made hyphens, every other character but letters, digits, _ and -
// dropped ("Lessons: predict, then play" is #lessons-predict-then-play).
func headingAnchor(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// The README's "Where to start" and the sections it links to are how a
// newcomer finds their way: every link to a section (#anchor) must name a
// heading that exists, and every relative link a file of the project, so
// that renaming a section or moving a file cannot leave a dead link.
func TestReadmeLinksResolve(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the project's files
	readme := readmeBytes(t)
	titles, _ := readmeHeadings(readme)
	anchors := map[string]bool{}
	for _, h := range titles {
		anchors[headingAnchor(h)] = true
	}
	links := regexp.MustCompile(`\]\(([^)\s]+)\)`).FindAllStringSubmatch(readme, -1)
	if len(links) < 5 {
		t.Fatalf("the README has %d links; the test expects the links of \"Where to start\" and more", len(links))
	}
	for _, l := range links {
		target := l[1]
		switch {
		case strings.HasPrefix(target, "#"):
			if !anchors[target[1:]] {
				t.Errorf("the README links to %s, which is no heading of it", target)
			}
		case strings.Contains(target, "://"):
			// another site's page: not the project's to keep
		default:
			path, _, _ := strings.Cut(target, "#")
			if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(path))); err != nil {
				t.Errorf("the README links to %s, which is no file of the project", target)
			}
		}
	}
}

// A newcomer reads the README from the top: what it is, how to run and
// test it, what it looks like and where each reader starts come before
// the first section on using it ("Moving around"), and the material for
// contributors (the test suite's workings, the engine's speed) comes last,
// after the layout, where it once pushed all of that two hundred lines
// down.
func TestReadmeOpensForNewcomers(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README
	titles, levels := readmeHeadings(readmeBytes(t))
	var sections []string
	for i, h := range titles {
		if levels[i] == 2 {
			sections = append(sections, h)
		}
	}
	moving := slices.Index(sections, "Moving around")
	if moving < 0 {
		t.Fatalf("the README has no section \"Moving around\"; its sections are %q", sections)
	}
	if want := []string{"Run it, test it", "What it looks like", "Where to start"}; !slices.Equal(sections[:min(len(want), moving)], want) {
		t.Errorf("the README opens with the sections %q; a newcomer should first read %q", sections[:moving], want)
	}
	if n := len(sections); n < 2 || sections[n-2] != "Layout" || sections[n-1] != "For contributors" {
		t.Errorf("the README's last sections are %q; want the Layout, then For contributors", sections[max(0, len(sections)-2):])
	}
	var after []string
	for i := slices.Index(titles, "For contributors") + 1; i > 0 && i < len(titles); i++ {
		after = append(after, titles[i])
	}
	for _, want := range []string{"How the test suite keeps to four minutes", "Speed"} {
		if !slices.Contains(after, want) {
			t.Errorf("the README's %q is not under For contributors (there: %q)", want, after)
		}
	}
}
