package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// weakAnswer is the reviewer's answer to payment-checkout (rep-a2, 1):
// retries right away, a charge retried with no idempotency key, a 30 s
// timeout against a p99 of 200 ms.
const weakAnswer = "I would add a cache in front of the payment provider and retry every failed call 5 times right away. " +
	"Also a circuit breaker with default settings, it will probe health. Timeout of 30 s to be safe. " +
	"Context: we restart pods if it breaks."

// joinedText is a view's text with its lines joined and its spaces
// collapsed, so that a wrapped sentence reads whole; of a line split in
// columns, the first column only (the point's, beside the answer).
func joinedText(v string) string {
	var left []string
	for _, l := range strings.Split(ansi.Strip(v), "\n") {
		l, _, _ = strings.Cut(l, "│")
		left = append(left, l)
	}
	return strings.Join(strings.Fields(strings.Join(left, " ")), " ")
}

// The rubric screen shows, beside the point an answer goes against, why
// its advice harms, with the prompt's numbers: the ✱ on the retry point
// it used to get said nothing of "right away". The whole rubric, on a
// screen tall enough for it, shows them under their points; the saved interview keeps
// them for --history.
func TestRubricWarnsOfHarmfulAdvice(t *testing.T) {
	m, _, _ := model(t, 100, 30, "payment-checkout")
	m = write(m, weakAnswer)
	m = tuitest.Press(m, "ctrl+d")
	if !m.Grading() {
		t.Fatal("ctrl+d did not hand in")
	}
	index := map[string]int{}
	for i, p := range m.prompt.Points {
		index[p.ID] = i
	}
	for id, want := range map[string]string{
		"retry":       `⚠ You retry "right away"`,
		"timeout":     "⚠ A timeout of 30 s is 150 times the p99 of 200 ms",
		"idempotency": "⚠ You retry a charge with no idempotency key",
	} {
		v := m.point(index[id]).View()
		tuitest.CheckBlock(t, v, 100, 30)
		if !strings.Contains(joinedText(v), want) {
			t.Errorf("point %s should warn %q:\n%s", id, want, ansi.Strip(v))
		}
	}
	if v := joinedText(m.point(index["bulkhead"]).View()); strings.Contains(v, "⚠") {
		t.Errorf("the bulkhead point, which the answer does not go against, warns:\n%s", v)
	}
	tall, _, _ := model(t, 200, 90, "payment-checkout")
	tall = tuitest.Press(write(tall, weakAnswer), "ctrl+d")
	v := joinedText(tall.View())
	for _, want := range []string{"The whole rubric", "gets 120 a second, and cannot recover", "600 workers busy (rate × timeout) against 16"} {
		if !strings.Contains(v, want) {
			t.Errorf("the whole rubric at 200×90 should show %q:\n%s", want, ansi.Strip(tall.View()))
		}
	}
	warned := 0
	for _, p := range m.Interview().Points {
		warned += len(p.Warnings)
	}
	if warned != 3 {
		t.Errorf("the interview saves %d warnings, want 3", warned)
	}
}
