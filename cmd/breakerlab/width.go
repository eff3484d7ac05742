package main

import (
	"flag"
	"fmt"
	"io"

	"golang.org/x/term"
)

// minTableWidth is the narrowest width a headless table is fitted to.
const minTableWidth = 40

// widthRange is --width's range as its help and a word's refusal say it
// (openRange): no widest, --wide never wraps.
var widthRange = fmt.Sprintf("at least %d", minTableWidth)

// widthFlags are --wide and --width, which say how wide a headless table,
// list or text may be. Without them it fits the terminal it is printed on,
// and in a pipe or a file, where there is none, textWidth columns: people
// read it there too (| less, | cat), and scripts ask for --wide or read a
// command's CSV or JSON.
type widthFlags struct {
	wide  *bool
	width *int
	fs    *flag.FlagSet // to tell --width 0 typed from no --width
}

// addTextWidthFlags adds the flags of a text read as prose, which wraps to
// textWidth columns in a pipe as on a terminal, as the cheat sheet and the
// presets' notes do.
func addTextWidthFlags(fs *flag.FlagSet) widthFlags {
	f := widthFlags{
		wide:  fs.Bool("wide", false, "never wrap: a line a sentence, for grep"),
		width: fs.Int("width", 0, "wrap the text to `N` columns, "+widthRange),
		fs:    fs,
	}
	openRange(fs, "width", minTableWidth, widthRange)
	sayDefault(fs, "width", fmt.Sprintf("the terminal's width, or %d in a pipe", textWidth), false)
	return f
}

// addReadTableWidthFlags adds the flags of a table read by people, such
// as run's: it wraps to textWidth columns in a pipe, by addTextWidthFlags'
// rule, and its flags speak of a table; scripts read its CSV or JSON.
func addReadTableWidthFlags(fs *flag.FlagSet) widthFlags {
	f := addTextWidthFlags(fs)
	fs.Lookup("wide").Usage = "never wrap the table: a row or a sentence a line, for grep"
	fs.Lookup("width").Usage = "fit the table to `N` columns, " + widthRange
	return f
}

// addListWidthFlags adds the flags of a list read by people, a line an
// item (item: "a scenario"), such as the scenarios, lessons and challenge
// levels: in a pipe it wraps to textWidth columns, by addTextWidthFlags'
// rule, and --wide keeps an item on one line, for grep.
func addListWidthFlags(fs *flag.FlagSet, item string) widthFlags {
	f := addTextWidthFlags(fs)
	fs.Lookup("wide").Usage = "never wrap: a line " + item + ", for grep"
	fs.Lookup("width").Usage = "wrap the list to `N` columns, " + widthRange
	return f
}

// textWidth is the width a text is wrapped to where no terminal says.
const textWidth = 80

// resolve returns the width to fit, 0 for no limit.
func (f widthFlags) resolve(out io.Writer) (int, error) {
	// 0 is no --width, not a width: a --width 0 typed was taken as
	// --wide, which the help never said.
	set := f.fs != nil && given(f.fs, "width")
	switch {
	case set && *f.wide:
		return 0, usagef("--wide and --width both say how wide the output is: give one")
	case set && *f.width < minTableWidth:
		return 0, flagUsagef("--width must be at least %d columns, got %d; --wide never wraps", minTableWidth, *f.width)
	case set:
		return *f.width, nil
	case *f.wide:
		return 0, nil
	}
	if w := terminalWidth(out); w > 0 {
		return w, nil
	}
	return textWidth, nil
}

// terminalWidth is the width of the terminal out writes to, or 0 when it is
// not a terminal.
func terminalWidth(out io.Writer) int {
	file, ok := outputFile(out)
	if !ok || !term.IsTerminal(int(file.Fd())) {
		return 0
	}
	w, _, err := term.GetSize(int(file.Fd()))
	if err != nil || w <= 0 {
		return 0
	}
	return max(w, minTableWidth)
}

// given reports whether the flag name was on the command line, for a flag
// whose zero value stands for "not given" (--width, run's --variant): a 0
// typed there is refused as the value it is, not taken as no flag.
func given(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}
