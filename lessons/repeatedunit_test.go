package lessons

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A duration naming a unit twice ("5s1s", which Go sums to 6s) is a slip,
// refused wherever a lesson file or a sweep's knob takes a duration, with
// what was most likely meant; a compound of distinct units ("1m30s") is
// taken. DUR stands for the duration in each lesson below.
func TestRepeatedUnitIsRefusedInLessonFiles(t *testing.T) {
	const says = "5s1s repeats the unit s: did you mean 1s?"
	head := "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n\n+++ step\ntitle = \"a\"\nscenario = \"cascade\"\n"
	for _, c := range []struct{ name, text string }{
		{"pause", head + "pause = \"DUR\"\n+++\n"},
		{"from", head + "from = \"DUR\"\npause = \"end\"\n+++\n"},
		{"set", head + "[set]\nrecommendations.timeout = \"DUR\"\n+++\n"},
		{"placeholder time", head + "+++\n{{busy-at cascade/0 DUR}}\n"},
		{"expect literal", head + "expect = [\"opens cascade/2 <= DUR\"]\n+++\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Parse("x.md", []byte(strings.ReplaceAll(c.text, "DUR", "5s1s"))); err == nil || !strings.Contains(err.Error(), says) {
				t.Errorf("5s1s: %v, want %q", err, says)
			}
			if _, err := Parse("x.md", []byte(strings.ReplaceAll(c.text, "DUR", "1m30s"))); err != nil && strings.Contains(err.Error(), "repeats the unit") {
				t.Errorf("1m30s: %v, want no unit named twice", err)
			}
		})
	}
	sc := scenarios.Cascade()
	if err := SetKnob(sc, 0, "recommendations.timeout", "5s1s"); err == nil || !strings.Contains(err.Error(), says) {
		t.Errorf("SetKnob(5s1s) = %v, want %q", err, says)
	}
	if err := SetKnob(sc, 0, "recommendations.timeout", "1m30s"); err != nil {
		t.Errorf("SetKnob(1m30s) = %v, want it taken", err)
	}
	if v, err := parseLiteral("5s1s"); err == nil || err.Error() != says {
		t.Errorf("parseLiteral(5s1s) = %v, %v, want %q", v, err, says)
	}
	if v, err := parseLiteral("1m30s"); err != nil || v.Kind != KindDuration || v.F != (90*time.Second).Seconds() {
		t.Errorf("parseLiteral(1m30s) = %v, %v, want 90 s", v, err)
	}
	if p, err := parsePause("1m30s", false); err != nil || p.At != 90*time.Second {
		t.Errorf("parsePause(1m30s) = %+v, %v, want 90 s", p, err)
	}
	if err := checkArg(argTime, "1m30s"); err != nil {
		t.Errorf("checkArg(TIME, 1m30s) = %v, want it taken", err)
	}
}
