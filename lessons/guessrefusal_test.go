package lessons

import (
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Every refusal of a guess, as the lesson player's number box, the
// classroom's poll and the drill show it (ReadGuess), starts with a
// capital as the box's own notes do, names the text typed, and says in a
// sentence of its own what may be typed instead. -3 for a count read "it
// cannot be below 0.", naming neither -3 nor what "it" was.
func TestEveryGuessRefusalNamesTheTextAndWhatIsAllowed(t *testing.T) {
	racefree.Only(t) // no goroutine: parsing only
	count := &PreparedQuestion{Kind: Number, AnswerKind: KindCount, Answer: 24}
	workers := &PreparedQuestion{Kind: Number, AnswerKind: KindCount, Unit: "workers", Answer: 24}
	share := &PreparedQuestion{Kind: Number, AnswerKind: KindFraction, Answer: 0.5}
	wait := &PreparedQuestion{Kind: Number, AnswerKind: KindDuration, Answer: 5}
	ms := &PreparedQuestion{Kind: Number, AnswerKind: KindNumber, Unit: "ms", Answer: 885}
	plain := &PreparedQuestion{Kind: Number, AnswerKind: KindNumber, Unit: "workers", Answer: 16}
	bounded := &PreparedQuestion{Kind: Number, AnswerKind: KindCount, Unit: "workers", Answer: 150,
		HasMost: true, Most: 200, MostWhy: "the pool has only 200 workers: at most 200 can be busy"}
	for _, c := range []struct {
		q       *PreparedQuestion
		input   string
		allowed string // what the refusal says may be typed
	}{
		{count, "a dozen", "Type a number, such as 12"},
		{workers, "16 wrkrs", "Type a number, alone or followed by workers or worker"},
		{share, "forty", "Type a share in percent, 40 or 40%"},
		{wait, "soon", "Type a number of seconds, or a time with its unit"},
		{ms, "5 sec", "Type a number of milliseconds"},
		{plain, "41%", "Type a number, alone or followed by workers or worker"},
		{count, "1/2", "Type a number, such as 12"},
		{plain, "5s", "Type the number alone, such as 12"},
		{share, "150", "A share is from 0 to 100%"},
		{share, "-5%", "A share is from 0 to 100%"},
		{count, "-3", "A count is 0 or more"},
		{workers, "-3", "A number of workers is 0 or more"},
		{wait, "-2", "A time is 0 or more"},
		{bounded, "9999", "The pool has only 200 workers: at most 200 can be busy"},
	} {
		_, _, err := c.q.ReadGuess(c.input)
		if err == nil {
			t.Errorf("%q (%s in %q) was taken", c.input, c.q.AnswerKind, c.q.Unit)
			continue
		}
		msg := err.Error()
		if r := []rune(msg); !unicode.IsUpper(r[0]) {
			t.Errorf("the refusal of %q does not start with a capital: %q", c.input, msg)
		}
		if !strings.Contains(msg, strconv.Quote(c.input)) {
			t.Errorf("the refusal of %q does not name it: %q", c.input, msg)
		}
		if !strings.Contains(msg, ". "+c.allowed) {
			t.Errorf("the refusal of %q does not say, in a sentence of its own, %q: %q", c.input, c.allowed, msg)
		}
		if strings.HasSuffix(msg, ".") {
			t.Errorf("the refusal of %q ends with a full stop, which the boxes add: %q", c.input, msg)
		}
	}
	// Nothing typed: nothing to name, and what to type.
	if _, _, err := count.ReadGuess(" "); err == nil || err.Error() != "Type a number first, like 12" {
		t.Errorf("an empty guess: %v", err)
	}
}
