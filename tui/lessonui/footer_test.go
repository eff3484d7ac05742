package lessonui

import (
	"strings"
	"testing"
)

// The outcomes table's footer says whether anyone is still waiting, never
// "answered": the lessons use that word for success, and the table above
// may be mostly failures (lesson 11's order pages: 94.5 % failed, under
// "3,887 requests, all answered").
func TestOutcomesFooterDoesNotSayAnswered(t *testing.T) {
	p := &endpointsPane{}
	for _, c := range []struct {
		arrived, waiting uint64
		want             string
	}{
		{0, 0, "none arrived yet"},
		{1, 0, "1 request, no longer waiting"},
		{3887, 0, "3,887 requests, none still waiting"},
		{3887, 10, "3,887 requests, 10 still waiting for an answer"},
	} {
		got := p.footers(c.arrived, c.waiting, nil)
		if got[0] != c.want {
			t.Errorf("%d arrived, %d waiting: %q, want %q", c.arrived, c.waiting, got[0], c.want)
		}
		for _, f := range got {
			if strings.Contains(f, "answered") {
				t.Errorf("%d arrived, %d waiting: %q says answered", c.arrived, c.waiting, f)
			}
		}
	}
}
