package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// The commands read and write progress under the config directory: point
// it at a temporary one.
func tempConfig(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	return dir
}

func TestLessonsListsOnePerLine(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	tempConfig(t)
	out, errOut, code := run(t, "lessons", "--wide")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 9 {
		t.Fatalf("%d lines, want one per lesson:\n%s", len(lines), out)
	}
	for _, l := range lines {
		id, title, ok := strings.Cut(l, "  ")
		if !ok || !strings.Contains(id, "-") || strings.TrimSpace(title) == "" {
			t.Errorf("line %q is not ID, two spaces, title", l)
		}
	}
	if !strings.HasPrefix(lines[0], "01-one-slow-dependency") {
		t.Errorf("first line %q", lines[0])
	}
	if _, _, code := run(t, "lessons", "extra"); code != exitUsage {
		t.Errorf("lessons with an argument: exit %d, want %d", code, exitUsage)
	}
}

func TestLessonsShowsProgressAndSurvivesACorruptFile(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	dir := tempConfig(t)
	path := filepath.Join(dir, "breakerlab", "lessons.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	good := `{"version": 1, "lessons": {"02-timeouts": {"step": 2, "seen": [0, 1, 2]}}}`
	if err := os.WriteFile(path, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := run(t, "lessons")
	if code != 0 || !strings.Contains(out, "02-timeouts") || !strings.Contains(out, "(seen 3 of") {
		t.Errorf("exit %d, no progress shown:\n%s", code, out)
	}
	if err := os.WriteFile(path, []byte("{{{"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The list only reads: the file stays where it is, named on stderr
	// with what is wrong; the lesson player, which saves, sets it aside.
	out, errOut, code := run(t, "lessons")
	if code != 0 || strings.Contains(out, "seen") || !strings.Contains(errOut, path+" is unreadable (") || strings.Contains(errOut, "moved to") {
		t.Errorf("a corrupt progress file: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if b, _ := os.ReadFile(path); string(b) != "{{{" {
		t.Errorf("`breakerlab lessons` changed the progress file: %q", b)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("`breakerlab lessons` left %v in the progress folder, want lessons.json alone", entries)
	}
	s, err := lessons.OpenStore(path)
	if err != nil || !strings.Contains(s.Notice(), "it was moved to "+path+".corrupt-") {
		t.Errorf("the player's store: notice %q, %v; want the file set aside", s.Notice(), err)
	}
}

func TestLessonCheckPrintsEveryNumber(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	out, errOut, code := run(t, "lesson", "1", "--check")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"== step 3/", "pauses at 11 s", "Predict before it plays: The hang starts at 10 s", "Answer: 107 workers",
		"After the play (reveal): At 11 s", "**107 of", "== what this lesson taught"} {
		if !strings.Contains(out, want) {
			t.Errorf("--check output lacks %q", want)
		}
	}
	if strings.Contains(out, "{{") {
		t.Error("--check output has an unfilled placeholder")
	}
	// --step N prints that step alone; with json it is refused.
	one, errOut, code := run(t, "lesson", "1", "--check", "--step", "3")
	if code != 0 || strings.Count(one, "\n== ") != 1 || !strings.Contains(one, "\n== step 3/") || !strings.Contains(out, one[strings.Index(one, "\n== step 3/"):]) {
		t.Errorf("--check --step 3: exit %d, %q; want step 3 alone, as --check prints it:\n%s", code, errOut, one)
	}
	if _, errOut, code := run(t, "lesson", "1", "--check", "--step", "3", "--format", "json"); code != 2 || !strings.Contains(errOut, "--step goes with --check's text") {
		t.Errorf("--check --step --format json: exit %d, %q", code, errOut)
	}
}

func TestLessonBadInputIsAUsageError(t *testing.T) {
	racefree.Only(t)
	dir := tempConfig(t)
	bad := filepath.Join(dir, "mine.md")
	src := "+++\ntitle = \"Mine\"\nsummary = \"S\"\n+++\n\n+++ step\ntitle = \"One\"\nscenario = \"cascade\"\npause = \"whenever\"\n+++\ntext\n"
	if err := os.WriteFile(bad, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	false_ := filepath.Join(dir, "claims.md")
	src = "+++\ntitle = \"Mine\"\nsummary = \"S\"\n+++\n\n+++ step\ntitle = \"One\"\nscenario = \"breaker-timeline\"\nexpect = [\"opens step == 30s\"]\n+++\ntext\n"
	if err := os.WriteFile(false_, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"lesson", "99"}, "unknown lesson \"99\""},
		{[]string{"lesson", bad}, "mine.md:9: pause:"},
		{[]string{"lesson", false_}, "claims.md:9: expect:"},
		{[]string{"lesson", filepath.Join(dir, "missing.md")}, "the lesson file " + filepath.Join(dir, "missing.md") + " does not exist"},
		{[]string{"lesson", "1", "2"}, "one lesson"},
		{[]string{"lesson", "1", "--step", "99"}, "--step must be between 1 and"},
		{[]string{"lesson", "--step", "3"}, "--step and --format need a lesson"},
		{[]string{"lesson", "--check", "--format", "json"}, "--step and --format need a lesson"},
		{[]string{"lesson", "--check", "--present"}, "leave out --present"},
		{[]string{"lesson", "1", "--speed", "3"}, "unknown flag --speed: lesson takes --budget, --check, --format, --present, --step; see breakerlab lesson --help"},
		// A number below 1 is refused as 0 is, not as an unknown flag -1;
		// a flag's value that looks like one is still the flag's.
		{[]string{"lesson", "-1"}, "unknown lesson \"-1\": give a number from 1 to"},
		{[]string{"lesson", "--check", "-3"}, "unknown lesson \"-3\": give a number from 1 to"},
		{[]string{"lesson", "1", "--step", "-1"}, "--step must be between 1 and"},
	}
	for _, c := range cases {
		_, errOut, code := run(t, c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, exitUsage, c.want)
		}
	}
}

func TestLessonWithAGoodFileNeedsATerminal(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	_, errOut, code := run(t, "lesson", "1")
	if code != exitUsage || !strings.Contains(errOut, "needs a terminal") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}

// `lesson ID --check --format json` prints the lesson's structure: each
// step's simulation and its questions, predictions marked.
func TestLessonCheckJSON(t *testing.T) {
	racefree.Only(t)
	dir := tempConfig(t)
	file := filepath.Join(dir, "mine.md")
	src := "+++\ntitle = \"Mine\"\nsummary = \"S\"\nrecap = [\"A pool of {{param cascade/0 workers}}.\"]\n+++\n\n" +
		"+++ step\ntitle = \"One\"\nscenario = \"cascade\"\nfrom = \"9s\"\npause = \"12s\"\n[set]\nrecommendations.timeout = \"2s\"\n" +
		"[predict]\nprompt = \"How many at 12 s?\"\nanswer = \"held-at step recommendations 12s\"\ntolerance = \"10%\"\nunit = \"workers\"\nreveal = \"It holds {{held-at step recommendations 12s}}.\"\n" +
		"[question]\nprompt = \"Why?\"\n[[question.choice]]\ntext = \"a\"\nwhy = \"no\"\n[[question.choice]]\ntext = \"b\"\nright = true\n+++\ntext\n" +
		"+++ step\ntitle = \"Two\"\n+++\nwords\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "lesson", file, "--check", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		ID    string   `json:"id"`
		Recap []string `json:"recap"`
		Steps []struct {
			Step       int `json:"step"`
			Title      string
			Simulation *struct {
				Scenario  string         `json:"scenario"`
				Variant   int            `json:"variant"`
				Seed      uint64         `json:"seed"`
				From      string         `json:"from"`
				Pause     string         `json:"pause"`
				PauseMS   *int64         `json:"pause_ms"`
				Overrides map[string]any `json:"overrides"`
			} `json:"simulation"`
			Questions []struct {
				Predict     bool     `json:"predict"`
				Kind        string   `json:"kind"`
				Prompt      string   `json:"prompt"`
				Choices     []any    `json:"choices"`
				Answer      string   `json:"answer"`
				AnswerValue *float64 `json:"answer_value"`
				AnswerIndex int      `json:"answer_index"`
				Reveal      string   `json:"reveal"`
			} `json:"questions"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if got.ID != "mine" || len(got.Steps) != 2 || len(got.Recap) != 1 || got.Recap[0] != "A pool of 200." {
		t.Fatalf("id %q, %d steps, recap %q", got.ID, len(got.Steps), got.Recap)
	}
	s := got.Steps[0]
	if s.Simulation == nil || s.Simulation.Scenario != "cascade" || s.Simulation.Seed != 5 || s.Simulation.From != "9s" ||
		s.Simulation.Pause != "12s" || s.Simulation.PauseMS == nil || *s.Simulation.PauseMS != 12000 ||
		s.Simulation.Overrides["recommendations.timeout"] != "2s" {
		t.Errorf("step 1 simulation %+v", s.Simulation)
	}
	if len(s.Questions) != 2 {
		t.Fatalf("step 1 has %d questions, want the prediction and the question", len(s.Questions))
	}
	p, q := s.Questions[0], s.Questions[1]
	if !p.Predict || p.Kind != "number" || p.AnswerValue == nil || *p.AnswerValue < 50 || p.Answer == "" || !strings.Contains(p.Reveal, p.Answer) {
		t.Errorf("prediction %+v", p)
	}
	if q.Predict || q.Kind != "choice" || q.Answer != "b" || q.AnswerIndex != 2 || len(q.Choices) != 2 {
		t.Errorf("question %+v", q)
	}
	if got.Steps[1].Simulation != nil || got.Steps[1].Questions == nil {
		t.Errorf("a text-only step: %+v", got.Steps[1])
	}
	for _, args := range [][]string{{"lesson", "1", "--format", "json"}, {"lesson", "1", "--check", "--format", "yaml"}} {
		if _, errOut, code := run(t, args...); code != exitUsage || !strings.Contains(errOut, "format") {
			t.Errorf("%v: exit %d, %q; want a usage error about --format", args, code, errOut)
		}
	}
	// Every built-in lesson exports.
	for n := 1; n <= 9; n++ {
		out, errOut, code := run(t, "lesson", strconv.Itoa(n), "--check", "--format", "json")
		if code != 0 || !json.Valid([]byte(out)) {
			t.Errorf("lesson %d: exit %d, %s", n, code, errOut)
		}
	}
}

// TestLessonsFitTheWidth: the list fits the terminal (here --width, which
// stands for one) with each title and its progress wrapped under the title
// column, where an 80-column terminal had cut "(seen 3 of 12 steps)" at its
// edge, or, too narrow for that column, under its ID; with --wide it
// stays one line a lesson.
func TestLessonsFitTheWidth(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	dir := tempConfig(t)
	path := filepath.Join(dir, "breakerlab", "lessons.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	progress := `{"version": 1, "lessons": {"02-timeouts": {"step": 2, "seen": [0, 1, 2]}}}`
	if err := os.WriteFile(path, []byte(progress), 0o644); err != nil {
		t.Fatal(err)
	}
	whole, errOut, code := run(t, "lessons", "--wide")
	if code != 0 {
		t.Fatalf("lessons --wide: exit %d: %s", code, errOut)
	}
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(whole, "\n"); n != len(all) {
		t.Errorf("--wide: %d lines for %d lessons:\n%s", n, len(all), whole)
	}
	for _, width := range []int{80, 60, 40} {
		col := strings.Index(whole, "One slow") // the title column
		if width-col < minTitleWidth {
			col = 4 // too narrow: each title under its ID
		}
		out, errOut, code := run(t, "lessons", "--width", strconv.Itoa(width))
		if code != 0 {
			t.Fatalf("lessons --width %d: exit %d: %s", width, code, errOut)
		}
		ids := 0
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if n := len([]rune(l)); n > width {
				t.Errorf("--width %d: line is %d wide: %q", width, n, l)
			}
			if strings.HasPrefix(l, " ") {
				if strings.TrimLeft(l, " ") == "" || len(l)-len(strings.TrimLeft(l, " ")) != col {
					t.Errorf("--width %d: continuation %q is not under the titles (column %d)", width, l, col)
				}
				continue
			}
			ids++
		}
		if ids != len(all) {
			t.Errorf("--width %d: %d lines start with an ID, want %d:\n%s", width, ids, len(all), out)
		}
		if got := strings.Join(strings.Fields(out), " "); got != strings.Join(strings.Fields(whole), " ") {
			t.Errorf("--width %d lost or changed words:\n%s\nwant the words of:\n%s", width, out, whole)
		}
		if !strings.Contains(out, "(seen 3 of 12 steps)") {
			t.Errorf("--width %d parted the progress:\n%s", width, out)
		}
	}
}
