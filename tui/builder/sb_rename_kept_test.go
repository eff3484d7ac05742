package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A name the builder refuses stays in the prompt, to be mended: the
// prompt closed on "orders" already naming a part, the name typed was
// gone, and the keys typed next went to the builder (an "i" opened the
// fault prompt).
func TestARefusedNameStaysToBeMended(t *testing.T) {
	m := tuitest.Press(newBuilder(100, 30), "enter", "s", "d") // /checkout → orders → db
	m = tuitest.Press(selectPart(t, m, "db"), "r", "ctrl+u", "orders", "enter")
	if !m.msgErr || !strings.Contains(m.msg, `"orders" already names a part`) {
		t.Fatalf("the name in use should be refused: %q", m.msg)
	}
	if m.prompt == nil || m.prompt.Input != "orders" {
		t.Fatalf("the prompt should stay open with the name typed: %+v", m.prompt)
	}
	if line := ansi.Strip(m.View()); !strings.Contains(line, "already names a part") || !strings.Contains(line, "not renamed") {
		t.Errorf("the screen should say why beside the prompt:\n%s", line)
	}
	m = tuitest.Press(m, "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "ledger", "enter")
	if m.prompt != nil || m.msgErr || service(&m.sc.Variants[0].System, "orders").Calls != "ledger" {
		t.Fatalf("the mended name should rename db: %q, prompt %+v", m.msg, m.prompt)
	}
	// esc after a refusal closes the prompt and its reason both.
	m = tuitest.Press(m, "r", "ctrl+u", "orders", "enter", "esc")
	if m.prompt != nil || m.msgErr {
		t.Errorf("esc should close the prompt and clear its refusal: %q", m.msg)
	}
}
