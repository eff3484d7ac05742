package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/breakerlab/breakerlab/exercises/cli"
)

func init() {
	register(command{name: "man", summary: "write a man page for breakerlab and for each command into DIR", usage: "man DIR", run: runMan})
}

// runMan writes breakerlab.1 and breakerlab-NAME.1 for every command. Each
// command's page holds its summary, its flags as its own parser knows
// them, and its examples. Cobra writes the pages from Markdown, which man
// fills to the reader's width: a flag's text wraps under the flag, where a
// block kept as --help prints it ran off an 80-column screen.
// manFolderError says why man cannot write its pages into dir, a folder
// the user named, and what would do, exit 2: "making the folder for the
// man pages: mkdir /etc/passwd: not a directory", exit 1, left the reader
// to work out that they had named a file.
func manFolderError(dir string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case errors.Is(err, syscall.ENOTDIR), errors.Is(err, fs.ErrExist):
		if st, serr := os.Stat(dir); serr == nil && !st.IsDir() {
			return usagef("cannot write the man pages into %s: it is a file, not a folder; give a folder (it is made if it does not exist)", dir)
		}
		return usagef("cannot write the man pages into %s: part of that path is a file, not a folder; give a folder (it is made if it does not exist)", dir)
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return usagef("cannot write the man pages into %s (%w); give a folder you can write to", dir, err)
	}
	return fmt.Errorf("writing the man pages into %s: %w", dir, err)
}

func runMan(args []string, stdout, stderr io.Writer) error {
	if len(args) == 1 && strings.HasPrefix(args[0], "-") {
		return noArguments("man", "one folder to write the pages into", args)
	}
	if len(args) != 1 || len(args[0]) == 0 {
		return usagef("man takes one folder to write the pages into, got %s", argsWords(args))
	}
	dir := args[0]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return manFolderError(dir, err)
	}
	root := newRoot(stdout, stderr)
	root.DisableAutoGenTag = true
	root.Long = "breakerlab is a terminal playground for learning how one failing dependency takes a whole service down, and how timeouts, bulkheads, circuit breakers, retries, fallbacks and shuffle sharding stop it. With no command it opens the home screen." +
		manOptions([]manFlag{
			{flagWords: flagWords{name: "--help", usage: "the commands and examples"}, also: "-h"},
			{flagWords: flagWords{name: "--version", usage: "the program's version"}},
		}) + manExamples(rootExamples)
	root.Example = ""
	root.Use = rootUsage
	root.DisableFlagsInUseLine = true
	hideHelpFlag(root)
	for _, c := range root.Commands() {
		c.DisableAutoGenTag = true
		cmd, ok := commands[c.Name()]
		if !ok {
			continue
		}
		c.Short = cmd.summary
		c.DisableFlagsInUseLine = true
		c.Use = cmd.synopsis()
		// The DESCRIPTION says what NAME's summary does not, in the
		// words --help prints under it (one string, commandAbout).
		c.Long = escapeMarkdown(cmd.about())
		if cmd.name == "exercises" {
			// exercises has commands and flags of its own, which its
			// help lists.
			c.Long += helpMarkdown(cli.Help)
		} else {
			c.Long += manOptions(commandFlags(cmd))
		}
		c.Long += manExamples(plainExamples(cmd.examplesText()))
		c.Example = ""
		hideHelpFlag(c)
	}
	header := &doc.GenManHeader{Section: "1", // no Title: each page takes its own, BREAKERLAB-RUN
		Source: "breakerlab " + programVersion(), Manual: "breakerlab manual"}
	pages := []*cobra.Command{root}
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() && !c.IsAdditionalHelpTopicCommand() {
			pages = append(pages, c)
		}
	}
	for _, c := range pages {
		var page bytes.Buffer
		h := *header
		if err := doc.GenMan(c, &h, &page); err != nil {
			return fmt.Errorf("writing the man page of %s: %w", c.CommandPath(), err)
		}
		name := strings.ReplaceAll(c.CommandPath(), " ", "-") + ".1"
		if err := os.WriteFile(filepath.Join(dir, name), asciiRoff(fillLeft(page.Bytes())), 0o644); err != nil {
			return manFolderError(dir, err)
		}
	}
	fmt.Fprintf(stdout, "wrote the man pages to %s\n", dir)
	return nil
}

// fillLeft makes a page's text fill to the left margin, unhyphenated:
// justified, a flag's text of long words (ENDPOINT.ok|fallback|...) was
// spread a dozen spaces apart, and words such as DURATION split across
// lines. The page's own .nh comes before .TH, which turns hyphenation back
// on; these come after it.
func fillLeft(page []byte) []byte {
	th := bytes.Index(page, []byte("\n.TH "))
	if th < 0 {
		return page
	}
	end := bytes.IndexByte(page[th+1:], '\n')
	if end < 0 {
		return page
	}
	at := th + 1 + end + 1
	return append(append(append([]byte{}, page[:at]...), ".nh\n.ad l\n"...), page[at:]...)
}

// asciiRoff writes each character past ASCII in page as roff's escape
// for it, \[u00D7] for ×: troff reads its input as Latin-1 unless man
// runs preconv first, and then warned of "invalid input character" and
// dropped the × of serve's "320×100"; groff and mandoc both read the
// escape.
func asciiRoff(page []byte) []byte {
	var b bytes.Buffer
	for _, r := range string(page) {
		if r < 0x80 {
			b.WriteByte(byte(r))
			continue
		}
		fmt.Fprintf(&b, `\[u%04X]`, r)
	}
	return b.Bytes()
}

