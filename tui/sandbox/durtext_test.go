package sandbox

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The form writes a duration in the largest units that keep it exact, as
// a scenario file does: a day-long run's hang reads from [12h] until
// [12h5m10.5s], where it read [43200s] and [43510500ms]; a short run's
// "2s" and "500ms" read as they did.
func TestDurTextWritesTheLargestExactUnits(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0"},
		{500 * time.Millisecond, "500ms"},
		{2 * time.Second, "2s"},
		{1500 * time.Millisecond, "1.5s"},
		{2 * time.Minute, "2m"},
		{12 * time.Hour, "12h"},
		{12*time.Hour + 5*time.Minute + 10500*time.Millisecond, "12h5m10.5s"},
		{24 * time.Hour, "24h"},
		{250 * time.Microsecond, "250us"}, // as a keyboard types it, not µs
	} {
		if got := durText(tc.d); got != tc.want {
			t.Errorf("durText(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// The 24-hour cascade's hang is in the form in hours, and the form with
// no edit builds the scenario it was opened on: every field reads back
// the value it was filled with.
func TestTheFormWritesALongRunsFaultInHours(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	sc := dayScenario(t)
	f := newForm(tuitest.Plain(), sc, 0)
	from := fieldIn(f, "The server", "recommendations hangs from")
	if from < 0 {
		t.Fatalf("the form has no field for the hang: %q", formFields(f))
	}
	if got, until := f.knobs[from].input.Value(), f.knobs[from+1].input.Value(); got != "12h" || until != "12h5m10.5s" {
		t.Errorf("the hang's fields read from [%s] until [%s], want [12h] and [12h5m10.5s]", got, until)
	}
	if c := f.build(sc); c == nil || !reflect.DeepEqual(c.Variants, sc.Variants) {
		t.Errorf("the form with no edit does not build the scenario it was opened on: %v", f.err)
	}
}

// Every duration the form writes, anywhere in a day down to the
// nanosecond, its parser reads back as the same duration, in a duration's
// field and in an until's; and it is the text the chaos prompt writes for
// the same time (chaos.Spec.String, whose tests hold it to the largest
// exact units), so the two places a learner types a time agree.
func TestDurTextReadsBack(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	rng := rand.New(rand.NewSource(1))
	grains := []time.Duration{time.Nanosecond, time.Microsecond, time.Millisecond, 100 * time.Millisecond, time.Second, time.Minute, time.Hour}
	for i := 0; i < 20000; i++ {
		g := grains[rng.Intn(len(grains))]
		d := time.Duration(rng.Int63n(int64(engine.MaxDuration/g)+1)) * g
		text := durText(d)
		for _, kind := range []valueKind{kindDuration, kindUntil} {
			if v, err := parse(kind, text); err != nil || v.d != d {
				t.Fatalf("durText(%v) = %q, which the form reads as %v, %v", d, text, v.d, err)
			}
		}
		if d == 0 {
			continue // the form's "0", the hints' none or for ever
		}
		spec := chaos.Spec{At: d, Target: "x", Kind: chaos.Recover}.String()
		if at, _, _ := strings.Cut(spec, " "); at != text {
			t.Fatalf("durText(%v) = %q, where the chaos prompt writes %q", d, text, at)
		}
	}
}

// A day-long run's fault moved twice is said once in the mark, as the
// fault, at its last value: the first edit's words wrote its end in a
// lesson's words too, "recommendations' fault until 43,260 s", which the
// form's parser did not read for the thousands' comma, so the word stayed
// beside the second's; and the mark said the moved fault twice, as the
// fault and in those words (TestAMovedFaultIsSaidOnceWhateverItsName).
func TestALongRunsFaultMovedTwiceIsSaidOnce(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	t.Parallel()     // parallel_test.go says which tests may
	edit := func(sc *engine.Scenario, until string) *engine.Scenario {
		t.Helper()
		m := press(openLong(t, 100, 30, Options{Scenario: sc}), "e")
		setField(t, m, "The server", "until", until)
		m = press(m, "enter")
		if m.form != nil {
			t.Fatalf("until %s refused: %s", until, m.form.err)
		}
		data, err := m.dump()
		if err != nil {
			t.Fatal(err)
		}
		written, err := scenariofile.Parse("edited.toml", data)
		if err != nil {
			t.Fatal(err)
		}
		return written
	}
	// The run's unit, as its notes write a time (marktimes_test.go).
	first := edit(dayScenario(t), "12h1m")
	if !strings.Contains(first.Summary, "recommendations hang 12h 00m–12h 01m;") || strings.Count(first.Summary, "12h 01m") != 1 {
		t.Fatalf("the first edit's mark does not say the hang once, as the test expects: %q", first.Summary)
	}
	second := edit(first, "12h2m30.5s")
	if !strings.Contains(second.Summary, "recommendations hang 12h 00m–12h 02m 30.5s;") || strings.Contains(second.Summary, "12h 01m") ||
		strings.Count(second.Summary, "recommendations") != 1 {
		t.Errorf("the second edit's mark says the hang other than once, at 12h 02m 30.5s: %q", second.Summary)
	}
}
