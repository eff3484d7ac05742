package report_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Wrap measures in display cells: a lead holding a multi-byte character
// ("✱", "⚠") is kept whole and continuation lines start under the words
// after it, and no line runs past the width on the screen, whatever its
// length in bytes.
func TestWrapCountsCells(t *testing.T) {
	racefree.Only(t) // no goroutine: Wrap only builds a string
	for _, c := range []struct {
		name          string
		text          string
		width, indent int
		want          []string
	}{
		{
			name: "a hint mark in the lead", text: "  [x] ✱  3. one bulkhead per dependency, sized by Little's law", width: 40, indent: 12,
			want: []string{
				"  [x] ✱  3. one bulkhead per dependency,",
				"            sized by Little's law",
			},
		},
		{
			name: "a warning mark at the margin", text: "⚠ retries on every layer: load multiplies on the failing service", width: 30, indent: 2,
			want: []string{
				"⚠ retries on every layer: load",
				"  multiplies on the failing",
				"  service",
			},
		},
		{
			name: "multi-byte words fill the line", text: "  sized: rate × p99 → 48 × 1 – près de 48 slots “kept”", width: 30, indent: 2,
			want: []string{
				"  sized: rate × p99 → 48 × 1 –",
				"  près de 48 slots “kept”",
			},
		},
		{
			name: "wide characters take two cells", text: "服务 名称 界面 服务 名称 界面", width: 12, indent: 0,
			want: []string{
				"服务 名称",
				"界面 服务",
				"名称 界面",
			},
		},
	} {
		got := strings.Split(strings.TrimSuffix(report.Wrap(c.text, c.width, c.indent), "\n"), "\n")
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: Wrap(%q, %d, %d) =\n%s\nwant\n%s", c.name, c.text, c.width, c.indent, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			continue
		}
		for i, line := range got {
			if w := ansi.StringWidth(line); w > c.width {
				t.Errorf("%s: line %d is %d cells, past the width %d: %q", c.name, i+1, w, c.width, line)
			}
			if i > 0 && c.indent > 0 && !strings.HasPrefix(line, strings.Repeat(" ", c.indent)+strings.TrimLeft(line, " ")[:1]) {
				t.Errorf("%s: continuation line %d does not start at column %d: %q", c.name, i+1, c.indent, line)
			}
		}
	}
}
