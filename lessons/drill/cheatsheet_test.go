package drill

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
)

func TestCheatSheetFitsEightyColumns(t *testing.T) {
	s, err := CheatSheet(Text)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(s, "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("line %d is %d columns: %q", i+1, n, l)
		}
	}
	t.Logf("%d lines", strings.Count(s, "\n"))
}

// TestCheatSheetQuotesTheDefaults: every preset's name and every value its
// configuration describes appear in the sheet.
func TestCheatSheetQuotesTheDefaults(t *testing.T) {
	for _, f := range []Format{Text, Markdown} {
		s, err := CheatSheet(f)
		if err != nil {
			t.Fatal(err)
		}
		flat := strings.Join(strings.Fields(s), " ")
		for _, p := range breaker.Presets() {
			if !strings.Contains(s, p.Name) {
				t.Errorf("%s: no column for %s", f, p.Name)
			}
			for _, set := range p.Config.Describe() {
				if set.Value != "-" && !strings.Contains(flat, set.Value) {
					t.Errorf("%s: %s's %s (%s) is missing", f, p.Name, set.Name, set.Value)
				}
			}
		}
		for _, want := range []string{"Retry > CircuitBreaker", "attempt timeout", "Which tool", "How each goes wrong", "= 28"} {
			if !strings.Contains(flat, want) {
				t.Errorf("%s: %q is missing", f, want)
			}
		}
	}
	if _, err := CheatSheet("html"); err == nil || !strings.Contains(err.Error(), "text, markdown") {
		t.Fatalf("html: %v", err)
	}
}

// TestBulkheadDefaultsAgreeWithTheFacts: the concept cards' bulkhead
// strings state the numbers lessons/facts holds.
func TestBulkheadDefaultsAgreeWithTheFacts(t *testing.T) {
	lab := lessons.NewLab()
	for i, names := range [][]string{
		{"r4j.bulkhead.max_concurrent"},
		{"r4j.thread_bulkhead.queue"},
		{"envoy.max_connections", "envoy.max_pending_requests", "envoy.max_requests", "envoy.max_retries"},
	} {
		for _, n := range names {
			v, err := lab.FillText("bulkhead default", "{{fact "+n+"}}")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(BulkheadDefaults[i].Value, v) {
				t.Errorf("%q does not state %s = %s", BulkheadDefaults[i].Value, n, v)
			}
		}
	}
}

// TestCheatSheetChecks is `breakerlab cheatsheet --check` on the embedded
// sheet: every placeholder fills, every claim holds, no row has a number
// nothing checks, and every library's numbers come from its facts.
func TestCheatSheetChecks(t *testing.T) {
	sum, err := CheckCheatSheet()
	if err != nil {
		t.Fatal(err)
	}
	if sum.Rows < 30 || sum.Placeholders < 50 || sum.Claims < 20 || sum.Libraries < 10 {
		t.Fatalf("the check covered too little: %v", sum)
	}
	t.Log(sum)
}

