package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

func TestInterviewHeadless(t *testing.T) {
	racefree.Only(t)
	out, errOut, code := run(t, "interview", "--list")
	if code != 0 || strings.Count(out, "\n") < 6 || !strings.Contains(out, "search-ranking") {
		t.Fatalf("--list: exit %d, %q %q", code, out, errOut)
	}
	// stdout is the prompts, one a line, for scripts; stderr says how to
	// start one, which the list alone left unsaid.
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if f := strings.Fields(l); len(f) < 2 || strings.Contains(l, "breakerlab") {
			t.Errorf("--list: %q is not a prompt's id and title", l)
		}
	}
	if !strings.Contains(errOut, "start one: breakerlab interview api-gateway (or breakerlab interview, to choose)") || !strings.Contains(errOut, "breakerlab interview --rubric api-gateway") {
		t.Errorf("--list should say on stderr how to start an interview and read a rubric, got %q", errOut)
	}
	for i, l := range strings.Split(errOut, "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("--list's stderr line %d is %d columns", i+1, n)
		}
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
		{[]string{"interview", "e-commerce"}, "needs a terminal"},
	} {
		_, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(flat(errOut), c.want) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// `interview --check` fills every prompt and rubric point, evaluates their
// claims and finds no number typed by hand; a prompts file with a bad
// point fails with exit 1, naming the prompt and the point.
func TestInterviewCheck(t *testing.T) {
	racefree.Only(t)
	out, errOut, code := run(t, "interview", "--check")
	if code != 0 || !strings.Contains(out, "claims hold, no unchecked number") || !strings.Contains(out, "api-gateway") || !strings.Contains(out, "plays api-gateway") {
		t.Fatalf("--check: exit %d, %q %q", code, out, errOut)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte(`
[[prompts]]
id = "gateway"
title = "A gateway"
scenario = "api-gateway"
text = "A gateway on {{param api-gateway/0 workers}} workers."

[[prompts.points]]
id = "shared"
text = "one breaker shared by every upstream keeps users answered"
keywords = ["shared"]
expect = ["share api-gateway/1 users ok >= 99%"]
`), 0o644)
	out, errOut, code = run(t, "interview", "--check", bad)
	if code != 1 || !strings.Contains(out, "prompt gateway, point shared: claims") || !strings.Contains(errOut, "1 problem") {
		t.Fatalf("--check on a bad point: exit %d, %q %q", code, out, errOut)
	}
	os.WriteFile(bad, []byte("[[prompts]]\nid = 3\n"), 0o644)
	if _, errOut, code := run(t, "interview", "--check", bad); code != 2 || !strings.Contains(errOut, "bad.toml") {
		t.Fatalf("--check on a broken file: exit %d, %q", code, errOut)
	}
	if _, errOut, code := run(t, "interview", "--check", "--list"); code != 2 || !strings.Contains(errOut, "--check takes") {
		t.Fatalf("--check --list: exit %d, %q", code, errOut)
	}
}
