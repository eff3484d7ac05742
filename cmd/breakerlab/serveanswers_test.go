package main

import (
	"bytes"
	"testing"
)

// The teacher's terminal, once the class is over, lists what the room
// answered (serve.Room.Answers), counts only; a class that was asked
// nothing adds no line.
func TestServePrintsTheRoomsAnswersAtTheEnd(t *testing.T) {
	var none bytes.Buffer
	printAnswers(&none, nil)
	if none.Len() != 0 {
		t.Fatalf("no question asked, yet: %q", none.String())
	}
	var b bytes.Buffer
	printAnswers(&b, []string{"L, step 1, the prediction: 2 students answered, 1 right (choice 2); by choice 1: 0 · 2: 1 · 3: 1", "L, step 3: nobody answered"})
	// Not a terminal: folded between words to 80 columns, an answer's
	// continuation lines under its words.
	want := "breakerlab serve: what the room answered, 2 questions put to it (counts only,\n" +
		"  never who answered what):\n" +
		"  L, step 1, the prediction: 2 students answered, 1 right (choice 2); by choice\n" +
		"    1: 0 · 2: 1 · 3: 1\n" +
		"  L, step 3: nobody answered\n"
	if b.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}
