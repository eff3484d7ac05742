package scenariofile

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// TestDumpRoundTrip dumps every built-in scenario, parses the dump back and
// checks that the scenario is the same value, that it runs to exactly the
// same snapshots, and that dumping it again gives the same text.
func TestDumpRoundTrip(t *testing.T) {
	for _, b := range scenarios.All() {
		t.Run(b.Name, func(t *testing.T) {
			sc := b.Build()
			text, err := Dump(sc)
			if err != nil {
				t.Fatalf("Dump: %v", err)
			}
			back, err := Parse(b.Name+".toml", text)
			if err != nil {
				t.Fatalf("Parse(Dump):\n%v\n%s", err, text)
			}
			if !reflect.DeepEqual(sc, back) {
				t.Errorf("Parse(Dump(sc)) differs from sc:\n got %+v\nwant %+v", back, sc)
			}
			again, err := Dump(back)
			if err != nil {
				t.Fatalf("second Dump: %v", err)
			}
			if !bytes.Equal(text, again) {
				t.Errorf("the dump is not stable:\nfirst:\n%s\nsecond:\n%s", text, again)
			}
			for _, seed := range []uint64{5, 11} {
				want, err := engine.RunAll(sc, seed)
				if err != nil {
					t.Fatal(err)
				}
				got, err := engine.RunAll(back, seed)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(want, got) {
					t.Errorf("seed %d: the parsed dump runs to other results than the built-in", seed)
				}
			}
		})
	}
}
