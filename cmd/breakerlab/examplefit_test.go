package main

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// exampleCommands are ex's command lines, one an example: a line that
// ends in a backslash continues on the next, as a shell reads it, and the
// words after two spaces or more, which say what it does, are left out.
func exampleCommands(ex string) []string {
	var out []string
	cont := false
	for line := range strings.SplitSeq(strings.TrimSuffix(ex, "\n"), "\n") {
		text := strings.TrimSpace(line)
		if i := strings.Index(text, "  "); i >= 0 {
			text = text[:i]
		}
		if cont {
			out[len(out)-1] += " " + text
		} else {
			out = append(out, text)
		}
		cont = strings.HasSuffix(text, `\`)
		if cont {
			out[len(out)-1] = strings.TrimSpace(strings.TrimSuffix(out[len(out)-1], `\`))
		}
	}
	return out
}

// exampleArgs are the words breakerlab gets from cmd, a shell's command
// line: its words after breakerlab, single quotes removed, up to the end
// of a <(...) or a pipe, redirection or && that hands the output on.
func exampleArgs(cmd string) (args []string, ok bool) {
	var words []string
	var w strings.Builder
	quoted := false
	for _, r := range cmd + " " {
		switch {
		case r == '\'':
			quoted = !quoted
		case r == ' ' && !quoted:
			if w.Len() > 0 {
				words = append(words, w.String())
			}
			w.Reset()
		default:
			w.WriteRune(r)
		}
	}
	for i, word := range words {
		if strings.TrimPrefix(word, "<(") != "breakerlab" {
			continue
		}
		for _, a := range words[i+1:] {
			if a == "|" || a == "&&" || a == ";" || strings.HasPrefix(a, ">") || strings.HasPrefix(a, "<") {
				break
			}
			a, closes := strings.CutSuffix(a, ")")
			args = append(args, a)
			if closes {
				break
			}
		}
		return args, true
	}
	return nil, false
}

// Every example of every command's help, and of breakerlab --help, fits
// on a line of a help in a pipe (textWidth columns, with its indent): a
// longer one continues on the next line after a backslash, as a shell
// reads it, since a command line is never broken between its words
// (wrapExamples). And each parses: its command takes every flag and value
// it gives, up to the --help added after them.
func TestExamplesFitAndParse(t *testing.T) {
	racefree.Only(t) // no goroutine: --help prints and runs nothing
	tempConfig(t)
	all := map[string]string{"": rootExamples}
	for _, name := range commandNames() {
		all[name] = indentExamples(commands[name].examplesText())
	}
	parsed := 0
	for name, ex := range all {
		for line := range strings.SplitSeq(strings.TrimSuffix(ex, "\n"), "\n") {
			at, _ := exampleWordsAt(line)
			if at == 0 {
				at = len(line)
			}
			if n := ansi.StringWidth(strings.TrimRight(line[:at], " ")); n > textWidth {
				t.Errorf("help %s: an example's command line is %d columns, over %d: %q", name, n, textWidth, line)
			}
		}
		for _, cmd := range exampleCommands(plainExamples(ex)) {
			args, ok := exampleArgs(cmd)
			if !ok {
				t.Errorf("help %s: example %q runs no breakerlab", name, cmd)
				continue
			}
			c, ok := commands[defaultCommand], true
			if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
				c, ok = commands[args[0]]
				args = args[1:]
			}
			if !ok {
				if name == "" && cmd == "breakerlab help run" {
					continue // help is the root's, no command's
				}
				t.Errorf("help %s: example %q names no command", name, cmd)
				continue
			}
			parsed++
			var l flagList
			if err := c.run([]string{"--help"}, io.Discard, io.Discard); !errors.As(err, &l) {
				// No flag set of its own (completion, man, version;
				// exercises parses its subcommands' itself): it
				// takes no flag an example could give.
				for _, a := range args {
					if strings.HasPrefix(a, "-") && c.name != "exercises" {
						t.Errorf("help %s: example %q gives %s; %s takes no flags", name, cmd, a, c.name)
					}
				}
				continue
			}
			if err := c.run(append(args, "--help"), io.Discard, io.Discard); !errors.As(err, &l) {
				t.Errorf("help %s: example %q does not parse: %v", name, cmd, err)
			}
		}
	}
	if parsed < 50 {
		t.Errorf("parsed %d examples; want every command's", parsed)
	}
}

// A man page lists an example continued after a backslash as one command
// line, as a shell runs it: man wraps it to its reader's width, where a
// backslash and a second entry would read as two commands.
func TestManExamplesJoinContinuedLines(t *testing.T) {
	racefree.Only(t) // no goroutine: manExamples only writes text
	continued := 0
	for _, name := range commandNames() {
		ex := plainExamples(commands[name].examplesText())
		cmds := exampleCommands(ex)
		page := manExamples(ex)
		if got := strings.Count(page, "\n**"); got != len(cmds) {
			t.Errorf("man %s lists %d examples; its help gives %d:\n%s", name, got, len(cmds), page)
		}
		for _, cmd := range cmds {
			if strings.Contains(cmd, `\`) || !strings.Contains(page, "**"+escapeMarkdown(strings.Join(strings.Fields(cmd), " "))+"**") {
				t.Errorf("man %s lacks the example %q as one line:\n%s", name, cmd, page)
			}
		}
		continued += strings.Count(ex, "\\\n")
	}
	if continued == 0 {
		t.Errorf("no example continues after a backslash; this test checks nothing")
	}
}
