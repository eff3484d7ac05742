package lab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The lab's table showed its fault notation (slow:10s@500ms-3.5s) with no
// word on what it meant. Each fault now says itself in words made from the
// parsed fault: for every kind the notation allows, the words read from a
// fault's notation say the kind, its argument and its span as the notation
// does.
func TestFaultWordsAgreeWithTheNotation(t *testing.T) {
	racefree.Only(t) // no goroutine: it parses faults and writes their words
	cases := map[string]string{
		"slow:10s@500ms-3.5s": "slow: each call takes 10 s, from 500 ms to 3.5 s",
		"slow:1m30s@0s-":      "slow: each call takes 1m30s, from 0 s to the end",
		"slow:250us@1s-2s":    "slow: each call takes 250 µs, from 1 s to 2 s",
		"error:0.3@1s-2s":     "error: 30% of calls answer 500, from 1 s to 2 s",
		"error:1@0s-":         "error: 100% of calls answer 500, from 0 s to the end",
		"error:0.125@2s-2.5s": "error: 12.5% of calls answer 500, from 2 s to 2.5 s",
		// Every digit the notation carries, not 'g' 12's 12.3456789012%.
		"error:0.1234567890123@0s-": "error: 12.34567890123% of calls answer 500, from 0 s to the end",
		"hang@1s-":                  "hang: calls never answer, from 1 s to the end",
		"hang@4s-5s":                "hang: calls are held unanswered until it ends, from 4 s to 5 s",
		"close@0s-1s":               "close: each connection closes unanswered, from 0 s to 1 s",
		"garbage@2s-3s":             "garbage: each call gets bytes that are not HTTP, from 2 s to 3 s",
		"0.5s payment slow 10s":     "slow: each call takes 10 s, from 500 ms to the end",
	}
	seen := map[FaultKind]bool{}
	for notation, want := range cases {
		f, err := ParseFault(notation)
		if err != nil {
			t.Fatalf("%q: %v", notation, err)
		}
		seen[f.Kind] = true
		if got := f.Words(); got != want {
			t.Errorf("%q says %q, want %q", notation, got, want)
		}
		// The words come from the fault the notation parses to, so the
		// fault written back and read again says the same.
		back, err := ParseFault(f.String())
		if err != nil || back.Words() != f.Words() {
			t.Errorf("%q written back as %q says %q, %v", notation, f.String(), back.Words(), err)
		}
		if !strings.HasPrefix(f.Words(), f.Kind.String()+": ") {
			t.Errorf("%q: %q does not start with its kind", notation, f.Words())
		}
	}
	for k := range faultNames {
		if !seen[FaultKind(k)] {
			t.Errorf("no case says fault kind %v in words", FaultKind(k))
		}
	}
}

// The table says each fault in words under the notation, once, and keeps
// to 80 columns.
func TestTableSaysTheFaultsInWords(t *testing.T) {
	racefree.Only(t) // no goroutine: it writes a table of results made here
	c := DefaultConfig(Protected)
	garbage, err := ParseFault("garbage@2s-3s")
	if err != nil {
		t.Fatal(err)
	}
	c.Faults = append(DefaultFaults(), garbage)
	r := Result{Config: c, Variant: c.VariantName(), From: time.Second, To: 2 * time.Second, Attempts: 1}
	var b strings.Builder
	if err := WriteTable(&b, []Result{r}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, f := range c.Faults {
		if !strings.Contains(out, f.String()) || strings.Count(out, f.Words()) != 1 {
			t.Errorf("the table does not show %s and, once, %q:\n%s", f, f.Words(), out)
		}
	}
	if !strings.Contains(out, "slow: each call takes 10 s, from 500 ms to 3.5 s") {
		t.Errorf("the reference's incident is not in words:\n%s", out)
	}
	for i, l := range strings.Split(out, "\n") {
		if len([]rune(l)) > 80 {
			t.Errorf("line %d is %d columns: %q", i+1, len([]rune(l)), l)
		}
	}
}

// Several faults keep the table to 80 columns, each notation whole on a
// line and each in words once: the faults' line ran to 130 columns.
func TestTableWrapsManyFaults(t *testing.T) {
	racefree.Only(t) // no goroutine: it writes a table of results made here
	c := DefaultConfig(Protected)
	c.Faults = nil
	for _, spec := range []string{"slow:10s@500ms-3.5s", "error:0.3@1s-2s", "hang@4s-5s", "close@6s-7s", "garbage@8s-9s", "slow:2s@10s-12s"} {
		f, err := ParseFault(spec)
		if err != nil {
			t.Fatal(err)
		}
		c.Faults = append(c.Faults, f)
	}
	r := Result{Config: c, Variant: c.VariantName(), From: time.Second, To: 2 * time.Second, Attempts: 1}
	var b strings.Builder
	if err := WriteTable(&b, []Result{r}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for i, l := range strings.Split(out, "\n") {
		if len([]rune(l)) > 80 {
			t.Errorf("line %d is %d columns: %q", i+1, len([]rune(l)), l)
		}
	}
	joined := strings.Join(strings.Fields(out), " ")
	for _, f := range c.Faults {
		if !strings.Contains(out, f.String()) || strings.Count(joined, f.Words()) != 1 {
			t.Errorf("the table does not show %s whole and, once, %q:\n%s", f, f.Words(), out)
		}
	}
}
