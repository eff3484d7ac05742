package shardview

import (
	"math/rand"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The restart's field writes its time as the sandbox's form and a
// scenario file do, in the largest units that keep it exact: a minute's
// restart read [60s] and a second and a half's [1500ms], where the
// sandbox's form reads [1m] and [1.5s]; 250 µs is typed as a keyboard
// types it.
func TestTheRestartFieldWritesTheLargestExactUnits(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{500 * time.Millisecond, "500ms"},
		{5 * time.Second, "5s"},
		{1500 * time.Millisecond, "1.5s"},
		{MaxRestart, "1m"},
		{250 * time.Microsecond, "250us"},
	} {
		s := DefaultSetup()
		s.RestartFor = tc.d
		if got := restartField(t, newForm(tuitest.Plain(), s)); got != tc.want {
			t.Errorf("a restart of %v reads [%s], want [%s]", tc.d, got, tc.want)
		}
	}
}

// Every restart time the form may hold, from 0 to MaxRestart down to the
// nanosecond, its field writes as a scenario file writes a time
// (engine.FormatDuration, the sandbox form's writer), in text the form
// reads back as the same time, and the form with no edit builds the setup
// it was opened on.
func TestTheShardFormsFieldsReadBack(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	grains := []time.Duration{time.Nanosecond, time.Microsecond, time.Millisecond, 100 * time.Millisecond, time.Second}
	other := DefaultSetup()
	other.Workers, other.RestartFor = 3, time.Hour // so a field that did not read back shows
	for i := 0; i < 2000; i++ {
		g := grains[rng.Intn(len(grains))]
		s := DefaultSetup()
		s.RestartFor = time.Duration(rng.Int63n(int64(MaxRestart/g)+1)) * g
		if i < 2 {
			s.RestartFor = []time.Duration{0, MaxRestart}[i]
		}
		f := newForm(tuitest.Plain(), s)
		if text, want := restartField(t, f), engine.FormatDuration(s.RestartFor); text != want {
			t.Fatalf("a restart of %v reads [%s], where a scenario file writes %s", s.RestartFor, text, want)
		}
		got, ok := f.build(other)
		if !ok || got != s {
			t.Fatalf("a restart of %v, written [%s], builds %+v (%s), want %+v", s.RestartFor, restartField(t, f), got, f.err, s)
		}
	}
}

// restartField is the text of f's restart field.
func restartField(t *testing.T, f *form) string {
	t.Helper()
	for _, k := range f.knobs {
		if k.label == "restart takes" {
			return k.input.Value()
		}
	}
	t.Fatal("the form has no restart field")
	return ""
}
