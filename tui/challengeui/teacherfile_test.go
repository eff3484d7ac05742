package challengeui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// teachersCopy writes a teacher's challenge file into dir under the name
// of built-in level 2, bulkhead-20.toml (a teacher who starts from a
// built-in's name, or a student who saves a copy under it), with the
// scenario it starts from, and loads it as `breakerlab challenge FILE`
// does.
func teachersCopy(t *testing.T, dir string) *challenge.Challenge {
	t.Helper()
	for from, to := range map[string]string{"02-bulkhead-20.toml": "bulkhead-20.toml", "bulkhead.scenario.toml": "bulkhead.scenario.toml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "lessons", "challenge", "content", from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := challenge.LoadFile(filepath.Join(dir, "bulkhead-20.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if c.ID != "bulkhead-20" || c.Number != 0 {
		t.Fatalf("the teacher's file loads as %q, number %d", c.ID, c.Number)
	}
	return c
}

// Stars earned on a teacher's file named like a built-in level are the
// file's: the built-in level's record, its header and its reopened design
// stay as they were (QA: "bulkhead-20" got ★★ and a design naming knobs it
// does not have).
func TestATeachersFileKeepsItsStarsApartFromTheBuiltIn(t *testing.T) {
	dir := t.TempDir()
	c := teachersCopy(t, dir)
	path := filepath.Join(t.TempDir(), "challenges.json")
	p, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(Options{Challenge: c, Progress: p, Dir: dir, Theme: tuitest.Plain()})
	if err != nil {
		t.Fatal(err)
	}
	m = sized(t, m, 80, 24)
	m = press(t, m, "enter", "2", "4", "enter") // 24: one star
	if m.best != 1 || !strings.Contains(m.View(), "new best, saved") {
		t.Fatalf("the teacher's file earned %d stars; view:\n%s", m.best, m.View())
	}
	m = press(t, m, "q")
	again, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if r := again.Get("bulkhead-20"); r.Stars != 0 || r.Best != nil || r.Last != nil {
		t.Errorf("the built-in level's record took the file's progress: %+v", r)
	}
	if r := again.Record(c); r.Stars != 1 || r.Best["recommendations.bulkhead"] != "24" {
		t.Errorf("the file's own record: %+v", r)
	}
	builtin := sized(t, open(t, "bulkhead-20", Options{Progress: again}), 80, 24)
	if builtin.best != 0 || strings.Contains(strings.SplitN(builtin.View(), "\n", 2)[0], "★") {
		t.Errorf("the built-in level shows the file's stars:\n%s", builtin.View())
	}
	// The file, opened again, reopens with its own design.
	reopened, err := New(Options{Challenge: c, Progress: again, Dir: dir, Theme: tuitest.Plain()})
	if err != nil {
		t.Fatal(err)
	}
	if reopened.best != 1 || challenge.FormatValue(reopened.Setting()["recommendations.bulkhead"]) != "24" {
		t.Errorf("the file reopens with %d stars at %v", reopened.best, reopened.Setting())
	}
}

// After w, the screen suggests a command that works: a teacher's file is
// named by its path (`breakerlab challenge bulkhead-20` would open the
// built-in level, and `challenge paywall` fails), a built-in by its ID.
func TestWSuggestsACommandThatGradesTheDesign(t *testing.T) {
	dir := t.TempDir()
	c := teachersCopy(t, dir)
	elsewhere := t.TempDir()
	for _, tc := range []struct {
		name string
		c    *challenge.Challenge
		dir  string
		want string
	}{
		{"a teacher's file in the folder w writes to", c, dir, "breakerlab challenge ./bulkhead-20.toml --check bulkhead-20.design.toml"},
		{"a teacher's file in another folder", c, elsewhere, "breakerlab challenge " + filepath.Join(dir, "bulkhead-20.toml") + " --check bulkhead-20.design.toml"},
		{"a built-in level", nil, dir, "breakerlab challenge bulkhead-20 --check bulkhead-20.design.toml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m Model
			if tc.c == nil {
				m = open(t, "bulkhead-20", Options{Dir: tc.dir})
			} else {
				var err error
				if m, err = New(Options{Challenge: tc.c, Dir: tc.dir, Theme: tuitest.Plain()}); err != nil {
					t.Fatal(err)
				}
			}
			m = sized(t, m, 200, 60)
			m = press(t, m, "right", "w")
			if _, err := os.Stat(filepath.Join(tc.dir, "bulkhead-20.design.toml")); err != nil {
				t.Fatalf("w wrote nothing: %v", err)
			}
			if !strings.Contains(m.note, "grade it with "+tc.want) {
				t.Errorf("after w: %q\nwant it to suggest %q", m.note, tc.want)
			}
			about := press(t, m, "i").View()
			if want := strings.Replace(tc.want, "bulkhead-20.design.toml", "FILE", 1); !strings.Contains(strings.Join(strings.Fields(about), " "), want) {
				t.Errorf("the brief page does not suggest %q:\n%s", want, about)
			}
		})
	}
}

// The command suggested for a teacher's file opens it: `breakerlab
// challenge ARG` reads ARG as a file (challenge.Open), quoted when the
// path needs it.
func TestTheSuggestedArgumentOpensTheFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my lessons")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	c := teachersCopy(t, dir)
	if got := c.CommandArg(dir); got != "./bulkhead-20.toml" {
		t.Errorf("from its own folder: %q", got)
	}
	if got, want := c.CommandArg(filepath.Dir(dir)), "'my lessons/bulkhead-20.toml'"; got != want {
		t.Errorf("from the folder above: %q, want %q", got, want)
	}
	again, err := challenge.Open(filepath.Join(dir, "bulkhead-20.toml"))
	if err != nil || again.ProgressKey() != c.ProgressKey() {
		t.Errorf("the path opens %v (%v)", again, err)
	}
}
