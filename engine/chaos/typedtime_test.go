package chaos

import (
	"strings"
	"testing"
)

// A refused fault's time is quoted back as the learner typed it, and the
// run's end beside it in the same unit: "999s" typed into a 60s run is not
// echoed as "16m39s", a time they never wrote.
func TestRefusalQuotesTheTimeAsTyped(t *testing.T) {
	sc := build(t, "multi-hop") // its traffic runs 60s
	for _, tc := range []struct{ in, says, not string }{
		{"999s inventory hang", `fault "999s inventory hang": at 999s, past the end of multi-hop's traffic, which runs from 0 to 60s`, "16m39s"},
		{"999 inventory hang for 90s", `fault "999 inventory hang for 90s": at 999, past the end of multi-hop's traffic, which runs from 0 to 60s`, "1m30s"},
		{"2m inventory slow 1500ms", `fault "2m inventory slow 1500ms": at 2m, past the end of multi-hop's traffic, which runs from 0 to 1m`, "1.5s"},
		{"61000ms inventory hang", "at 61000ms, past the end of multi-hop's traffic, which runs from 0 to 60000ms", "1m1s"},
		{"1m30s inventory hang", "at 1m30s, past the end of multi-hop's traffic, which runs from 0 to 1m;", ""},
		{"12s nowhere hang for 120s", `fault "12s nowhere hang for 120s": multi-hop has no part called "nowhere"`, "2m"},
	} {
		_, err := ParseIn(sc, tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.says) || (tc.not != "" && strings.Contains(err.Error(), tc.not)) {
			t.Errorf("ParseIn(%q) = %v, want it saying %q and not %q", tc.in, err, tc.says, tc.not)
		}
	}
	// A spec that comes without its words, built in code or kept from
	// before, is refused in String's form.
	sp := Spec{At: 999e9, Target: "inventory", Kind: Hang}
	if err := Check(sc, sp); err == nil || !strings.Contains(err.Error(), `fault "16m39s inventory hang": at 16m39s, past the end of multi-hop's traffic, which runs from 0 to 1m;`) {
		t.Errorf("Check(%v) = %v, want the time in String's form", sp, err)
	}
	// String stays the canonical form whatever was typed.
	if sp, err := Parse("999 inventory hang for 90s"); err != nil || sp.String() != "16m39s inventory hang for 1m30s" {
		t.Errorf("Parse(999 inventory hang for 90s).String() = %q, %v", sp.String(), err)
	}
	// A spec sc takes is Parse's, and equal to the same fault typed otherwise.
	a, errA := ParseIn(sc, "12 inventory slow 1500ms for 10s")
	b, errB := Parse("12s inventory slow 1.5s for 10000ms")
	if errA != nil || errB != nil || a != b {
		t.Errorf("ParseIn read %v, %v; Parse %v, %v", a, errA, b, errB)
	}
}

// A fault whose span outlasts the run is told as running to the end, its
// "for" dropped: the run shows only what lies before its end.
func TestToldSaysAFaultRunsToTheEnd(t *testing.T) {
	const end = 60e9
	for in, want := range map[string]string{
		"50s inventory hang for 30s":         "inventory hang from 50s to the end",
		"50 inventory slow 2s for 1m":        "inventory slow 2s from 50s to the end",
		`50s "orders db" errors 50% for 20s`: `"orders db" errors 50% from 50s to the end`,
		"59.5s api restart":                  "api restart from 59.5s to the end",
		"20s inventory hang for 40s":         "20s inventory hang for 40s", // ends with the run
		"20s inventory hang":                 "20s inventory hang",         // until the end already
		"50s home surge x3 for 5s":           "50s home surge x3 for 5s",
	} {
		sp, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := sp.Told(end); got != want {
			t.Errorf("Parse(%q).Told(60s) = %q, want %q", in, got, want)
		}
	}
}

