package lessons

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// loadAndPrepare is what `breakerlab lesson FILE --check` does with a
// teacher's file: read it, then fill it by running the engine.
func loadAndPrepare(t *testing.T, name, text string) error {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := LoadFile(path)
	if err != nil {
		return err
	}
	_, err = Prepare(l, testLab)
	return err
}

// A format after | prints the value it is given only if it fits the
// value's kind: a breaker's opening printed as a percentage ("1,048.5%"),
// workers as seconds ("20 s") or a share as odds ("1 in 1") are refused
// when the lesson is loaded, naming the file, the line, the placeholder,
// the value's kind and the formats that fit it. Whether the metric's kind
// is fixed (opens) or comes from its argument (param), in the text, a
// question's texts and a numeric answer.
func TestAFormatMustFitItsValue(t *testing.T) {
	step := "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\nvariant = 2\n"
	cases := []struct {
		name, body string
		want       []string // "" for a file that loads
	}{
		{"a time as a percentage", step + "+++\nIt opens {{opens step | pct}}.\n",
			[]string{"mine.md:11: text: placeholder {{opens step | pct}}: ", "opens is a duration", `format "pct" prints a share`, "the formats for a duration are dur, lat, s, ms"}},
		{"workers as a duration", step + "+++\nA pool of\n{{param step workers | dur}}.\n",
			[]string{"mine.md:12: text: placeholder {{param step workers | dur}}: ", "the value is a count", `format "dur" prints a duration`, "the formats for a count are int, num"}},
		{"a share as odds", step + "+++\nSearch is answered {{share step search ok | odds}} of the time.\n",
			[]string{"mine.md:11: text: placeholder {{share step search ok | odds}}: ", "share is a share", "the formats for a share are pct, pct0, pct2, pane, num"}},
		{"a timeout as a percentage", step + "+++\n{{param step recommendations.timeout | pct0}}\n",
			[]string{"mine.md:11: text: placeholder {{param step recommendations.timeout | pct0}}: ", "the value is a duration", "dur, lat, s, ms"}},
		{"in a question's explanation", step + "[question]\nprompt = \"Why?\"\nexplain = \"Because {{busy-at step 12s | ms}}.\"\n[[question.choice]]\ntext = \"x\"\nright = true\n[[question.choice]]\ntext = \"y\"\nwhy = \"z\"\n+++\nbody\n",
			[]string{"mine.md:12: question.explain: placeholder {{busy-at step 12s | ms}}: ", "busy-at is a count"}},
		{"in a numeric answer", step + "[question]\nprompt = \"When?\"\nanswer = \"param step workers | s\"\n+++\nbody\n",
			[]string{"mine.md:12: question.answer: ", "the value is a count", `format "s" prints a duration in seconds`}},
		{"formats that fit", step + "+++\nOpens at {{opens step | s}} ({{opens step | ms}}), {{share step search ok | pct0}} answered, {{param step workers | num}} workers, a rate of {{param step recommendations.breaker.failure_rate | pct0}}.\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := loadAndPrepare(t, "mine.md", predictHead+c.body)
			if c.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted; want %q", c.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("does not wrap ErrInvalid: %v", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, string(filepath.Separator)+c.want[0]) {
				t.Errorf("error\n  %s\nwant it to contain\n  %s", msg, c.want[0])
			}
			for _, w := range c.want[1:] {
				if !strings.Contains(msg, w) {
					t.Errorf("error\n  %s\nwant it to contain %q", msg, w)
				}
			}
		})
	}
}

// FORMAT.md: a prediction's answer, as printed, is none of the numbers in
// its prompt, and no number in its prompt typed as a guess grades right.
// A teacher's file is held to it when it is loaded, as the built-in
// lessons are, with the line and the field.
func TestATeachersPromptMayNotStateItsAnswer(t *testing.T) {
	lesson := func(prompt string) string {
		return predictHead + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\npause = \"12s\"\n[predict]\nprompt = \"" + prompt +
			"\"\nanswer = \"held-at step recommendations 12s\"\ntolerance = 2\nunit = \"workers\"\n+++\nIt holds {{held-at step recommendations 12s}}.\n"
	}
	// The answer, to write prompts near it.
	path := filepath.Join(t.TempDir(), "ok.md")
	if err := os.WriteFile(path, []byte(lesson("How many workers do recommendations hold at 12 s?")), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(l, testLab)
	if err != nil {
		t.Fatalf("a prompt without its answer is refused: %v", err)
	}
	answer := int(p.Steps[0].Predict.Answer)
	n := func(d int) string { return strconv.Itoa(answer + d) }
	cases := []struct {
		name, prompt string
		want         []string
	}{
		{"states the answer through a placeholder", "How many of the {{held-at step recommendations 12s}} workers are held at 12 s?",
			[]string{"mine.md:11: predict.prompt: ", "states the answer, " + n(0), "a prediction asks for what its prompt does not say"}},
		{"states the answer typed", "Is it " + n(0) + " workers at 12 s, or fewer?",
			[]string{"mine.md:11: predict.prompt: ", "states the answer, " + n(0)}},
		{"states a number graded right", "About " + n(-1) + " workers at 12 s: how many exactly?",
			[]string{"mine.md:11: predict.prompt: ", "states " + n(-1) + ", which typed back as a guess is graded right", "give or take 2"}},
		{"a number outside the tolerance", "More or fewer than " + n(-10) + " workers at 12 s?", nil},
		{"a number in other terms", "The hang starts at 10 s; how many workers at 12 s?", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := loadAndPrepare(t, "mine.md", lesson(c.prompt))
			if c.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted; want %q", c.want)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n  %v\nwant it to contain %q", err, w)
				}
			}
		})
	}
}
