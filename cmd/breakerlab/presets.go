package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

func init() {
	register(command{name: "presets", summary: "compare the circuit breaker defaults of Resilience4j, Polly, gobreaker, Hystrix, failsafe-go and opossum", usage: "presets [NAME...]", run: runPresets})
}

// runPresets prints the libraries' breaker defaults side by side: one row a
// parameter, one column a library, then what each row means and where each
// column comes from. It
// fits 80 columns: a label of breaker.MaxSettingName and five columns of
// breaker.MaxSettingValue, two spaces apart.
func runPresets(args []string, stdout, _ io.Writer) error {
	// No flags, but parsed as flags: "--format json" was taken for a
	// preset called "--format".
	fs := flag.NewFlagSet("presets", flag.ContinueOnError)
	names, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	presets := breaker.Presets()
	if len(names) > 0 {
		presets = presets[:0:0]
		for _, name := range names {
			p, err := breaker.PresetNamed(strings.ToLower(name)) // names are lower case
			if err != nil {
				return usagef("%v", err)
			}
			presets = append(presets, p)
		}
	}
	const width = 80
	label := 0
	for _, p := range presets {
		for _, s := range p.Config.Describe() {
			label = max(label, len(s.Name))
		}
	}
	label += 2
	const column = breaker.MaxSettingValue + 2
	// The last column needs no gap after it.
	fit := max(1, (width-label-breaker.MaxSettingValue)/column+1)

	var b strings.Builder
	b.WriteString("Circuit breaker defaults, as each library documents them\n")
	for from := 0; from < len(presets); from += fit {
		b.WriteString("\n")
		writeTable(&b, presets[from:min(from+fit, len(presets))], label, column)
	}

	// The rows' names are short to fit the columns; what each means, in
	// words to say in an interview, follows the table.
	b.WriteString("\nWhat each row means:\n")
	rowIndent := strings.Repeat(" ", 2+label)
	for _, s := range presets[0].Config.Describe() {
		wrap(&b, fmt.Sprintf("  %-*s", label, s.Name), rowIndent, breaker.Meaning(s.Name), width)
	}

	b.WriteString("\nWhere each column comes from, and a note on each:\n")
	name := 0
	for _, p := range presets {
		name = max(name, len(p.Name))
	}
	indent := strings.Repeat(" ", 2+name+2)
	for _, p := range presets {
		first := fmt.Sprintf("  %-*s  ", name, p.Name)
		wrap(&b, first, indent, p.Source, width)
		wrap(&b, indent, indent, "note: "+p.Caveat, width)
	}
	_, err = io.WriteString(stdout, b.String())
	return err
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

// wrap writes text in lines of at most width bytes, the first starting with
// first and the rest with indent.
func wrap(b *strings.Builder, first, indent, text string, width int) {
	line := first
	empty := true
	for _, word := range strings.Fields(text) {
		if !empty && len(line)+1+len(word) > width {
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
