package lessons

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// formatParagraph is the paragraph of FORMAT.md that starts with start,
// its lines joined.
func formatParagraph(t *testing.T, start string) string {
	t.Helper()
	doc, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, found := strings.Cut(string(doc), "\n"+start)
	if !found {
		t.Fatalf("FORMAT.md has no paragraph that starts %q", start)
	}
	para, _, _ := strings.Cut(rest, "\n\n")
	return strings.Join(strings.Fields(start+para), " ") // one line, for phrases wrapped
}

// A breaker key on a call with no breaker builds one, which an author
// learned only from a refusal. FORMAT.md says so, with every key the
// refusal can ask for (breakerLacks) and every preset a step may start
// from.
func TestFormatSaysASetBuildsABreaker(t *testing.T) {
	para := formatParagraph(t, "A `breaker.*` key on a call that has no breaker")
	// Minimum calls alone judge a rate, so the window is asked for too.
	lacks := breakerLacks(&breaker.Config{MinimumCalls: 1}, "breaker.")
	var keys []string
	for _, item := range lacks {
		for _, word := range regexp.MustCompile(`[a-z_.]+`).FindAllString(item, -1) {
			if word == "or" {
				continue
			}
			if !strings.HasPrefix(word, "breaker.") {
				word = "breaker." + word
			}
			keys = append(keys, word)
		}
	}
	if len(keys) < 4 {
		t.Fatalf("breakerLacks listed %q", lacks)
	}
	for _, k := range keys {
		if !strings.Contains(para, "`"+k+"`") {
			t.Errorf("FORMAT.md does not say a built breaker needs %s:\n%s", k, para)
		}
	}
	for _, p := range breaker.Presets() {
		if !strings.Contains(para, `"`+p.Name+`"`) {
			t.Errorf("FORMAT.md does not name the preset %q:\n%s", p.Name, para)
		}
	}
}

// A bare DEPENDENCY.KEY reads as the one service dependency so called,
// and is refused where two services have one (knobpath.go). FORMAT.md
// says so, and its example paths read as it says on multi-hop.
func TestFormatSaysHowABareDependencyIsRead(t *testing.T) {
	para := formatParagraph(t, "A path names one knob.")
	for _, want := range []string{"`SERVICE/DEPENDENCY.KEY`", "one service dependency so called", "refused", "two services"} {
		if !strings.Contains(para, want) {
			t.Errorf("FORMAT.md's paths lack %q:\n%s", want, para)
		}
	}
	b, ok := scenarios.Lookup("multi-hop")
	if !ok {
		t.Fatal("no multi-hop scenario")
	}
	sys := &b.Build().Variants[0].System
	examples := regexp.MustCompile("`([a-z][a-z0-9_-]*(?:/[a-z0-9_-]+)?\\.[a-z0-9_.]+)`").FindAllStringSubmatch(para, -1)
	if len(examples) < 2 {
		t.Fatalf("FORMAT.md's paths give no examples on multi-hop:\n%s", para)
	}
	for _, m := range examples {
		at, ok, err := findKnob(sys, m[1])
		if !ok || err != nil || at.part != edgePart {
			t.Errorf("FORMAT.md's %s does not read as a service's dependency on multi-hop: found %v, %v", m[1], ok, err)
		}
	}
}
