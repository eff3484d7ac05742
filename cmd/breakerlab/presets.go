package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

func init() {
	register(command{name: "presets", summary: "compare the circuit breaker defaults of Resilience4j, Polly, gobreaker, Hystrix and failsafe-go (presets [NAME...])", run: runPresets})
}

// runPresets prints the libraries' breaker defaults side by side: one row a
// parameter, one column a library, then where each column comes from.
func runPresets(args []string, stdout, _ io.Writer) error {
	presets := breaker.Presets()
	if len(args) > 0 {
		presets = presets[:0:0]
		for _, name := range args {
			p, err := breaker.PresetNamed(name)
			if err != nil {
				return usagef("%v", err)
			}
			presets = append(presets, p)
		}
	}
	const width = 100
	rows := make([][]breaker.Setting, len(presets))
	label := 0
	for i, p := range presets {
		rows[i] = p.Config.Describe()
		for _, s := range rows[i] {
			label = max(label, len(s.Name))
		}
	}
	label += 2
	const column = 16

	var b strings.Builder
	b.WriteString("Circuit breaker defaults, as each library documents them\n\n")
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
	_, err := io.WriteString(stdout, b.String())
	return err
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
