package main

import (
	"errors"
	"flag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// output is where a command's output goes: standard output, or the file -o
// names. The file is written beside its place under a temporary name and
// put there by Commit, when the command has succeeded: a command refused
// for its scenario, its budget or a fault, or one that fails or is stopped
// part way, leaves a file already there as it was (it emptied it before).
type output struct {
	io.Writer
	tmp  *os.File // nil when the output is standard output
	path string
}

// openOutput opens where a command writes: path, or stdout when path is
// "" or "-". A picture (svg, png) goes to standard output only when it is
// not a terminal, where its bytes would be noise.
func openOutput(stdout io.Writer, path, format string) (*output, error) {
	if path == "" || path == "-" {
		if (format == "svg" || format == "png") && isTerminal(stdout) {
			return nil, usagef("--format %s writes a picture: give -o FILE, or redirect standard output to a file", format)
		}
		return &output{Writer: stdout}, nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, usagef("cannot write %s: it is a folder; give a file's name", path)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, outputFolderError(path, err)
	}
	// Unbuffered, so a failed write is reported by the writer that made it.
	return &output{Writer: f, tmp: f, path: path}, nil
}

// outputTarget is what a command's output is fitted to before openOutput
// opens it: stdout, or, for a file named by path, a writer that is no
// terminal, so that the file is fitted as a pipe is. A file's bytes must
// not depend on the terminal the command was typed in: the same command
// wrote a table wrapped to 60 columns from one window and to 200 from
// another.
func outputTarget(stdout io.Writer, path string) io.Writer {
	if path == "" || path == "-" {
		return stdout
	}
	return io.Discard
}

// outputFolderError says why -o's file cannot be made in its folder, and
// what would do: "cannot write /tmp/out/x.svg: no such file or directory"
// left the reader to work out that the folder, not the file, is missing.
func outputFolderError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // not the temporary name, which the user never gave
	}
	folder := filepath.Dir(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usagef("cannot write %s: the folder %s does not exist; create it first, or give -o a file in a folder that exists", path, folder)
	case errors.Is(err, syscall.ENOTDIR):
		return usagef("cannot write %s: part of the folder %s is a file, not a folder; give -o a file in a folder that exists", path, folder)
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return usagef("cannot write %s: the folder %s cannot be written to (%w); give -o a file in a folder you can write to", path, folder, err)
	}
	return usagef("cannot write %s: %w", path, err)
}

// Commit puts the written file in its place, with the mode of the file it
// replaces (0644 for a new one: CreateTemp's is 0600).
func (o *output) Commit() error {
	if o.tmp == nil {
		return nil
	}
	f := o.tmp
	o.tmp = nil
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(o.path); err == nil {
		mode = st.Mode().Perm()
	}
	err := f.Chmod(mode)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), o.path)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// Discard lets the written file go, leaving path as it was; after Commit
// it does nothing, so it can be deferred.
func (o *output) Discard() {
	if o.tmp == nil {
		return
	}
	o.tmp.Close()
	os.Remove(o.tmp.Name())
	o.tmp = nil
}

// outputFormat is the format a command writes: --format's, or, when it was
// not given, the one -o's name asks for (out.csv, out.json, out.svg,
// out.png), among choices, the command's formats. A --format that
// disagrees with the name's is refused: a table in a file called out.csv
// fails the next CSV reader far from the cause, and one called out.png
// opens as a broken picture. A name whose extension is no format (out.txt,
// out) takes --format, or the table.
func outputFormat(flags *flag.FlagSet, format *choiceFlag, path string) (string, error) {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	if ext == "" || !slices.Contains(format.choices, ext) {
		return format.value, nil
	}
	given := false
	flags.Visit(func(f *flag.Flag) { given = given || f.Name == "format" })
	if !given {
		return ext, nil
	}
	if format.value != ext {
		what := "a " + ext + " file"
		if ext == "svg" || ext == "png" {
			what = "a " + ext + " picture"
		}
		return "", usagef("-o %s names %s, but --format is %s: give --format %s (or leave --format out), or a file name that does not end in .%s", path, what, format.value, ext, ext)
	}
	return format.value, nil
}