// TestCheatSheetCheckRefusesABadRow: a wrong number, a typed number, a
// library's number from a simulation, and a fact quoted without its
// library each fail, naming the section and the row.
func TestCheatSheetCheckRefusesABadRow(t *testing.T) {
	for _, c := range []struct{ row, want string }{
		{`label = "AWS retry quota"
text = "{{fact aws.retry.capacity}} tokens"
expect = ["fact aws.retry.capacity == 400"]`, "claims \"fact aws.retry.capacity == 400\""},
		{`label = "AWS retry quota"
text = "500 tokens, {{fact aws.retry.cost}} a retry"`, "typed numbers nothing checks: 500"},
		{`label = "Envoy per cluster"
text = "{{param cascade/0 workers}} connections"`, "names Envoy but quotes a simulation's number"},
		{`label = "Envoy per cluster"
text = "at most {{littles 4 1s}} retries"`, "names Envoy and states numbers, none of them its"},
		{`label = "quota"
text = "{{fact aws.retry.capacity}} tokens"`, "without naming AWS"},
		{`label = "pool"
text = "{{little cascade/0 recommendations timeout}} workers"
expect = ["little cascade/0 recommendations timeout < param cascade/0 workers"]`, "claims"},
	} {
		sh, err := ParseSheet([]byte("title = \"t\"\n[[section]]\ntitle = \"Bad\"\n[[section.row]]\n" + c.row + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = sh.Check(lessons.NewLab())
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `section "Bad", row`) {
			t.Errorf("%s\n  gives %v\n  want the section, the row and %q", c.row, err, c.want)
		}
	}
	if _, err := ParseSheet([]byte("title = \"t\"\n[[section]]\ntitle = \"S\"\n[[section.row]]\nlabel = \"x\"\ntext = \"y\"\nexpct = []\n")); err == nil {
		t.Error("a misspelt key must be refused")
	}
}

// row finds a row of the embedded sheet by its label.
func row(t *testing.T, label string) Row {
	t.Helper()
	sh, err := DefaultSheet()
	if err != nil {
		t.Fatal(err)
	}
	for _, sec := range sh.Sections {
		for _, r := range sec.Rows {
			if r.Label == label {
				return r
			}
		}
	}
	t.Fatalf("no row %q", label)
	return Row{}
}

// TestCheatSheetStatesTheFixes: what issue 22 found missing or wrong stays
// said, each backed by a claim or a fact the check evaluates.
func TestCheatSheetStatesTheFixes(t *testing.T) {
	has := func(r Row, wants ...string) {
		t.Helper()
		all := r.Text + " " + strings.Join(r.Expect, " ") + " " + r.Lesson
		for _, w := range wants {
			if !strings.Contains(all, w) {
				t.Errorf("row %q does not say %q", r.Label, w)
			}
		}
	}
	// The AWS quota refunds a successful retry what it paid, after a
	// timeout too, and never holds more than it starts with
	// (engine/retry.TokenBucket); its prices are those from before the
	// 2026 update, and the row gives today's.
	has(row(t, "AWS retry quota"), "never holds more", "gets exactly that back if it succeeds",
		"fact aws.retry.success_refund == fact aws.retry.cost", "fact aws.retry.timeout_refund == fact aws.retry.timeout_cost",
		"fact aws.retry.max_tokens == fact aws.retry.capacity",
		"before aws-sdk-go-v2 v1.48.0's update", "{{fact aws.retry.v2026.cost}}", "{{fact aws.retry.v2026.throttle_cost}}")
	has(row(t, "retry budget"), "as simulated", "v1.48.0", "{{fact aws.retry.v2026.outage_retries}}",
		"fact aws.retry.v2026.outage_retries == quota-retries 500 14")
	// What a budget is for, the interviewer's next question after "a
	// retry budget": the row gave only its arithmetic.
	has(row(t, "retry budget"), "a failing dependency gets no retry storm")
	// That order is .NET's standard handler; Polly imposes none.
	has(row(t, ".NET handler"), "AddStandardResilienceHandler", "Polly itself runs strategies in the order you add them")
	// A bulkhead does spare a slow downstream (lesson 9 step 7), not a fast
	// one (lesson 10 step 4).
	has(row(t, "spare a downstream"), "rate limiter", "bulkhead caps calls in flight",
		"inflight-max checkout/4 payment < inflight-max checkout/1 payment",
		"service-answered rate-limit-vs-bulkhead/2 catalog ok > service-answered rate-limit-vs-bulkhead/1 catalog ok")
	// A timeout gives the provider no relief only without cancellation.
	has(row(t, "timeout"), "without cancellation", "service-abandoned multi-hop/2 inventory == 0")
	// Rate × p99 with no headroom refuses healthy calls (lesson 3's run),
	// quoted as the mean over seeds 1 to 20, as lesson 3's card does.
	has(row(t, "bulkhead size"), "plus headroom", "03-bulkheads", "{{mean-share step7 checkout rejected 1..20}}", "seeds 1 to 20",
		"mean-share step7 checkout rejected 1..20 > 5%")
	// The pool is named, and is one pool for both rates: "= 10 < 16"
	// followed the cascade's "16 of 200 workers" and read as that 16.
	has(row(t, "pool fills"), "checkout's pool of {{param checkout/1 workers}} workers", "param checkout/2 workers == param checkout/1 workers")
	// Lessons 10 to 13 and the seeds' ideas.
	has(row(t, "overload"), "503", "shed by priority")
	has(row(t, "a fast caller"), "429 + Retry-After")
	has(row(t, "a noisy tenant"), "bulkhead per tenant", "overflow capped per tenant")
	has(row(t, "deadline budget"), "min(own, left − margin)", "{{deadline-budget")
	has(row(t, "a fleet recovering"), "jitter", "cooldown to the restart")
	has(row(t, "Resilience4j RateLimiter"), "{{fact r4j.ratelimiter.limit}}", "{{fact r4j.ratelimiter.wait}}")
	has(row(t, "Resilience4j TimeLimiter"), "{{fact r4j.timelimiter.timeout}}")
	has(row(t, "Resilience4j Retry"), "{{fact r4j.retry.attempts}}", "{{fact r4j.retry.wait}}")
	has(row(t, "origins"), "Release It!", "Fowler", "Hystrix")
	// Release It! already has the half-open state; Fowler's article did not
	// add it (findings I, F1).
	has(row(t, "origins"), "Release It! named both (breaker with closed, open, half-open")
	has(row(t, "after half-open"), "ramp")
	has(row(t, "acquisition wait"), "{{fact guide.bulkhead.wait_min}}", "{{fact guide.bulkhead.wait_max}}")
	has(row(t, "bulkhead"), "defer", "finally")
	has(row(t, "both"), "outermost")
	// What an interviewer asks after the defaults (issue u256): what to
	// start a breaker with, whether to share it across instances, how to
	// see it trip, and in what order to shed.
	has(row(t, "start with"), "{{fact guide.breaker.failure_rate}}", "{{fact guide.breaker.window}}", "{{fact guide.breaker.min_calls}}",
		"{{fact guide.breaker.cooldown}}", "{{fact guide.breaker.probes}} probe", "{{fact guide.breaker.consecutive}} failures in a row",
		"fact guide.breaker.probes == preset gobreaker trials")
	has(row(t, "a fleet's breakers"), "one per instance", "a shared one", "round trip on the hot path",
		"fleet-open-at fleet-probes/0 api 20s == 0", "fleet-open-at fleet-probes/0 api 21s == param fleet-probes/0 api.instances")
	has(row(t, "seeing a breaker"), "gauge", "notify on every opening", "time open per hour", "fallback rate", "flapping", "4xx",
		"time-open breaker-timeline/0 == 60s")
	has(row(t, "overload"), "sheddable class first and critical last", "shed-class noisy-tenant/2 critical == 0",
		"share noisy-tenant/2 export ok < 20%")
	sh, _ := DefaultSheet()
	for _, subject := range []string{"timeouts", "deadlines", "retries", "breakers", "bulkheads", "rate limits", "load shedding", "shuffle sharding"} {
		if !strings.Contains(sh.Title, subject) {
			t.Errorf("the title does not list %s", subject)
		}
	}
}

// TestBulkheadRefusalsAreOneMeasure: the cheat sheet and lesson 3's
// self-check (deck card lesson-03-bulkheads-15) quote the refusals of the
// cap with no headroom with the same placeholder in the same lesson, so
// they print one number, the mean over seeds 1 to 20, and both say which
// seeds.
func TestBulkheadRefusalsAreOneMeasure(t *testing.T) {
	const measure = "{{mean-share step7 checkout rejected 1..20}}"
	r := row(t, "bulkhead size")
	if r.Lesson != "03-bulkheads" || !strings.Contains(r.Text, measure) || !strings.Contains(r.Text, "seeds 1 to 20") {
		t.Errorf("the bulkhead row (lesson %q) must quote %s and say which seeds: %q", r.Lesson, measure, r.Text)
	}
	l, err := lessons.Lookup("03-bulkheads")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, st := range l.Steps {
		if st.Title == "Self-check: headroom" && st.Question != nil {
			found = true
			if !strings.Contains(st.Question.Explain, measure) || !strings.Contains(st.Question.Explain, "seeds 1 to 20") {
				t.Errorf("lesson 3's self-check must quote %s over seeds 1 to 20: %q", measure, st.Question.Explain)
			}
		}
	}
	if !found {
		t.Fatal("lesson 3 has no \"Self-check: headroom\"")
	}
	lab := lessons.NewLab()
	sheet, err := lab.FillLessonText(l, "bulkhead size", measure)
	if err != nil {
		t.Fatal(err)
	}
	s, err := CheatSheet(Text)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(s), " "), "refuses "+sheet+" of healthy checkouts") {
		t.Errorf("the printed sheet does not give lesson 3's %s", sheet)
	}
}

