package drill

import (
	"strings"
	"testing"
)

// A rule a candidate memorises ("rate × p99 plus headroom") is half an
// answer until it is worked with the system's numbers, and the follow-ups
// an interviewer asks next (what closes a half-open breaker, what a retry
// budget prevents) were left unsaid: the rubric said "a few trial calls
// decide" and "a retry budget". Each prompt's sizing points now carry its
// own numbers, the engine's, and the common points answer the follow-ups.
func TestRubricWorksTheRulesWithThePromptsNumbers(t *testing.T) {
	for _, c := range []struct {
		prompt, point string
		says          []string
	}{
		{"payment-checkout", "timeout", []string{"near 2 × its p99", "here 500 ms, 2.5 × p99: 20 × 500 ms = 10 of 16 on average, yet 15 held at once 3 s in"}},
		{"payment-checkout", "bulkhead", []string{"here 20 × 200 ms = 4 plus headroom", "a cap of 4 held 4 workers 3 s in, the timeout alone 15"}},
		// "near 50.0% of 20, from 5" read as a code: the rate, the window
		// and the minimum are each said as what they are.
		{"payment-checkout", "threshold", []string{"50.0% failed of the last 20 calls, once 5 are in", "minimum ÷ rate", "here 20 a second bring Resilience4j's 100 in 5 s"}},
		{"slow-apis", "bulkhead", []string{"here 20 × 200 ms = 4 plus headroom"}},
		// At 20 a second the timeout alone kept /health answering; the
		// point credited the bulkhead with no timeout's 25.0% → 100.0%.
		{"payment-checkout", "health", []string{"25.0% with no timeout, 100.0% with the timeout alone, though payment held 15 workers 3 s in"}},
		{"e-commerce", "timeout", []string{"here 2 × 184.2 ms, not 5 s: 100 × 5 s = 500, over the 200 workers"}},
		{"notifications", "bulkhead", []string{"here 100 × 184.2 ms = 18.42: a cap of 20 of the 200"}},
		{"search-ranking", "threshold", []string{"here it opened at 15.072 s, a 5 s timeout after the hang"}},
		{"api-gateway", "timeout", []string{"here even 500 ms, 6.25 × p99, lets 300 × 500 ms = 150 wait, over the 100 workers"}},
		{"api-gateway", "bulkhead", []string{"here search 300 × 80 ms = 24, capped at 25; users, orders, catalog and cart 4 each, capped at 10"}},
		{"api-gateway", "threshold", []string{"here search's opened at 10.53 s, a 500 ms timeout after the hang"}},
	} {
		p, i := pointOf(t, c.prompt, c.point)
		for _, s := range c.says {
			if !strings.Contains(p.Points[i].Text, s) {
				t.Errorf("%s/%s should say %q: %s", c.prompt, c.point, s, p.Points[i].Text)
			}
		}
	}
	for _, p := range Prompts() {
		for _, pt := range p.Points {
			switch pt.ID {
			case "timeout", "bulkhead", "threshold":
				// Once: a prompt's numbers are its own, never another's
				// added to the common point they share.
				if n := strings.Count(pt.Text, "; here "); n != 1 {
					t.Errorf("%s/%s works its rule %d times, want once with its own numbers: %s", p.ID, pt.ID, n, pt.Text)
				}
			case "half-open":
				for _, s := range []string{"a failed trial reopens it", "passing closes it", "1 trial in Polly v8, Netflix Hystrix 1.5, sony/gobreaker v2",
					"10 in Resilience4j 2.x, closing under 50.0% failed", "`breakerlab sandbox breaker-timeline`: closed at 85 s"} {
					if !strings.Contains(pt.Text, s) {
						t.Errorf("%s/half-open should say %q: %s", p.ID, s, pt.Text)
					}
				}
			case "retry":
				if !strings.Contains(pt.Text, "a retry budget (AWS since 2026: 35 retries an outage)") {
					t.Errorf("%s/retry should say how much a budget lets through in an outage, with the SDKs' version: %s", p.ID, pt.Text)
				}
			}
			if strings.Contains(pt.Text, "seeds/") {
				t.Errorf("%s/%s names a reference by its file, not its title: %s", p.ID, pt.ID, pt.Text)
			}
		}
	}
}

