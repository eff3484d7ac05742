package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/charmbracelet/x/ansi"
)

func init() {
	register(command{name: "presets", summary: "compare the circuit breaker defaults of Resilience4j, Polly, gobreaker, Hystrix, failsafe-go and opossum", usage: "presets [--width N | --wide] [NAME...]", run: runPresets})
}

// runPresets prints the libraries' breaker defaults side by side: one row a
// parameter, one column a library, then what each row means and where each
// column comes from. It fits the terminal's width, or 80 columns in a pipe,
// as the cheat sheet and facts do (addTextWidthFlags): as many columns
// (presetColumn), two spaces apart, as fit beside the labels make
// one table, the rest the next; --wide makes one table and a line a note.
func runPresets(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("presets", flag.ContinueOnError)
	widths := addTextWidthFlags(fs)
	names, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	width, err := widths.resolve(stdout)
	if err != nil {
		return err
	}
	presets := breaker.Presets()
	if len(names) > 0 {
		presets = presets[:0:0]
		given := map[string]string{} // a preset's name: the spelling first given
		for _, name := range names {
			p, err := breaker.PresetNamed(strings.ToLower(name)) // names are lower case
			if err != nil {
				return nameUsagef("%v", err)
			}
			// A column twice says nothing more, and a reader looks for a
			// difference between the two that is not there.
			if first, ok := given[p.Name]; ok {
				return usagef("breaker preset %q is named twice (as %q and %q): name each preset once", p.Name, first, name)
			}
			given[p.Name] = name
			presets = append(presets, p)
		}
	}
	label := 0
	for _, p := range presets {
		for _, s := range p.Config.Describe() {
			label = max(label, len(s.Name))
		}
	}
	label += 2
	value, column := presetColumn(presets)
	fit := len(presets)
	if width > 0 {
		// The last column needs no gap after it.
		fit = max(1, (width-label-value)/column+1)
	}

	var b strings.Builder
	b.WriteString(report.Wrap("Circuit breaker defaults, as each library documents them", width, 0))
	for from := 0; from < len(presets); from += fit {
		b.WriteString("\n")
		writeTable(&b, presets[from:min(from+fit, len(presets))], label, column)
	}

	// The rows' names are short to fit the columns; what each means, in
	// words to say in an interview, follows the table.
	b.WriteString("\n" + report.Wrap("What each row means:", width, 0))
	for _, s := range presets[0].Config.Describe() {
		b.WriteString(report.Wrap(fmt.Sprintf("  %-*s%s", label, s.Name, breaker.Meaning(s.Name)), width, 2+label))
	}

	b.WriteString("\n" + report.Wrap("Where each column comes from, and a note on each:", width, 0))
	name, longest := 0, 0
	for _, p := range presets {
		name = max(name, len(p.Name))
		for _, w := range strings.Fields(p.Source + " note: " + p.Caveat) {
			longest = max(longest, len(w))
		}
	}
	// A source and a note wrap under themselves, past the longest name;
	// where a word of them would not fit there (--width 40 and
	// "CircuitBreakerStrategyOptions"), each goes under its name.
	indent := 2 + name + 2
	narrow := width > 0 && indent+longest > width
	if narrow {
		indent = 4
	}
	pad := strings.Repeat(" ", indent)
	for _, p := range presets {
		first := fmt.Sprintf("  %-*s  %s", name, p.Name, p.Source)
		if narrow {
			b.WriteString("  " + p.Name + "\n")
			first = pad + p.Source
		}
		b.WriteString(report.Wrap(first, width, indent))
		b.WriteString(report.Wrap(pad+"note: "+p.Caveat, width, indent))
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

// presetColumn is the widest a column of presets holds, a value
// (breaker.MaxSettingValue) or a preset's name, and the column's width
// with its two spaces: a name longer than every value (resilience4j)
// once left one space before the next name, "resilience4j polly".
func presetColumn(presets []breaker.Preset) (value, column int) {
	value = breaker.MaxSettingValue
	for _, p := range presets {
		value = max(value, len(p.Name))
	}
	return value, value + 2
}

// writeTable writes one row a parameter, one column a preset.
func writeTable(b *strings.Builder, presets []breaker.Preset, label, column int) {
	rows := make([][]breaker.Setting, len(presets))
	for i, p := range presets {
		rows[i] = p.Config.Describe()
	}
	line := fmt.Sprintf("%-*s", label, "")
	for _, p := range presets {
		line += fmt.Sprintf("%-*s", column, p.Name)
	}
	b.WriteString(strings.TrimRight(line, " ") + "\n")
	for r := range rows[0] {
		line := fmt.Sprintf("%-*s", label, rows[0][r].Name)
		for i := range presets {
			line += fmt.Sprintf("%-*s", column, rows[i][r].Value)
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}

// wrap writes text in lines of at most width columns, the first starting
// with first and the rest with indent. Columns are display cells
// (ansi.StringWidth): "×", "→" or a lead's "✱" take one on the screen
// though two or three bytes in the string. A number keeps its unit on its
// line (drill.KeepUnits): "takes 10 s a call" once broke as "10" / "s".
func wrap(b *strings.Builder, first, indent, text string, width int) {
	line := first
	empty := true
	for _, word := range drill.KeepUnits(strings.Fields(text)) {
		if !empty && ansi.StringWidth(line)+1+ansi.StringWidth(word) > width {
			b.WriteString(line + "\n")
			line, empty = indent, true
		}
		if !empty {
			line += " "
		}
		line += word
		empty = false
	}
	b.WriteString(line + "\n")
}