// A fault kept from what the learner typed and refused later, when the run
// it no longer fits is built (the sandbox keeps its faults through a knob
// edit that shortens the run), is quoted as they typed it, as ParseIn
// quotes one refused as it is typed: past the run's end, refused by the
// variants, or with nothing to recover from. ApplyFor, holding only the
// specs, quotes String's form; words that are not the spec's are not used.
func TestAKeptFaultRefusedLaterIsQuotedAsTyped(t *testing.T) {
	for _, tc := range []struct {
		scenario, typed, says, canonical string
	}{
		{"multi-hop", "999 inventory hang for 90s",
			`fault "999 inventory hang for 90s": at 999, past the end of multi-hop's traffic, which runs from 0 to 60s`,
			`fault "16m39s inventory hang for 1m30s": at 16m39s,`},
		{"noisy-tenant", "20 globex surge x3 for 10000ms",
			`fault "20 globex surge x3 for 10000ms", variant "a bulkhead per tenant" and every other: `,
			`fault "20s globex surge x3 for 10s", variant`},
		{"multi-hop", "50 inventory recover",
			`fault "50 inventory recover": service inventory has no fault or surge in force at 50 to recover from`,
			`fault "50s inventory recover": service inventory has no fault or surge in force at 50s`},
	} {
		sc := build(t, tc.scenario)
		sp, err := Parse(tc.typed)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ApplyTyped(sc, []Spec{sp}, []string{tc.typed}, 1); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("ApplyTyped(%s, %q) = %v\nwant it saying %q", tc.scenario, tc.typed, err, tc.says)
		}
		if _, err := ApplyFor(sc, []Spec{sp}, 1); err == nil || !strings.Contains(err.Error(), tc.canonical) {
			t.Errorf("ApplyFor(%s, %q) = %v\nwant String's form %q", tc.scenario, tc.typed, err, tc.canonical)
		}
		// Words of another fault, or none, leave String's form.
		for _, words := range [][]string{{"12s inventory hang"}, {""}, nil} {
			if _, err := ApplyTyped(sc, []Spec{sp}, words, 1); err == nil || !strings.Contains(err.Error(), tc.canonical) {
				t.Errorf("ApplyTyped(%s, %q) with the words %q = %v\nwant String's form %q", tc.scenario, tc.typed, words, err, tc.canonical)
			}
		}
	}
}

// Every form a fault is shown in reads back as that fault: Told's "from AT
// to the end", which the sandbox's list and a saved file's comment show,
// is a spec --fault takes, the fault from the same moment on, with the
// same target, kind and arguments, lasting to the end; and what it reads
// back as reads back again as itself.
func TestToldReadsBack(t *testing.T) {
	const end = 30e9 // cascade's traffic
	for _, in := range []string{
		"12s profile-db slow 2s for 25s",
		"25s recommendations hang for 1m",
		`20s "orders db" errors 50% for 20s`,
		"10s acme surge x3 for 1m",
		"29.5s api restart",
		"12s profile-db slow 2s for 10s", // ends before the run does: String's form
		"12s recommendations down",
	} {
		sp, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		told := sp.Told(end)
		back, err := Parse(told)
		if err != nil {
			t.Errorf("%q is told as %q, which does not read back: %v", in, told, err)
			continue
		}
		want := sp
		if told != sp.String() && sp.Kind != Restart {
			want.For = 0 // to the end: no span of its own
		}
		if back != want {
			t.Errorf("%q is told as %q, which reads back as %+v, want %+v", in, told, back, want)
		}
		if again, err := Parse(back.Told(end)); err != nil || again != back {
			t.Errorf("%q reads back as %q, told %q, which reads back as %+v, %v", told, back.String(), back.Told(end), again, err)
		}
	}
	for in, want := range map[string]string{
		"profile-db slow 2s for 5s from 12s to the end": "leave out 'for 5s'",
		"profile-db bogus from 12s to the end":          `unknown`,
		"profile-db hang from soon to the end":          `the time "soon"`,
	} {
		if _, err := Parse(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want an error saying %q", in, err, want)
		}
	}
}