// An add names a common point, once, with a text; its claims join that
// point's in its own prompt only.
func TestPromptAdds(t *testing.T) {
	const common = `
[[common]]
id = "timeout"
text = "a timeout"
keywords = ["timeout"]
expect = ["param checkout/0 workers == 16"]
`
	prompt := func(id, adds string) string {
		return "\n[[prompts]]\nid = \"" + id + "\"\ntitle = \"T\"\nscenario = \"checkout\"\ntext = \"{{param checkout/0 workers}} workers\"\n" + adds
	}
	add := func(id, text, expect string) string {
		return "\n[[prompts.adds]]\nid = \"" + id + "\"\ntext = \"" + text + "\"\nexpect = [" + expect + "]\n"
	}
	for _, c := range []struct{ name, file, err string }{
		{"no such point", common + prompt("a", add("timout", "here", "")), `prompt "a": adds to "timout", which is no common point (common: timeout)`},
		{"twice", common + prompt("a", add("timeout", "here", "")+add("timeout", "again", "")), `prompt "a": adds to "timeout" twice`},
		{"no text", common + prompt("a", add("timeout", " ", "")), `prompt "a": its add to "timeout" needs a text`},
	} {
		_, err := ParsePrompts("f.toml", []byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.err)
		}
	}
	ps, err := ParsePrompts("f.toml", []byte(common+
		prompt("a", add("timeout", "here 1", `"param checkout/0 workers > 1"`))+
		prompt("b", add("timeout", "here 2", `"param checkout/0 workers > 2"`))+
		prompt("c", "")))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{
		"a": {"a timeout; here 1", "param checkout/0 workers > 1"},
		"b": {"a timeout; here 2", "param checkout/0 workers > 2"},
		"c": {"a timeout", ""},
	}
	for _, p := range ps {
		pt := p.Points[0]
		w := want[p.ID]
		if pt.Text != w[0] {
			t.Errorf("prompt %s: the timeout point reads %q, want %q", p.ID, pt.Text, w[0])
		}
		wantExpect := []string{"param checkout/0 workers == 16"}
		if w[1] != "" {
			wantExpect = append(wantExpect, w[1])
		}
		if strings.Join(pt.Expect, "|") != strings.Join(wantExpect, "|") {
			t.Errorf("prompt %s: the timeout point claims %q, want %q (an add's claims are its prompt's alone)", p.ID, pt.Expect, wantExpect)
		}
	}
}

// Every prompt's copy of a common point shares its claims' slice; an add
// must not append in place, where the slice has room past its length, or
// one prompt's claim becomes the next prompt's.
func TestAddDoesNotShareClaims(t *testing.T) {
	claims := make([]string, 1, 4)
	claims[0] = "common"
	a := []Point{{ID: "timeout", Text: "t", Expect: claims}}
	b := []Point{{ID: "timeout", Text: "t", Expect: claims}}
	if err := addToCommon("f", "a", a, []addTOML{{ID: "timeout", Text: "here a", Expect: []string{"a's"}}}); err != nil {
		t.Fatal(err)
	}
	if err := addToCommon("f", "b", b, []addTOML{{ID: "timeout", Text: "here b", Expect: []string{"b's"}}}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(a[0].Expect, ","); got != "common,a's" {
		t.Errorf("prompt a's point claims %s, want common,a's", got)
	}
	if got := strings.Join(claims[:1], ","); got != "common" {
		t.Errorf("the common point's claims became %s", got)
	}
}

// "A breaker at 50% of 10 calls" states a threshold and a volume, the
// threshold point, as a mock answer at 200×60 wrote it: no keyword caught
// a share of a count.
func TestThresholdAsAShareOfCalls(t *testing.T) {
	p, i := pointOf(t, "payment-checkout", "threshold")
	for _, a := range []string{"A breaker at 50% of 10 calls, open 5 s.", "Open at 50% of the last 20."} {
		if h, _ := Hints(p, a); !h[i] {
			t.Errorf("%q should hint the threshold point", a)
		}
	}
	if h, _ := Hints(p, "A bulkhead of 4 refused 6.2% of healthy checkouts."); h[i] {
		t.Error("a share of something other than a count hinted the threshold point")
	}
}
