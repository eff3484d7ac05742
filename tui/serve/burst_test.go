package serve

import (
	"strings"
	"testing"
)

// Keys a student types faster than the session reads them arrive as one
// message of several runes ("jjjj" over a slow link): the reveal's page
// scrolled by none of them, where four presses of j scroll it four lines.
func TestABurstOfKeysScrollsAsTheKeysDo(t *testing.T) {
	reveal := func() (*Session, *Session) {
		room := NewRoom()
		teacher := plainSession(t, room, true, 80, 24)
		student := plainSession(t, room, false, 80, 24)
		q := testQuestion()
		q.Explain = longWhy()
		room.Ask(q)
		reads(student)
		keys(student, "1")
		keys(teacher, "r")
		student.Update(roomMsg{})
		return teacher, student
	}
	_, one := reveal()
	keys(one, "j", "j", "j", "j")
	_, burst := reveal()
	keys(burst, "jjjj")
	if !strings.Contains(one.View(), "more above") {
		t.Fatalf("four presses of j did not scroll the reveal:\n%s", one.View())
	}
	if got, want := burst.View(), one.View(); got != want {
		t.Fatalf("the burst \"jjjj\" left the reveal at\n%s\nwhere four presses of j leave it at\n%s", got, want)
	}
}
