package challengeui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// Three stars saved for the level by another window (or `challenge
// --check`) while it is open: a one-star design is not a new best, the
// header shows the three, and the three-star design after it earns
// nothing new, rather than the screen judging by the record read when the
// level opened.
func TestStarsSavedElsewhereWhileOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "challenges.json")
	p, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	m := sized(t, open(t, "bulkhead-20", Options{Progress: p}), 100, 30)
	other, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if up, err := other.Earn(m.c, 3, challenge.Setting{"recommendations.bulkhead": 22}); err != nil || !up {
		t.Fatalf("the other window's stars: %v %v", up, err)
	}
	m = press(t, m, "enter", "2", "4", "enter") // 24: one star
	if m.Result() == nil || m.Result().Stars != 1 {
		t.Fatalf("24 should earn one star: %+v", m.Result())
	}
	view := m.View()
	if strings.Contains(view, "new best") {
		t.Errorf("one star called a new best over the three saved:\n%s", view)
	}
	if title := strings.SplitN(view, "\n", 2)[0]; !strings.Contains(title, "★★★") {
		t.Errorf("header %q, want the three stars saved", title)
	}
	for _, want := range []string{"short of the ★★★ saved", "another breakerlab window"} {
		if !strings.Contains(view, want) {
			t.Errorf("the note lacks %q:\n%s", want, view)
		}
	}
	m = press(t, m, "left", "left") // 22: three stars
	if title := strings.SplitN(m.View(), "\n", 2)[0]; !strings.Contains(title, "★★★") {
		t.Errorf("header %q after three stars", title)
	}
	again, _ := challenge.OpenProgress(path)
	if r := again.Get("bulkhead-20"); r.Stars != 3 || r.Best["recommendations.bulkhead"] != "22" {
		t.Errorf("progress file: %+v", r)
	}
}