// TestHystrixFootnoteMatchesTheModel: the table claims each library's
// documented defaults, so its Hystrix column says when Hystrix judges (a
// health snapshot, every hystrix.snapshot); while the model judges Hystrix
// after every call instead, the footnote says so.
func TestHystrixFootnoteMatchesTheModel(t *testing.T) {
	judged := ""
	for _, set := range breaker.Hystrix().Describe() {
		if set.Name == "judged after" {
			judged = set.Value
		}
	}
	snapshot, err := lessons.NewLab().FillText("hystrix", "{{fact hystrix.snapshot}}")
	if err != nil {
		t.Fatal(err)
	}
	if judged != "each "+snapshot {
		t.Errorf("the table judges Hystrix after %q; Hystrix judges a snapshot every %s", judged, snapshot)
	}
	note := row(t, "hystrix")
	if breaker.Hystrix().JudgeOnFailure {
		t.Errorf("the model now judges Hystrix only on a failure: update the footnote %q", note.Text)
	}
	for _, want := range []string{"{{fact hystrix.snapshot}}", "not each call as modelled here"} {
		if !strings.Contains(note.Text, want) {
			t.Errorf("the model judges Hystrix after every call; the footnote must say %q: %q", want, note.Text)
		}
	}
}

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/name; -update rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test ./lessons/drill -update rewrites it)\n--- got\n%s--- want\n%s", path, got, want)
	}
}

