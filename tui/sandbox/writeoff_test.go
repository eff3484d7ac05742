package sandbox

import (
	"strings"
	"testing"
)

// With WriteElsewhere set (a session over SSH), w says why it writes no
// file and opens no prompt, so no path can be typed.
func TestWriteElsewhereTurnsWriteOff(t *testing.T) {
	const why = "w is off here: the file would land on the server"
	m := newModel(t, 100, 30, Options{WriteElsewhere: why})
	m = press(m, "w")
	if m.prompt != nil {
		t.Fatalf("w opened the path prompt: %q", keyLine(m))
	}
	if !strings.Contains(statusLine(m)+keyLine(m), "w is off here") {
		t.Fatalf("w does not say why it writes nothing:\n%s", m.View())
	}
}
