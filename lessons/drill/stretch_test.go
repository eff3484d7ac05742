package drill

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// metricStretches reads, from the lessons' metric table (lessons/FORMAT.md,
// the catalogue every placeholder is written from), which metrics tally
// requests or calls over the measurement window and which over the whole
// run, drain included. Peaks ("the most ... at once") tally nothing.
func metricStretches(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "FORMAT.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\|[^|]*\\|(.*)\\|\\s*$")
	wholeRun := regexp.MustCompile(`\(whole run[);]`)
	tallies := regexp.MustCompile(`\b(requests|calls|attempts|refusals|queries)\b`)
	stretch := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(b), -1) {
		name, help := m[1], m[2]
		if strings.Contains(help, "the most") || !tallies.MatchString(help) {
			continue
		}
		switch {
		case wholeRun.MatchString(help):
			stretch[name] = "whole run"
		case strings.Contains(help, "in the window") || strings.Contains(help, "measurement window"):
			stretch[name] = "window"
		}
	}
	for name, want := range map[string]string{"share": "window", "count": "window", "tenant-share": "window", "tenant-limited": "whole run", "permits-refused": "whole run", "service-answered": "whole run"} {
		if stretch[name] != want {
			t.Fatalf("lessons/FORMAT.md's table reads %s as %q, want %q: the scan lost the table's form", name, stretch[name], want)
		}
	}
	return stretch
}

// stretchTexts are the texts an interviewee memorises, placeholders
// unfilled: every hand card's points and follow-up answer, every mock
// interview's prompt and rubric point, every cheat-sheet row.
func stretchTexts(t *testing.T) map[string]string {
	t.Helper()
	texts := handCardTexts(t)
	prompts, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range prompts {
		texts["interview "+p.ID+" prompt"] = p.Text
		for _, pt := range p.Points {
			texts["interview "+p.ID+" point "+pt.ID] = pt.Text
		}
	}
	sheet, err := DefaultSheet()
	if err != nil {
		t.Fatal(err)
	}
	for _, sec := range sheet.Sections {
		for _, r := range sec.Rows {
			texts["cheat sheet "+sec.Title+": "+r.Label] = r.Text
		}
	}
	return texts
}

var (
	sentenceEnd   = regexp.MustCompile(`[.?!]\s+`)
	anAside       = regexp.MustCompile(`\([^()]*\)`)
	saysWholeRun  = regexp.MustCompile(`\b(?:whole run|over the run)\b`)
	wholeRunWords = "over the whole run"
)

// runTallies lists, by the stretch they count, the runs whose requests or
// calls a text's placeholders tally.
func runTallies(text string, stretch map[string]string) map[string][]string {
	out := map[string][]string{}
	for _, m := range placeholderExprRE.FindAllStringSubmatch(text, -1) {
		e, err := lessons.ParseExpr(m[1])
		if err != nil || len(e.Args) == 0 || stretch[e.Metric] == "" {
			continue
		}
		out[stretch[e.Metric]] = append(out[stretch[e.Metric]], e.Args[0])
	}
	return out
}

// A point that quotes a share of a run's measurement window does not set a
// count of that run's whole run beside it, as if both were parts of the
// same requests; the lessons hold every paragraph to it
// (TestAParagraphCountsOneStretch). The drill's cards were written beside
// lessons 10, 11, 13 and 14 and kept what those lessons said before it:
// concept-tenant-bulkhead gave globex's 100% of the window beside the
// 14,856 calls acme's slots refused in the whole run (14,855 of its 19,425
// requests in the window), concept-semaphore-bulkhead profile's 100%
// beside search's 3,154 refusals of the whole run (2,987 of 3,027 in the
// window). Where a whole-run count is the point (a provider's load, the
// work done for nobody), its sentence says so and quotes no window figure
// of that run.
func TestAnInterviewTextCountsOneStretch(t *testing.T) {
	stretch := metricStretches(t)
	checked := 0
	for where, text := range stretchTexts(t) {
		inWindow := map[string]bool{}
		for _, run := range runTallies(text, stretch)["window"] {
			inWindow[run] = true
		}
		for _, sentence := range sentenceEnd.Split(strings.Join(strings.Fields(text), " "), -1) {
			here := runTallies(sentence, stretch)
			for _, run := range here["whole run"] {
				if !inWindow[run] {
					continue
				}
				checked++
				switch {
				case slices.Contains(here["window"], run):
					t.Errorf("%s: one sentence counts %s over its window and over its whole run: quote the window's count, or give the whole run's a sentence of its own that says %q:\n%s", where, run, wholeRunWords, sentence)
				case !saysWholeRun.MatchString(anAside.ReplaceAllString(sentence, "")):
					t.Errorf("%s quotes a share of %s's window, and this sentence a count of its whole run without saying so: quote the window's count, or say %q:\n%s", where, run, wholeRunWords, sentence)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no text sets a whole run's count beside a window's share of the same run: the check checked nothing")
	}
}