func TestCheatSheetGolden(t *testing.T) {
	for _, f := range []Format{Text, Markdown} {
		s, err := CheatSheet(f)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "cheatsheet."+string(f)+".golden", s)
	}
}

// Under the breakers' table, a line for each row says what the row means:
// "late results recorded", "window kept per state" were engine jargon with
// nothing to read them by, and so were the rows no library sets, which
// the sheet named in a note ("half-open max", "rate rounding").
func TestCheatSheetSaysWhatEachBreakerRowMeans(t *testing.T) {
	for _, f := range []Format{Text, Markdown} {
		s, err := CheatSheet(f)
		if err != nil {
			t.Fatal(err)
		}
		table, legend, ok := strings.Cut(s, "What the rows mean:")
		if !ok {
			t.Fatalf("%s: no legend under the breakers' table:\n%s", f, s)
		}
		_, table, _ = strings.Cut(table, "Breaker defaults")
		flat := " " + strings.Join(strings.Fields(strings.ReplaceAll(legend, "**", "")), " ") + " "
		shown := 0
		for _, r := range breaker.Resilience4j().Describe() {
			if strings.Contains(table, r.Name+" ") {
				shown++
			}
			m := breaker.Meaning(r.Name)
			want := " " + r.Name + " " + m + " "
			if f == Markdown {
				want = " " + r.Name + ": " + m + " "
			}
			if m == "" || !strings.Contains(flat, want) {
				t.Errorf("%s: the row %q has no line that says what it means (%q)", f, r.Name, m)
			}
		}
		if shown < 15 {
			t.Fatalf("%s: found %d of the table's rows", f, shown)
		}
	}
}

// In the text sheet the breakers' tables keep two spaces between columns,
// so a row splits on them into its label and one value a library ("each
// 500 ms every call" with one space read as one value), and each legend,
// and the footnotes after them, stands apart from what is above by a
// blank line: the footnotes ran on under "No library sets these".
func TestCheatSheetTextTablesStandApart(t *testing.T) {
	s, err := CheatSheet(Text)
	if err != nil {
		t.Fatal(err)
	}
	_, s, _ = strings.Cut(s, "Breaker defaults")
	// The columns' versions come first under the tables, then the legends.
	tables, _, ok := strings.Cut(s, "Whose defaults each column gives:")
	if !ok {
		t.Fatal("no versions under the breakers' table")
	}
	gutter := regexp.MustCompile(`\s{2,}`)
	libraries := 0
	for _, block := range strings.Split(strings.TrimSpace(tables), "\n\n") {
		lines := strings.Split(block, "\n")
		if !strings.HasPrefix(lines[0], "   ") {
			lines = lines[1:] // the section's title, above the first table
		}
		if len(lines) < 2 {
			t.Fatalf("a table of one line: %q", block)
		}
		head := gutter.Split(strings.TrimSpace(lines[0]), -1)
		libraries += len(head)
		for _, l := range lines[1:] {
			if cells := gutter.Split(strings.TrimSpace(l), -1); len(cells) != len(head)+1 {
				t.Errorf("row %q splits into %d cells at two spaces, want a label and %d values (%v)", l, len(cells), len(head), head)
			}
		}
	}
	if libraries != len(breaker.Presets()) {
		t.Errorf("the tables' heads name %d libraries, want %d", libraries, len(breaker.Presets()))
	}
	for _, line := range []string{"  Whose defaults each column gives:", "  What the rows mean:", "  No library sets these; the engine can:", "  hystrix "} {
		if !strings.Contains(s, "\n\n"+line) {
			t.Errorf("%q has no blank line above it", line)
		}
	}
}
