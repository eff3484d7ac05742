package pane_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// moreLimits is the title's count of the rows a short pane leaves out.
var moreLimits = regexp.MustCompile(`\+(\d+) more`)

// A limits pane too short for its rows says how many it leaves out: the
// reviewer's go-server compare at 80x24 showed 3 of 5 and said nothing.
func TestShortLimitsSayWhatTheyHide(t *testing.T) {
	d := tuitest.At(t, "go-server", 1, 30)
	rows := 0
	for _, l := range strings.Split(limitsView(d, 40, 20), "\n") {
		if strings.HasPrefix(l, "│") && strings.TrimSpace(strings.Trim(l, "│")) != "" {
			rows++
		}
	}
	for h := 3; h < rows+2; h++ {
		for _, w := range []int{16, 24, 40, 60} {
			v := limitsView(d, w, h)
			lines := strings.Split(v, "\n")
			m := moreLimits.FindStringSubmatch(v)
			if m == nil {
				t.Errorf("%dx%d: %d rows of %d shown, none said hidden:\n%s", w, h, h-2, rows, v)
				continue
			}
			n, _ := strconv.Atoi(m[1])
			shown := h - 2
			if !strings.Contains(lines[0], m[0]) {
				shown-- // the last line says it, in a row's place
			}
			if shown+n != rows {
				t.Errorf("%dx%d: %d rows shown and %q of %d:\n%s", w, h, shown, m[0], rows, v)
			}
		}
	}
}

// A short limits pane keeps the limits under pressure: go-server's
// semaphore on payments, full at 30 s, before the idle database pool
// above it.
func TestShortLimitsKeepTheFullOne(t *testing.T) {
	d := tuitest.At(t, "go-server", 1, 30)
	v := limitsView(d, 40, 4)
	lines := strings.Split(v, "\n")
	// The rows alone: the bottom edge names the limits left out.
	rows := strings.Join(lines[1:len(lines)-1], "\n")
	if !strings.Contains(rows, "payments") {
		t.Errorf("the full semaphore left out:\n%s", v)
	}
	if strings.Contains(rows, "database") {
		t.Errorf("the idle pool kept before the full semaphore:\n%s", v)
	}
}
