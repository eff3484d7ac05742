package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// flat is a view with its runs of spaces made one, for searching.
func flat(v string) string { return strings.Join(strings.Fields(v), " ") }

// A number put to the room: each student types a number and enter; junk
// is kept out by the keys taken (a paste loses its other characters and is
// cut at a number's length) or refused with the reason, and counts for
// nothing; a student counts once, a later number replacing theirs. The
// teacher sees how many answered, and no spread before the reveal; then
// the engine's answer, how many came within the step's tolerance, the
// quartiles and a histogram with the answer's bin marked; each student sees
// the answer and how near their own came.
func TestANumberPutToTheRoom(t *testing.T) {
	racefree.Only(t)
	pq := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How many of the 999 other customers lose service?",
		Answer: 249, AnswerKind: lessons.KindCount, Tolerance: 0.1, Relative: true, Unit: "customers", AnswerText: "249",
		Reveal: "249 of the 999, about 1 in 4."}
	q, ok := numberQuestion(pq, true, "Shuffle sharding, step 2, the prediction")
	if !ok || !q.Number || q.Answer != "249 customers" || q.Tolerance != "10% of it" {
		t.Fatalf("number question: %+v, %v", q, ok)
	}
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 40)
	st := make([]*Session, 5)
	for i := range st {
		st[i] = plainSession(t, room, false, 80, 24)
	}
	room.Ask(q)
	reads(st...)
	if v := flat(st[0].View()); !strings.Contains(v, "The teacher asks") || !strings.Contains(v, "Your number: ▏ customers") {
		t.Fatalf("a student's question:\n%s", st[0].View())
	}
	bs := tea.KeyMsg{Type: tea.KeyBackspace}
	enter := tea.KeyMsg{Type: tea.KeyEnter}
	// Junk: letters never reach the input; enter on nothing, or on what
	// is no number, is refused and counts nothing.
	keys(st[0], "abc")
	if v := flat(st[0].View()); !strings.Contains(v, `Not part of a number: "abc"`) {
		t.Fatalf("letters typed into the box are refused without a word:\n%s", st[0].View())
	}
	keys(st[0], "enter")
	if v := flat(st[0].View()); !strings.Contains(v, `Nothing was sent: "abc" is no part of a number, so the box took none of it. Type a number, like 12.`) {
		t.Fatalf("enter after letters:\n%s", st[0].View())
	}
	keys(st[0], "-.-", "enter")
	if v := flat(st[0].View()); !strings.Contains(v, `Not a number: "-.-". Type a number`) {
		t.Fatalf("enter on -.-:\n%s", st[0].View())
	}
	if a, _ := room.OpenQuestion(); len(a.Guesses) != 0 {
		t.Fatalf("junk was counted: %v", a.Guesses)
	}
	for range 3 {
		st[0].Update(bs)
	}
	// A paste is taken whole, as the lesson player's box takes it: what
	// is no part of a number, or does not fit, is left out, and the note
	// says what and what the number reads; ctrl+u empties the box, note
	// and all. A paste with nothing of a number is refused, saying why.
	for _, c := range []struct{ paste, reads, why string }{
		{strings.Repeat("9", 5000), "9999999999999999", `"99999999999999999999…" left out: a number takes digits and . - %, 16 at most; your number reads 9999999999999999 customers. Check it: enter asks again before it sends it.`},
		{strings.Repeat("9x", 1<<19), "9999999999999999", `"xxxxxxxxxxxxxxxxxxxx…" left out`},
		{"1e9", "19", `"e" left out: a number takes digits and . - %, 16 at most; your number reads 19 customers.`},
		{"2a5!0", "250", `"a!" left out`},
		{"abc", "", `Not part of a number: "abc"`},
	} {
		st[0].Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(c.paste), Paste: true})
		if got, v := st[0].num.field.Input, flat(st[0].View()); got != c.reads || !strings.Contains(v, c.why) {
			t.Fatalf("a paste of %.20q left %.40q in the input, want %q, and the screen says:\n%s", c.paste, got, c.reads, st[0].View())
		}
		st[0].Update(tea.KeyMsg{Type: tea.KeyCtrlU})
		if got, v := st[0].num.field.Input, flat(st[0].View()); got != "" || strings.Contains(v, "left out") {
			t.Fatalf("ctrl+u after a paste of %.20q left %q in the input, and the screen says:\n%s", c.paste, got, st[0].View())
		}
	}
	// 16 nines fit the input, but not a float64: refused, not taken as
	// 10,000,000,000,000,000.
	keys(st[0], strings.Repeat("9", 16), "enter")
	if v := flat(st[0].View()); !strings.Contains(v, `Too many digits: "9999999999999999" has 16. A number here keeps at most 15 exactly.`) {
		t.Fatalf("16 nines:\n%s", st[0].View())
	}
	for range maxGuessLen {
		st[0].Update(bs)
	}
	// 250 and 270 within 10% of 249; 200 within twice it; 900 off; st[4]
	// says 100, then changes it to 300 (off), and is counted once.
	for i, n := range []string{"250", "270", "200", "900", "100"} {
		keys(st[i], n)
		st[i].Update(enter)
	}
	keys(st[4], "300")
	st[4].Update(enter)
	if v := flat(st[0].View()); !strings.Contains(v, "Your answer: 250 customers.") {
		t.Fatalf("student 1 after answering 250:\n%s", st[0].View())
	}
	v := flat(teacher.View())
	if !strings.Contains(v, "5 of 5 students answered") || strings.Contains(v, "249") || strings.Contains(v, "median") {
		t.Fatalf("the teacher before the reveal (a count, no answer, no spread):\n%s", teacher.View())
	}
	keys(teacher, "r")
	if err := func() error { _, err := room.AnswerNumber(st[0].me, 1, "1"); return err }(); err == nil {
		t.Fatal("an answer was taken after the reveal")
	}
	v = flat(teacher.View())
	for _, want := range []string{
		"The engine's answer: 249 customers.",
		"Within the step's tolerance (10% of it): 2 of 5, right; between it and twice it: 1, close; further: 2, off.",
		"Lowest 200 customers · lower quartile 250 customers · median 270 customers · upper quartile 300 customers · highest 900 customers.",
		"◆ the engine's answer",
		"Why: 249 of the 999",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the teacher's reveal lacks %q:\n%s", want, teacher.View())
		}
	}
	// The histogram: one line a bin, its counts adding up to the answers.
	total, marked := 0, 0
	for _, l := range strings.Split(teacher.View(), "\n") {
		f := strings.Fields(l)
		for i, w := range f {
			if len([]rune(w)) >= 5 && strings.Trim(w, "█·") == "" && i+1 < len(f) {
				var n int
				fmt.Sscan(f[i+1], &n)
				total += n
			}
		}
		if strings.Contains(l, "◆") {
			marked++
			if !strings.Contains(l, "from 200 customers to 400 customers") {
				t.Errorf("the answer's bin is %q, want the one from 200 to 400 (bins of 200: 700 over about 6 bars)", strings.TrimSpace(l))
			}
		}
	}
	if total != 5 || marked != 1 {
		t.Errorf("the histogram counts %d answers, marks %d bins:\n%s", total, marked, teacher.View())
	}
	for i, want := range []string{"right, within the step's tolerance of 10% of it", "right,", "close, within twice", "off, further", "Your answer: 300 customers: off"} {
		if v := flat(st[i].View()); !strings.Contains(v, "The engine's answer: 249 customers.") || !strings.Contains(v, want) || !strings.Contains(v, "The room: 5 numbers; median 270 customers.") {
			t.Errorf("student %d's reveal lacks %q:\n%s", i+1, want, st[i].View())
		}
	}
	// A student who leaves before the reveal takes their number along.
	room.Ask(q)
	reads(st[1])
	keys(st[1], "5")
	st[1].Update(enter)
	st[1].Leave()
	if a, _ := room.OpenQuestion(); len(a.Guesses) != 0 {
		t.Errorf("a student who left is still counted: %v", a.Guesses)
	}
}

