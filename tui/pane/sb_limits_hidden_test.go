package pane_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// footCount is the bottom edge's count of the hidden limits it does not
// name: "hidden: orders-db +2".
var footCount = regexp.MustCompile(`hidden: .* \+(\d+) `)

// A limits pane too short for its rows names the ones it leaves out, not
// only how many: go-server's compare at 80x24 said "+3 more limits" and a
// reader could not tell the hidden loop from the hidden memory.
func TestShortLimitsNameWhatTheyHide(t *testing.T) {
	d := tuitest.At(t, "go-server", 1, 30)
	all := []string{"transport", "database", "payments", "orders-db", "memory", "loop"}
	full := limitsView(d, 60, len(all)+2)
	for _, name := range all {
		if !strings.Contains(full, name) {
			t.Fatalf("the tall pane lacks %s:\n%s", name, full)
		}
	}
	for h := 3; h < len(all)+2; h++ {
		for _, w := range []int{30, 40, 60} {
			v := limitsView(d, w, h)
			lines := strings.Split(v, "\n")
			rows, foot := strings.Join(lines[1:len(lines)-1], "\n"), lines[len(lines)-1]
			if n := len([]rune(foot)); n != w || strings.Contains(foot, "…") {
				t.Errorf("%dx%d: the bottom edge is %d cells, or cut: %q", w, h, n, foot)
			}
			if !strings.Contains(foot, "hidden: ") {
				t.Errorf("%dx%d: the bottom edge names nothing:\n%s", w, h, v)
				continue
			}
			for _, name := range all {
				inRows, inFoot := strings.Contains(rows, name+" "), strings.Contains(foot, name)
				if inRows && inFoot {
					t.Errorf("%dx%d: %s both shown and said hidden:\n%s", w, h, name, v)
				}
			}
			// Named or counted, every limit is accounted for.
			named := 0
			for _, name := range all {
				if strings.Contains(rows, name+" ") || strings.Contains(foot, name) {
					named++
				}
			}
			counted := 0
			if m := footCount.FindStringSubmatch(foot); m != nil {
				counted, _ = strconv.Atoi(m[1])
			}
			if named+counted != len(all) {
				t.Errorf("%dx%d: %d of %d limits named and %d counted:\n%s", w, h, named, len(all), counted, v)
			}
		}
	}
}
