package main

import (
	"strings"
	"testing"
)

func TestInterviewHeadless(t *testing.T) {
	out, errOut, code := run(t, "interview", "--list")
	if code != 0 || strings.Count(out, "\n") < 6 || !strings.Contains(out, "search-ranking") {
		t.Fatalf("--list: exit %d, %q %q", code, out, errOut)
	}
	out, _, code = run(t, "interview", "--rubric", "search-ranking")
	if code != 0 || !strings.Contains(out, "A strong answer says") || !strings.Contains(out, "breakerlab sandbox cascade") {
		t.Fatalf("--rubric: exit %d, %q", code, out)
	}
	for i, l := range strings.Split(out, "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("line %d is %d columns", i+1, n)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"interview", "nope"}, "allowed: api-gateway"},
		{[]string{"interview", "--rubric", "nope"}, "allowed: api-gateway"},
		{[]string{"interview", "--minutes", "0"}, "1 to 120"},
		{[]string{"interview", "--minutes", "121"}, "1 to 120"},
		{[]string{"interview", "a", "b"}, "at most one prompt"},
		{[]string{"interview", "--list", "--rubric", "e-commerce"}, "takes no prompt"},
		{[]string{"interview", "--help"}, "--minutes"},
		{[]string{"interview", "e-commerce"}, "needs a terminal"},
	} {
		_, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}