// argsWords says what arguments were given, for a message: "none", the
// one, or how many and which.
func argsWords(args []string) string {
	switch len(args) {
	case 0:
		return "none"
	case 1:
		return fmt.Sprintf("%q", args[0])
	}
	return fmt.Sprintf("%d: %s", len(args), strings.Join(args, " "))
}

// hideHelpFlag gives c a hidden help flag, so that cobra adds none of its
// own to the page: cobra's reads "-h, --help[=false]", a value the
// command's parser does not take.
func hideHelpFlag(c *cobra.Command) {
	c.Flags().BoolP("help", "h", false, "")
	_ = c.Flags().MarkHidden("help") // the flag was just added
}

// helpMarkdown writes a help text laid out in columns (exercises' own)
// as paragraphs, and each indented entry ("  init [DIR]   write a new
// workbook", its text going on in lines indented further) as a term and
// its text, for man to fill: kept in columns, its lines ran past 80.
func helpMarkdown(help string) string {
	var b strings.Builder
	entry, prose := false, false
	column := 0 // where an entry's text starts, as its first line has it
	for line := range strings.SplitSeq(strings.TrimRight(help, "\n"), "\n") {
		text := strings.TrimSpace(line)
		switch {
		case text == "":
			entry, prose = false, false
		case prose && !strings.HasPrefix(line, " "):
			b.WriteString(" " + escapeMarkdown(text)) // the paragraph goes on
		case entry && strings.HasPrefix(line, "    "):
			b.WriteString(" " + escapeMarkdown(text)) // the entry's text goes on
		case strings.HasPrefix(line, "  "):
			var term, what string
			if column > 0 && len(line) > column && line[column-1] == ' ' {
				// Cut at the column: a long term leaves one space
				// before its text ("reset ID --tests [--yes] put").
				term, what = line[:column], line[column:]
			} else {
				term, what, _ = strings.Cut(text, "  ")
				if column == 0 && what != "" {
					column = len(line) - len(strings.TrimLeft(what, " "))
				}
			}
			b.WriteString("\n\n**" + escapeMarkdown(strings.TrimSpace(term)) + "**\n: " + escapeMarkdown(strings.TrimSpace(what)))
			entry = true
		default:
			b.WriteString("\n\n" + escapeMarkdown(text))
			entry, prose = false, true
		}
	}
	return "\n\n" + strings.TrimLeft(b.String(), "\n") + "\n"
}

// manFlag is one flag as a page lists it.
type manFlag struct {
	flagWords
	also string // another name, -h for --help
}

// commandFlags are c's flags, read from the flag set its parser answers
// --help with (flagList), in the order --help lists them, each worded as
// --help words it (describeFlag) but for a default counted on the machine
// that writes the page.
func commandFlags(c command) []manFlag {
	var l flagList
	if err := c.run([]string{"--help"}, io.Discard, io.Discard); !errors.As(err, &l) {
		return nil
	}
	var out []manFlag
	l.fs.VisitAll(func(f *flag.Flag) {
		out = append(out, manFlag{flagWords: describeFlag(f, false)})
	})
	return out
}

// manOptions is an OPTIONS section listing flags, each with its text in a
// paragraph under it, or "" for none.
func manOptions(flags []manFlag) string {
	if len(flags) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\n# OPTIONS\n")
	for _, f := range flags {
		b.WriteString("\n**" + escapeMarkdown(f.name) + "**")
		if f.also != "" {
			b.WriteString(", **" + escapeMarkdown(f.also) + "**")
		}
		if f.arg != "" {
			b.WriteString(" *" + escapeMarkdown(f.arg) + "*")
		}
		if f.def != "" {
			b.WriteString(" (" + escapeMarkdown(f.def) + ")")
		}
		b.WriteString("\n: " + escapeMarkdown(f.usage) + "\n")
	}
	return b.String()
}

// manExamples is an EXAMPLES section: each command line of ex, with what
// it does under it when ex says (after two spaces or more), or "". A
// command line continued after a backslash is one line here, which man
// wraps to its reader's width as it wraps every paragraph.
func manExamples(ex string) string {
	if strings.TrimSpace(ex) == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\n# EXAMPLES\n")
	lines := strings.Split(ex, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		for strings.HasSuffix(line, `\`) && i+1 < len(lines) {
			i++
			line = strings.TrimSpace(strings.TrimSuffix(line, `\`)) + " " + strings.TrimSpace(lines[i])
		}
		if line == "" {
			continue
		}
		cmdLine, what := line, ""
		if i := strings.Index(line, "  "); i >= 0 {
			cmdLine, what = line[:i], strings.TrimSpace(line[i:])
		}
		b.WriteString("\n**" + escapeMarkdown(cmdLine) + "**\n")
		if what != "" {
			b.WriteString(": " + escapeMarkdown(what) + "\n")
		} else {
			b.WriteString(": \n")
		}
	}
	return b.String()
}

// escapeMarkdown writes s so that Markdown reads it as plain text: a
// flag's text holds brackets, stars, underscores and pipes.
func escapeMarkdown(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_{}[]()#+-.!:|<>~&", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
