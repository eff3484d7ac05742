package main

import (
	"io"
	"os"
)

// pictureOutput is where a command's output goes: the file -o names, or
// standard output. A picture (svg, png) goes to standard output only when
// it is not a terminal, where its bytes would be noise.
func pictureOutput(stdout io.Writer, path, format string) (io.Writer, func() error, error) {
	if path == "" {
		if (format == "svg" || format == "png") && isTerminal(stdout) {
			return nil, nil, usagef("--format %s writes a picture: give -o FILE, or redirect standard output to a file", format)
		}
		return stdout, func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, usagef("cannot write %s: %w", path, err)
	}
	// Unbuffered, so a failed write is reported by the writer that made it.
	return f, f.Close, nil
}
