package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

func TestPresetsGolden(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, errOut, code := run(t, "presets")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "presets.txt", out)
	for i, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
	for _, want := range []string{"resilience4j", "polly", "gobreaker", "hystrix", "failsafe-go", "> 5", "rate at 10", "20 x 500 ms"} {
		if !strings.Contains(out, want) {
			t.Errorf("presets output lacks %q", want)
		}
	}
	// The rows where the libraries differ in the small print: each states
	// every preset's rule, in the presets' order, in one table with --wide.
	wide, _, _ := run(t, "presets", "--wide")
	for _, want := range []string{
		"leaves open    > open for    >= open for   > open for    > open for    >= open for   >= open for",
		"trials judged  rate at 10    1st failure   1st failure   1st failure   1st failure   1st failure",
		"late results   recorded      recorded      dropped       recorded      recorded      recorded",
		"buckets start  -             at a call     -             on a grid     -             on a grid",
	} {
		if !strings.Contains(wide, want+"\n") {
			t.Errorf("presets output lacks the row %q", want)
		}
	}
}

// Every column's name stands two spaces from the next, as its values do:
// resilience4j, longer than any value, once left one ("resilience4j
// polly") and the head read as one name.
func TestPresetsNamesStandApart(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	for _, args := range [][]string{{"presets"}, {"presets", "--wide"}, {"presets", "--width", "60"}} {
		out, errOut, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		tables, _, _ := strings.Cut(out, "\nWhat each row means:")
		heads := 0
		for _, block := range strings.Split(tables, "\n\n")[1:] {
			head, _, _ := strings.Cut(strings.TrimLeft(block, "\n"), "\n")
			for _, name := range strings.Split(strings.TrimSpace(head), "  ") {
				if name = strings.TrimSpace(name); name == "" {
					continue
				}
				heads++
				if _, err := breaker.PresetNamed(name); err != nil {
					t.Errorf("%v: the head %q splits at two spaces into %q, no preset's name", args, head, name)
				}
			}
		}
		if heads != len(breaker.Presets()) {
			t.Errorf("%v: the heads name %d presets, want %d:\n%s", args, heads, len(breaker.Presets()), tables)
		}
	}
}

func TestPresetsWrapsManyColumns(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, _, code := run(t, "presets")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for i, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
	tables, _, _ := strings.Cut(out, "What each row means:") // the legend names each row once more
	if strings.Count(tables, "late results") != 2 {
		t.Errorf("six columns should make two tables in 80 columns:\n%s", out)
	}
}

// presetsTables reads the tables of `presets` back, a map of each column's
// name to its rows' values, in the order the columns came; it fails the
// test on a row or column it cannot read.
func presetsTables(t *testing.T, out string) (order []string, cols map[string]map[string]string) {
	t.Helper()
	tables, _, _ := strings.Cut(out, "\nWhat each row means:")
	blocks := strings.Split(tables, "\n\n")
	cols = map[string]map[string]string{}
	_, column := presetColumn(breaker.Presets())
	for _, block := range blocks[1:] {
		lines := strings.Split(strings.Trim(block, "\n"), "\n")
		names := strings.Fields(lines[0])
		label := len(lines[0]) - len(strings.TrimLeft(lines[0], " "))
		for i, name := range names {
			if at := label + i*column; !strings.HasPrefix(lines[0][at:], name) {
				t.Fatalf("column %q is not at %d: %q", name, at, lines[0])
			}
			order = append(order, name)
			cols[name] = map[string]string{}
		}
		for _, line := range lines[1:] {
			row := strings.TrimSpace(line[:min(label, len(line))])
			for i, name := range names {
				from, to := min(label+i*column, len(line)), min(label+(i+1)*column, len(line))
				cols[name][row] = strings.TrimSpace(line[from:to])
			}
		}
	}
	return order, cols
}

// prose is what follows the tables, its words in order: what a wrap may
// move between lines but must not cut.
func prose(out string) []string {
	_, after, _ := strings.Cut(out, "\nWhat each row means:")
	return strings.Fields(after)
}