// A number the quantity cannot be is refused with the reason: a share
// above 100% or below 0, a negative count.
func TestAnImpossibleNumberIsRefused(t *testing.T) {
	racefree.Only(t)
	share := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "What share?", Answer: 0.316, AnswerKind: lessons.KindFraction, Tolerance: 0.05, AnswerText: "31.6%"}
	count := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How many?", Answer: 249, AnswerKind: lessons.KindCount, Tolerance: 0.1, Relative: true, Unit: "customers", AnswerText: "249"}
	room := NewRoom()
	_ = plainSession(t, room, true, 100, 30)
	st := plainSession(t, room, false, 80, 24)
	for _, c := range []struct {
		pq    *lessons.PreparedQuestion
		input string
		want  string // the reason; empty: taken
	}{
		{share, "250", `Out of range: "250". A share is from 0 to 100%`},
		{share, "-5", `Out of range: "-5". A share is from 0 to 100%`},
		{share, "31", ""},
		{count, "-3", `Out of range: "-3". A number of customers is 0 or more`},
		{count, "0", ""},
	} {
		q, _ := numberQuestion(c.pq, true, "L, step 1")
		room.Ask(q)
		a, _ := room.OpenQuestion()
		_, err := room.AnswerNumber(st.me, a.Seq, c.input)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s to %q: refused, %v", c.input, c.pq.Prompt, err)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("%s to %q: %v, want %q", c.input, c.pq.Prompt, err, c.want)
		}
	}
}

