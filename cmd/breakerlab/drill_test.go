package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
)

func TestDrillDeckPrintsJSONLines(t *testing.T) {
	racefree.Only(t)
	out, errOut, code := run(t, "drill", "--deck")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 80 {
		t.Fatalf("only %d cards", len(lines))
	}
	ids := map[string]bool{}
	for _, l := range lines {
		var c map[string]any
		if err := json.Unmarshal([]byte(l), &c); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		for _, k := range []string{"id", "topic", "kind", "question", "answer", "source"} {
			if s, _ := c[k].(string); s == "" {
				t.Fatalf("card without %s: %s", k, l)
			}
		}
		ids[c["id"].(string)] = true
	}
	for _, id := range []string{"ref-000-interview-states", "ref-001-self-check-2", "concept-timeout-vs-deadline", "numbers-01", "gen-little"} {
		if !ids[id] {
			t.Errorf("--deck lacks %s", id)
		}
	}
	topic, _, _ := run(t, "drill", "--deck", "--topic", "shuffle")
	for _, l := range strings.Split(strings.TrimSpace(topic), "\n") {
		if !strings.Contains(l, `"topic":"shuffle"`) {
			t.Fatalf("--topic shuffle printed %s", l)
		}
	}
}

func TestDrillGenerateIsDeterministic(t *testing.T) {
	racefree.Only(t)
	a, errOut, code := run(t, "drill", "--generate", "9", "--seed", "42")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, _, _ := run(t, "drill", "--seed", "42", "--generate", "9")
	c, _, _ := run(t, "drill", "--generate", "9", "--seed", "43")
	if a != b || a == c {
		t.Fatal("the worksheet does not follow the seed")
	}
	for i, l := range strings.Split(a, "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("line %d is %d columns: %q", i+1, n, l)
		}
	}
	if !strings.Contains(a, "Answers") || !strings.Contains(a, " 9. ") {
		t.Fatalf("worksheet:\n%s", a)
	}
	j, _, code := run(t, "drill", "--generate", "3", "--seed", "1", "--format", "json", "--kind", "cycles,shards")
	if code != 0 {
		t.Fatal(j)
	}
	for _, l := range strings.Split(strings.TrimSpace(j), "\n") {
		var p map[string]any
		if err := json.Unmarshal([]byte(l), &p); err != nil || p["answer"] == "" || p["explain"] == "" {
			t.Fatalf("%v: %s", err, l)
		}
		if k := p["kind"]; k != "cycles" && k != "shards" {
			t.Fatalf("--kind cycles,shards gave %v", k)
		}
	}
}