// On a terminal narrower than 80 columns the table ran past its edge:
// presets now fits the width it is given, or the terminal's, as the cheat
// sheet and facts do. At each width every line fits, every column of the
// tables holds its preset's values whole, and the notes hold the words
// --wide prints on one line each.
func TestPresetsFitTheWidth(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	wide, errOut, code := run(t, "presets", "--wide")
	if code != 0 {
		t.Fatalf("--wide: exit %d: %s", code, errOut)
	}
	if order, _ := presetsTables(t, wide); len(order) != len(breaker.Presets()) || strings.Count(wide, "late results") != 2 {
		t.Errorf("--wide should print one table of every preset:\n%s", wide)
	}
	for _, p := range breaker.Presets() {
		if !strings.Contains(wide, "  "+p.Name+" ") || !strings.Contains(wide, "  "+p.Source+"\n") || !strings.Contains(wide, " note: "+p.Caveat+"\n") {
			t.Errorf("--wide should print %s's source and note a line each:\n%s", p.Name, wide)
		}
	}
	for _, width := range []int{40, 60, 80, 120} {
		args := []string{"presets", "--width", strconv.Itoa(width)}
		out, errOut, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errOut)
		}
		for i, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > width {
				t.Errorf("%q: line %d is %d columns wide: %q", args, i+1, n, line)
			}
		}
		order, cols := presetsTables(t, out)
		var want []string
		for _, p := range breaker.Presets() {
			want = append(want, p.Name)
			for _, s := range p.Config.Describe() {
				if got := cols[p.Name][s.Name]; got != s.Value {
					t.Errorf("%q: %s's %q reads %q, want %q", args, p.Name, s.Name, got, s.Value)
				}
			}
		}
		if strings.Join(order, " ") != strings.Join(want, " ") {
			t.Errorf("%q: columns %q, want %q", args, order, want)
		}
		if got, want := strings.Join(prose(out), " "), strings.Join(prose(wide), " "); got != want {
			t.Errorf("%q: the text under the tables is not --wide's, words cut or lost:\n%s", args, out)
		}
	}
}

// "presets resilience4j resilience4j" printed the same column twice; a
// repeat is refused, named as given, as an unknown name is.
func TestPresetsRefusesARepeatedName(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	for _, args := range [][]string{{"presets", "resilience4j", "resilience4j"}, {"presets", "polly", "hystrix", "Polly"}} {
		out, errOut, code := run(t, args...)
		name := strings.ToLower(args[1])
		if code != 2 || out != "" || !strings.Contains(errOut, fmt.Sprintf("breaker preset %q is named twice (as %q and %q)", name, args[1], args[len(args)-1])) || !strings.Contains(errOut, "name each preset once") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

func TestPresetsPicksColumns(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, _, code := run(t, "presets", "hystrix", "gobreaker")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	header := strings.Split(out, "\n")[2]
	if strings.Fields(header)[0] != "hystrix" || strings.Fields(header)[1] != "gobreaker" || strings.Contains(out, "resilience4j") {
		t.Fatalf("columns: %q\n%s", header, out)
	}
}

func TestPresetsUnknownNameExitsTwo(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	_, errOut, code := run(t, "presets", "finagle")
	if code != 2 || !strings.Contains(flat(errOut), "allowed: resilience4j, polly, gobreaker, hystrix, failsafe-go") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

// A dashed argument is a flag, and presets has only the width's:
// "--format json" was looked up as a preset called "--format".
func TestPresetsTakesOnlyWidthFlags(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	_, errOut, code := run(t, "presets", "--format", "json")
	if code != 2 || !strings.Contains(errOut, "unknown flag --format: presets takes --wide, --width") || strings.Contains(errOut, "preset \"--format\"") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	out, _, code := run(t, "help", "presets")
	if code != 0 || !strings.Contains(out, "flags of presets") || !strings.Contains(out, "--wide") || !strings.Contains(out, "breakerlab presets resilience4j gobreaker") {
		t.Errorf("help presets: exit %d:\n%s", code, out)
	}
}

// Every row of the table has a line under it that says what it means, in
// words to say in an interview: "late results recorded" and "leaves open
// > open for" were engine jargon with nothing to read them by.
func TestPresetsSayWhatEachRowMeans(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	for _, args := range [][]string{{"presets"}, {"presets", "opossum"}} {
		out, errOut, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errOut)
		}
		_, legend, ok := strings.Cut(out, "\nWhat each row means:\n")
		legend, _, _ = strings.Cut(legend, "\n\n")
		if !ok {
			t.Fatalf("%q prints no legend:\n%s", args, out)
		}
		flat := " " + strings.Join(strings.Fields(legend), " ") + " "
		rows := breaker.Resilience4j().Describe()
		for _, r := range rows {
			m := breaker.Meaning(r.Name)
			if m == "" {
				t.Errorf("the row %q has no meaning", r.Name)
				continue
			}
			if !strings.Contains(flat, " "+r.Name+" "+m+" ") {
				t.Errorf("%q: the legend lacks %q: %s", args, r.Name+" "+m, legend)
			}
		}
		if n := strings.Count(legend, "\n  ") + 1; !strings.HasPrefix(legend, "  ") || n < len(rows) {
			t.Errorf("%q: the legend has %d rows for the table's %d:\n%s", args, n, len(rows), legend)
		}
	}
}