// The teacher on lesson 2's numeric prediction puts it to the room (it
// used to be refused): a student's number is judged against the engine's
// answer as the lesson prepared it.
func TestALessonsNumericPredictionGoesToTheRoom(t *testing.T) {
	racefree.Only(t)
	l, _, _, number := lessonTwo(t)
	if number < 0 {
		t.Skipf("lesson 2 (%s) has no numeric prediction", l.ID)
	}
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	student := plainSession(t, room, false, 80, 24)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	goToStep(t, teacher, number)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	a, open := room.OpenQuestion()
	if !open || !a.Number || !a.Predict {
		t.Fatalf("ctrl+a on a numeric prediction: open %v, %+v\n%s", open, a.Question, teacher.View())
	}
	p, _ := teacher.home.Lessons()
	want := p.State().Prepared.Steps[number].Predict
	if a.Answer != lessons.WithUnit(want.AnswerText, want.Unit) {
		t.Fatalf("the room's answer %q, the lesson's %q", a.Answer, want.AnswerText)
	}
	reads(student)
	keys(student, want.AnswerText)
	student.Update(tea.KeyMsg{Type: tea.KeyEnter})
	a, _ = room.OpenQuestion()
	if len(a.Guesses) != 1 || a.Guesses[0].Verdict != lessons.Spot {
		t.Fatalf("the engine's own answer typed in: %+v\n%s", a.Guesses, student.View())
	}
}

// A letter typed inside a number was refused with a note that went with
// the next key: "1e3" read 13 and enter sent 13, "12abc" and enter sent
// 12. The note stays, saying what the number reads, until a number is
// sent, and the first enter after a refusal sends nothing and asks again.
func TestALetterInsideANumberIsNotSentSilently(t *testing.T) {
	racefree.Only(t)
	pq := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How many requests a second?",
		Answer: 1000, AnswerKind: lessons.KindCount, Tolerance: 0.1, Relative: true, Unit: "rps", AnswerText: "1000"}
	q, _ := numberQuestion(pq, false, "a test")
	for _, typed := range []string{"1e3", "12abc"} {
		room := NewRoom()
		s := plainSession(t, room, false, 80, 24)
		room.Ask(q)
		reads(s)
		for _, r := range typed {
			keys(s, string(r)) // typed one key at a time
		}
		want := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, typed)
		if v := flat(s.View()); !strings.Contains(v, "left out: a number takes digits and . - %, 16 at most; your number reads "+want+" rps. Check it: enter asks again") {
			t.Fatalf("%s typed: no note of what was left out once the typing went on:\n%s", typed, s.View())
		}
		keys(s, "enter")
		if a, _ := room.OpenQuestion(); len(a.Guesses) != 0 {
			t.Fatalf("%s typed, then enter: %v sent without a word", typed, a.Guesses)
		}
		if v := flat(s.View()); !strings.Contains(v, "your number reads "+want+" rps. Enter again sends it.") {
			t.Fatalf("%s typed, then enter: the screen does not ask again:\n%s", typed, s.View())
		}
		keys(s, "enter")
		if a, _ := room.OpenQuestion(); len(a.Guesses) != 1 || fmt.Sprint(a.Guesses[0].Value) != want {
			t.Fatalf("%s typed, then enter twice: the room has %v, want %s", typed, a.Guesses, want)
		}
		if v := flat(s.View()); strings.Contains(v, "left out") {
			t.Fatalf("the note outlived the number sent:\n%s", s.View())
		}
		// A number typed cleanly afterwards goes at the first enter.
		keys(s, "7", "enter")
		if a, _ := room.OpenQuestion(); len(a.Guesses) != 1 || a.Guesses[0].Value != 7 {
			t.Fatalf("a clean 7 then enter: the room has %v", a.Guesses)
		}
	}
}
