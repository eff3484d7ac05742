package scenariofile

import (
	"errors"
	"fmt"
)

// Error is a problem with a scenario file: the file, the line (from 1; 0 when
// the problem belongs to no single line) and what is wrong, which says what
// is allowed.
type Error struct {
	File string
	Line int
	Err  error
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrInvalid is wrapped by every error Parse returns, so a caller can tell a
// bad file from, say, a failure to read it: errors.Is(err, ErrInvalid).
var ErrInvalid = errors.New("invalid scenario file")

// problem is a message about the value at a path of the document; the
// converter turns it into an Error with the path's line.
type problem struct {
	path []string
	err  error
}

func (p *problem) Error() string { return p.err.Error() }
func (p *problem) Unwrap() error { return p.err }

// errorAt builds a problem at path. The path is copied: callers build paths
// with append and may reuse the backing array.
func errorAt(path []string, format string, args ...any) error {
	return &problem{path: append([]string(nil), path...), err: fmt.Errorf(format, args...)}
}

// wrapAt wraps err as a problem at path.
func wrapAt(path []string, err error) error {
	return &problem{path: append([]string(nil), path...), err: err}
}

// invalid is the Error's inner error: the message, wrapping ErrInvalid
// without printing it.
type invalid struct{ err error }

func (i invalid) Error() string   { return i.err.Error() }
func (i invalid) Unwrap() []error { return []error{i.err, ErrInvalid} }
