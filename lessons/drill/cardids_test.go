package drill

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A card's ID keeps the learner's schedule (Card.ID), so an ID once given
// must go on naming the same question: testdata/card-ids.txt lists each
// lesson card's ID with its question's first line as it was when the ID
// was kept. A step put into a lesson before others shifted their IDs onto
// other questions (a learner's schedule for "the hang" moved to "a bigger
// pool"); addedSteps numbers such a step after the lesson's last.
func TestLessonCardIDsKeepTheirQuestions(t *testing.T) {
	cards, err := Deck()
	if err != nil {
		t.Fatal(err)
	}
	now := map[string]string{}
	var ids []string
	for _, c := range cards {
		if !strings.HasPrefix(c.ID, "lesson-") {
			continue
		}
		first, _, _ := strings.Cut(c.Source, "\n")
		_, title, _ := strings.Cut(first, "(")
		now[c.ID] = strings.TrimSuffix(title, ")")
		ids = append(ids, c.ID)
	}
	path := filepath.Join("testdata", "card-ids.txt")
	kept := map[string]string{}
	if f, err := os.Open(path); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			id, title, ok := strings.Cut(sc.Text(), "\t")
			if ok {
				kept[id] = title
			}
		}
		f.Close()
	} else if !*update {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	for id, title := range kept {
		switch got, ok := now[id]; {
		case !ok:
			t.Errorf("card %s (%q) is gone: a learner's schedule for it is lost; keep its step or its ID", id, title)
		case got != title && !*update:
			t.Errorf("card %s was %q and is now %q: learners' schedules moved to another question; number an added step after the lesson's last (addedSteps)", id, title, got)
		}
	}
	if !*update {
		return
	}
	slices.Sort(ids)
	var b strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&b, "%s\t%s\n", id, now[id])
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
