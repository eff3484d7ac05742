package drill

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// LoadInterviews reads back what SaveInterview wrote, oldest first by
// when each started, whatever order they were saved in; files that are
// not interviews are named in Bad (the others read all the same), and a
// save's temporary file, a folder or another kind of file is passed over.
func TestLoadInterviewsReadsWhatWasSaved(t *testing.T) {
	dir := t.TempDir()
	if h, err := LoadInterviews(dir); err != nil || len(h.Interviews)+len(h.Bad) != 0 {
		t.Fatalf("no folder: %+v, %v", h, err)
	}
	start := time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC)
	point := func(id string, said bool) GradedPoint { return GradedPoint{ID: id, Text: "the " + id, Said: said} }
	for _, iv := range []Interview{
		{Prompt: "e-commerce", Title: "An e-commerce site", Started: start.Add(time.Hour), Allowed: 10 * time.Minute, Used: 4 * time.Minute,
			Answer: "best-sellers", Points: []GradedPoint{point("degrade", true), point("timeout", false)}},
		{Prompt: "api-gateway", Title: "An API gateway", Text: "Design an API gateway.", Started: start, Allowed: 30 * time.Minute, Used: 30 * time.Minute,
			Answer: "per upstream", Points: []GradedPoint{point("per-upstream", true), point("quota", true), point("timeout", false)}},
	} {
		if _, err := SaveInterview(dir, iv); err != nil {
			t.Fatal(err)
		}
	}
	ivDir := filepath.Join(dir, InterviewDir)
	for name, body := range map[string]string{
		".drill-123.tmp":                  "{",
		"notes.txt":                       "mine",
		"20261130T160000Z-cut.json":       `{"prompt": "cut", "started": "2026-11-30T16:00:00Z", "poi`,
		"20261130T170000Z-empty.json":     `{}`,
		"20261130T180000Z-no-points.json": `{"prompt": "api-gateway", "started": "2026-11-30T18:00:00Z", "points": []}`,
	} {
		if err := os.WriteFile(filepath.Join(ivDir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(ivDir, "old.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	h, err := LoadInterviews(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Interviews) != 2 || h.Interviews[0].Prompt != "api-gateway" || h.Interviews[1].Prompt != "e-commerce" {
		t.Fatalf("read %+v, want api-gateway then e-commerce", h.Interviews)
	}
	first := h.Interviews[0]
	if first.ID != "20261130T140000Z-api-gateway" || first.Text != "Design an API gateway." || first.Used != 30*time.Minute ||
		first.Said != 2 || first.Possible != 3 || first.Answer != "per upstream" || !first.Points[1].Said {
		t.Errorf("read back %+v", first)
	}
	var bad []string
	for _, b := range h.Bad {
		bad = append(bad, filepath.Base(b.Path))
		if !strings.Contains(b.Error(), b.Path) || !strings.Contains(b.Error(), "not a saved interview") {
			t.Errorf("the error %q should name its file and say what is wrong", b.Error())
		}
	}
	if strings.Join(bad, " ") != "20261130T160000Z-cut.json 20261130T170000Z-empty.json 20261130T180000Z-no-points.json" {
		t.Errorf("bad files %q", bad)
	}

	for _, c := range []struct {
		key  string
		n    int
		want string // in the error, when there is one
	}{
		{"1", 1, ""}, {"2", 2, ""}, {" 2 ", 2, ""},
		{"20261130T140000Z-api-gateway", 1, ""}, {"20261130T140000Z-api-gateway.json", 1, ""},
		{"3", 0, "numbered 1 to 2"}, {"0", 0, "numbered 1 to 2"}, {"-1", 0, "numbered 1 to 2"},
		{"20261130T170000Z-empty", 0, "20261130T170000Z-empty.json: not a saved interview"},
		{"api-gateway", 0, `no saved interview is called "api-gateway"`},
	} {
		n, iv, err := h.Find(c.key)
		switch {
		case c.want == "" && (err != nil || n != c.n || iv.ID != h.Interviews[c.n-1].ID):
			t.Errorf("Find(%q) = %d, %s, %v; want number %d", c.key, n, iv.ID, err, c.n)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("Find(%q): %v; want an error with %q", c.key, err, c.want)
		}
	}
	if _, _, err := (InterviewHistory{Dir: ivDir}).Find("1"); err == nil || !strings.Contains(err.Error(), "no interview is saved") {
		t.Errorf("Find in an empty history: %v", err)
	}
}