func TestDrillRefusesBadInput(t *testing.T) {
	racefree.Only(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"drill", "--topic", "breakers"}, "allowed: cascade, timeout"},
		{[]string{"drill", "--generate", "0"}, "--generate 0: allowed are 1 to 1000"},
		{[]string{"drill", "--generate", "x"}, `--generate takes a whole number from 1 to 1000, got "x"; see breakerlab drill --help`},
		{[]string{"drill", "--deck", "--generate", "3"}, "give one of them"},
		{[]string{"drill", "--seed", "3"}, "goes with --generate"},
		{[]string{"drill", "--new", "-1"}, "0 or more"},
		{[]string{"drill", "--review", "--new", "3"}, "does not go with it"},
		{[]string{"drill", "--generate", "2", "--kind", "nope"}, "allowed: little, pool"},
		{[]string{"drill", "--generate", "2", "--format", "xml"}, "text, json"},
		{[]string{"drill", "extra"}, "takes no arguments"},
		{[]string{"drill"}, "needs a terminal"},
		{[]string{"cheatsheet", "--format", "html"}, "text, markdown"},
		{[]string{"cheatsheet", "now"}, "takes no arguments"},
	} {
		_, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

func TestCheatSheetCommand(t *testing.T) {
	racefree.Only(t)
	text, errOut, code := run(t, "cheatsheet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	md, _, _ := run(t, "cheatsheet", "--format", "markdown")
	if !strings.HasPrefix(md, "# ") || !strings.Contains(md, "| resilience4j |") || strings.HasPrefix(text, "#") {
		t.Fatal("the formats do not differ as they should")
	}
}

// TestDrillCheck runs `drill --check` on the built-in deck: a one-line
// summary and exit 0; with another flag, exit 2.
func TestDrillCheck(t *testing.T) {
	racefree.Only(t)
	out, errOut, code := run(t, "drill", "--check")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !regexp.MustCompile(`^\d+ cards checked: \d+ placeholders, \d+ claims\n$`).MatchString(out) {
		t.Fatalf("drill --check printed %q", out)
	}
	// The README quotes the line: it must be what the check prints today.
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := "breakerlab drill --check        " + strings.TrimSpace(out); !strings.Contains(string(readme), want+"\n") {
		t.Errorf("README.md should show %q, what drill --check prints", want)
	}
	for _, args := range [][]string{{"drill", "--check", "--deck"}, {"drill", "--check", "--topic", "breaker"}, {"drill", "--check", "extra"}, {"drill", "--check=maybe"}} {
		if _, errOut, code := run(t, args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q; want 2 and a message", args, code, errOut)
		}
	}
}

// TestDrillStatsLeavesACorruptFile: `drill --stats` only reads, so a
// schedule it cannot read stays where it is, byte for byte; stderr names
// the file and what is wrong, and the stats are an empty schedule's. The
// next command that writes (here the store the drill opens) sets it aside.
func TestDrillStatsLeavesACorruptFile(t *testing.T) {
	racefree.Only(t)
	cfg := tempConfig(t)
	dir := filepath.Join(cfg, "breakerlab")
	path := filepath.Join(dir, "drill.json")
	const content = `{"version": 1, "cards": {`
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second run finds the file as the first did
		out, errOut, code := run(t, "drill", "--stats")
		if code != 0 || !strings.Contains(out, "Now: 0 due · 10 new") {
			t.Fatalf("exit %d, %s\n%s", code, errOut, out)
		}
		if !strings.Contains(errOut, path+" is unreadable (unexpected end of JSON input)") || strings.Contains(errOut, "moved to") {
			t.Errorf("stderr does not name the file and what is wrong, or says it moved:\n%s", errOut)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 || entries[0].Name() != "drill.json" {
			t.Fatalf("--stats left %v in the progress folder, want drill.json alone", entries)
		}
		if b, _ := os.ReadFile(path); string(b) != content {
			t.Fatalf("--stats changed the file: %q", b)
		}
	}
	s, err := drill.OpenStore(dir, time.Now())
	if err != nil || !strings.Contains(s.Notice(), "it was moved to "+path+".corrupt-") {
		t.Fatalf("the drill's own store: notice %q, %v; want the file set aside", s.Notice(), err)
	}
}

// TestDrillStats: `drill --stats` prints the schedule's file, the cards due
// and new now, and the review log's retention week by week; with an empty
// log it says so; it refuses --deck and --generate.
func TestDrillStats(t *testing.T) {
	racefree.Only(t)
	cfg := tempConfig(t)
	out, errOut, code := run(t, "drill", "--stats")
	if code != 0 || !strings.Contains(out, "Now: 0 due · 10 new") || !strings.Contains(out, "No reviews in the log yet") {
		t.Fatalf("exit %d, %s\n%s", code, errOut, out)
	}
	s, err := drill.OpenStore(filepath.Join(cfg, "breakerlab"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	// Wednesdays at noon: the same weeks in any time zone.
	wed := func(d int) time.Time { return time.Date(2026, 11, d, 12, 0, 0, 0, time.UTC) }
	s.Answer("numbers-01", drill.Good, wed(11))
	s.Answer("numbers-02", drill.Again, wed(11))
	s.Answer("numbers-02", drill.Hard, wed(18))
	s.Answer("ref-001-self-check-1", drill.Easy, wed(18))
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = run(t, "drill", "--stats", "--new", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"drill.json",
		"Now: 3 due · 5 new",
		"Next: 3 cards due now.\n",
		"  week of     reviews  right  retention\n",
		"  2026-11-09        2      1        50%\n",
		"  2026-11-16        2      2       100%\n",
		"  all               4      3        75%\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("--stats lacks %q:\n%s", want, out)
		}
	}
	review, _, _ := run(t, "drill", "--stats", "--review")
	if !strings.Contains(review, "Now: 3 due · 0 new") {
		t.Errorf("--stats --review counts new cards:\n%s", review)
	}
	for _, args := range [][]string{{"drill", "--stats", "--deck"}, {"drill", "--stats", "--generate", "3"}} {
		if _, errOut, code := run(t, args...); code != 2 || !strings.Contains(errOut, "--stats") {
			t.Errorf("%v: exit %d, %q; want 2 and a message naming --stats", args, code, errOut)
		}
	}
}

// A worksheet's answer takes its unit as the drill's reveal does: an answer
// of one is "1 call", where the unit pasted after the number said "1 calls".
func TestDrillWorksheetAnswerOfOneIsSingular(t *testing.T) {
	racefree.Only(t)
	for seed := range uint64(20000) {
		p, err := drill.One("little", seed)
		if err != nil {
			t.Fatal(err)
		}
		if p.Check.AnswerText != "1" {
			continue
		}
		want := p.Card().AnswerWithUnit()
		if want != "1 call" {
			t.Fatalf("the reveal writes %q", want)
		}
		s := strconv.FormatUint(seed, 10)
		text, errOut, code := run(t, "drill", "--generate", "1", "--kind", "little", "--seed", s)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if strings.Contains(text, "1 calls") || !strings.Contains(text, "1 call") {
			t.Errorf("seed %d's worksheet:\n%s", seed, text)
		}
		j, _, _ := run(t, "drill", "--generate", "1", "--kind", "little", "--seed", s, "--format", "json")
		var line map[string]any
		if err := json.Unmarshal([]byte(strings.TrimSpace(j)), &line); err != nil || line["answer"] != want {
			t.Errorf("seed %d's JSON answer: %v (%v), want %q", seed, line["answer"], err, want)
		}
		return
	}
	t.Fatal("no seed below 20,000 draws an answer of 1 call: look further")
}
