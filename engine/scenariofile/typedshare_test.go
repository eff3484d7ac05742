package scenariofile

import (
	"errors"
	"strconv"
	"testing"
)

// A typed share reads "50", "50%" and "0.5" as one share, asks about a
// bare 1, and refuses anything outside 0–100 % as the percentage it was
// read as, in the files' words.
func TestParseTypedShare(t *testing.T) {
	for text, want := range map[string]float64{
		"50": 0.5, " 50 ": 0.5, "50%": 0.5, "50 %": 0.5, "0.5": 0.5, "0": 0, "0%": 0,
		"100%": 1, "100": 1, "2": 0.02, "1%": 0.01, "0.999": 0.999,
		"12.3456%": 0.123456, "12.3456": 0.123456, "5e1": 0.5, "1e1%": 0.1,
	} {
		got, _, err := ParseTypedShare(text)
		if err != nil || got != want {
			t.Errorf("%q: %v, %v, want %v", text, got, err, want)
		}
	}
	for text, want := range map[string]string{
		"150":  `must be from 0% to 100%, got "150%"`,
		"150%": `must be from 0% to 100%, got "150%"`,
		"-5":   `must be from 0% to 100%, got "-5%"`,
		"-0.5": `must be from 0% to 100%, got "-0.5%"`,
		"inf":  `must be from 0% to 100%, got "inf%"`,
	} {
		if _, _, err := ParseTypedShare(text); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
	if _, _, err := ParseTypedShare("1"); !errors.Is(err, ErrShareOneAmbiguous) {
		t.Errorf("1: %v, want the question", err)
	}
	for _, text := range []string{"", "abc", "50%%", "nan", "NaN%", "%"} {
		if _, _, err := ParseTypedShare(text); !errors.Is(err, ErrShareForm) {
			t.Errorf("%q: %v, want %v", text, err, ErrShareForm)
		}
	}
}

// PercentShare moves the decimal point rather than dividing, so a
// percentage reads as the share Dump writes: 1.1 / 100 in binary is
// 0.011000000000000001, not 0.011.
func TestPercentShareIsTheDecimalsOwnShare(t *testing.T) {
	for num, want := range map[string]float64{"1.1": 0.011, "1.3": 0.013, "0.007": 0.00007, "11e-1": 0.011, "12.3456": 0.123456} {
		f, err := strconv.ParseFloat(num, 64)
		if err != nil {
			t.Fatal(err)
		}
		if got := PercentShare(num, f); got != want {
			t.Errorf("%s%%: %v, want %v (divided: %v)", num, got, want, f/100)
		}
	}
}
