package termbg

import "testing"

// The answer to OSC 11 decides, in any of the forms terminals send (four
// or two hex digits a component, ended by ST or BEL, after keys typed
// early); without one, COLORFGBG's last field; without that, dark.
func TestDarkFrom(t *testing.T) {
	for _, c := range []struct {
		answer, colorFGBG string
		dark              bool
	}{
		{"\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[3;1R", "", false},
		{"\x1b]11;rgb:1e1e/1e1e/2e2e\a\x1b[3;1R", "", true},
		{"\x1b]11;rgb:fd/f6/e3\x1b\\", "", false}, // solarized light
		{"q\x1b]11;rgb:fdf6/f6f6/e3e3\x1b\\", "15;0", false},
		{"\x1b]11;rgb:0000/0000/0000\x1b\\", "0;15", true}, // the answer over COLORFGBG
		{"\x1b[3;1R", "0;15", false},                       // no OSC 11: COLORFGBG
		{"", "0;default;15", false},
		{"", "15;0", true},
		{"", "default;default", true},
		{"", "", true},
		{"\x1b]11;rgb:ffff/ffff\x1b\\", "", true}, // two components: not an answer
		{"\x1b]11;rgb:fffff/ffff/ffff\x1b\\", "", true},
		{"\x1b]11;rgb:ffff/ffff/ffff", "", true}, // cut short
	} {
		if got := darkFrom(c.answer, c.colorFGBG); got != c.dark {
			t.Errorf("answer %q, COLORFGBG %q: dark %v, want %v", c.answer, c.colorFGBG, got, c.dark)
		}
	}
}

// One hex digit a component is a sixteenth, not a 256th.
func TestParseAnswerScales(t *testing.T) {
	for answer, want := range map[string]string{
		"\x1b]11;rgb:f/8/0\a":          "#ff8800",
		"\x1b]11;rgb:80/7f/00\a":       "#807f00",
		"\x1b]11;rgb:8000/7fff/0101\a": "#807f01",
	} {
		if got, ok := parseAnswer(answer); !ok || string(got) != want {
			t.Errorf("%q: %q %v, want %s", answer, got, ok, want)
		}
	}
}

// BREAKERLAB_THEME fixes the background when it says light or dark, as
// theme reads it; anything else leaves it to the terminal.
func TestChosen(t *testing.T) {
	for v, want := range map[string][2]bool{
		"dark": {true, true}, " Light ": {false, true}, "DARK": {true, true},
		"": {false, false}, "auto": {false, false}, "ligth": {false, false},
	} {
		dark, fixed := Chosen(func(k string) string {
			if k == EnvTheme {
				return v
			}
			return ""
		})
		if [2]bool{dark, fixed} != want {
			t.Errorf("%s=%q: dark %v, fixed %v; want %v", EnvTheme, v, dark, fixed, want)
		}
	}
}
