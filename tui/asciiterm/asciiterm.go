// Package asciiterm owns breakerlab's fallback for terminals that cannot
// show Unicode: the one decision whether a terminal gets ASCII only (Wanted,
// from BREAKERLAB_ASCII, else the locale), and the writer that draws each
// character outside ASCII as ASCII of the same width (Writer).
//
// The screens draw box borders, shade bars, braille charts, arrows and
// marks (▶ ◆ ⚠ ✓ ╳ …) as UTF-8 in a great many places. A terminal that
// does not take UTF-8 (a C or POSIX locale, a serial console, tmux whose
// client has no UTF-8 locale) shows each as `_` or `?`, or as several
// characters, and the screen cannot be read. The fallback is applied once,
// at the output of each program (WithOutput), rather than in every screen:
// the screens keep one way of drawing and their golden files.
package asciiterm

import (
	"fmt"
	"io"
	"os"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// EnvASCII is the environment variable that settles the fallback where
// the locale says wrong: "1" draws ASCII only, "0" draws Unicode, and
// unset, empty or "auto" follows the locale. An environment variable, as
// BREAKERLAB_THEME is, so that it reaches every command and crosses SSH
// (ssh -o SetEnv=BREAKERLAB_ASCII=1) to a classroom's server.
const EnvASCII = "BREAKERLAB_ASCII"

// choice reads EnvASCII: forced says whether it decides, ascii what. A
// value it does not know is an error naming the values it takes, and
// leaves the decision to the locale.
func choice(getenv func(string) string) (ascii, forced bool, err error) {
	v := getenv(EnvASCII)
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1":
		return true, true, nil
	case "0":
		return false, true, nil
	case "", "auto":
		return false, false, nil
	}
	return false, false, fmt.Errorf("%s=%q is not understood: it takes 1 (ASCII only), 0 (Unicode) or auto (follow the locale)", EnvASCII, v)
}

// CheckEnv says what is wrong with EnvASCII's value, or nil: for a
// warning at start, since a misspelt value otherwise falls back to the
// locale without a word.
func CheckEnv(getenv func(string) string) error {
	_, _, err := choice(getenv)
	return err
}

// Wanted reports whether a terminal whose environment getenv reads gets
// ASCII only: EnvASCII when it says 1 or 0, else the locale (asciiLocale).
// getenv is the process's os.Getenv, or an SSH session's environment: the
// client's locale, not the server's, says what its terminal shows.
func Wanted(getenv func(string) string) bool {
	if getenv == nil {
		return false
	}
	if ascii, forced, _ := choice(getenv); forced {
		return ascii
	}
	return asciiLocale(getenv)
}

// asciiLocale reports whether the locale says the terminal takes no UTF-8.
// The variable that decides is the one setlocale reads for the character
// type: the first set (non-empty) of LC_ALL, LC_CTYPE and LANG. C and
// POSIX are ASCII; a name with a codeset (en_US.UTF-8, de_DE.ISO-8859-1)
// is UTF-8 when its codeset is; a name without one (en_US) is not, as
// glibc gives it its old 8-bit codeset.
//
// With none of the three set, setlocale would say C, but that is taken as
// UTF-8, except inside tmux. Environments with no locale at all are mostly
// ones that dropped it, in front of terminals that show UTF-8: a
// container run without LANG, Windows' consoles (which set none), env -i,
// and SSH clients that send none (PuTTY, Windows' OpenSSH), which decide
// for `breakerlab serve`. A plain shell or tmux session here says
// LANG=C.UTF-8, and macOS Terminal and iTerm2 set LANG=xx_XX.UTF-8, so
// they are the same either way. tmux is the exception: it draws UTF-8 to
// a client only when the client's first set of those three variables
// names UTF-8 (tmux(1), -u), and shows `_` for each character otherwise;
// a pane's environment is the one its server started with, so a pane
// without a locale is most likely on such a client.
func asciiLocale(getenv func(string) string) bool {
	name := ""
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if name = strings.TrimSpace(getenv(k)); name != "" {
			break
		}
	}
	if name == "" {
		return getenv("TMUX") != ""
	}
	name, _, _ = strings.Cut(name, "@") // a modifier: de_DE.UTF-8@euro
	if name == "C" || name == "POSIX" {
		return true
	}
	_, codeset, ok := strings.Cut(name, ".")
	if !ok {
		return true
	}
	codeset = strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(codeset))
	return codeset != "utf8"
}

// Output is where a program draws: out itself, or a Writer on out when
// getenv's terminal gets ASCII only (Wanted). A nil out is the process's
// standard output.
//
// A Writer on a file (the terminal) is still the file to bubbletea: it
// has the file's descriptor, by which bubbletea finds that it is a
// terminal and asks its size.
func Output(out io.Writer, getenv func(string) string) io.Writer {
	if out == nil {
		out = os.Stdout
	}
	if !Wanted(getenv) {
		return out
	}
	w := NewWriter(out)
	if f, ok := out.(terminalFile); ok {
		return fileWriter{Writer: w, f: f}
	}
	return w
}

// WithOutput is the program option every full-screen program of
// breakerlab's is started with: its output, Output(out, getenv).
func WithOutput(out io.Writer, getenv func(string) string) tea.ProgramOption {
	return tea.WithOutput(Output(out, getenv))
}

// terminalFile is what bubbletea takes for a terminal (x/term's File): a
// file with a descriptor.
type terminalFile interface {
	io.ReadWriteCloser
	Fd() uintptr
}

// fileWriter is a Writer on a file that keeps the file's other methods.
type fileWriter struct {
	*Writer
	f terminalFile
}

func (w fileWriter) Read(p []byte) (int, error) { return w.f.Read(p) }
func (w fileWriter) Close() error               { return w.f.Close() }
func (w fileWriter) Fd() uintptr                { return w.f.Fd() }
