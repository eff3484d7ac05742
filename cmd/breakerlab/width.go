package main

import (
	"flag"
	"io"
	"os"

	"golang.org/x/term"
)

// minTableWidth is the narrowest width a headless table is fitted to.
const minTableWidth = 40

// widthFlags are --wide and --width, which say how wide a headless table
// may be. Without them a table fits the terminal it is printed on, and is
// not wrapped at all in a pipe or a file, where a script reads it.
type widthFlags struct {
	wide  *bool
	width *int
}

func addWidthFlags(fs *flag.FlagSet) widthFlags {
	return widthFlags{
		wide:  fs.Bool("wide", false, "never wrap the table (the default in a pipe)"),
		width: fs.Int("width", 0, "fit the table to `N` columns (default: the terminal's width)"),
	}
}

// resolve returns the width to fit, 0 for no limit.
func (f widthFlags) resolve(out io.Writer) (int, error) {
	switch {
	case *f.width != 0 && *f.wide:
		return 0, usagef("--wide and --width both say how wide the table is: give one")
	case *f.width != 0 && *f.width < minTableWidth:
		return 0, usagef("--width must be at least %d columns, got %d", minTableWidth, *f.width)
	case *f.width != 0:
		return *f.width, nil
	case *f.wide:
		return 0, nil
	}
	return terminalWidth(out), nil
}

// terminalWidth is the width of the terminal out writes to, or 0 when it is
// not a terminal.
func terminalWidth(out io.Writer) int {
	file, ok := out.(*os.File)
	if !ok || !term.IsTerminal(int(file.Fd())) {
		return 0
	}
	w, _, err := term.GetSize(int(file.Fd()))
	if err != nil || w <= 0 {
		return 0
	}
	return max(w, minTableWidth)
}
