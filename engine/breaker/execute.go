package breaker

import (
	"errors"
	"time"
)

// Which outcomes count is the caller's decision, made by a classifier: a
// function from the call's error to a Result. The simulation knows its
// outcomes and passes Results directly; real code wraps its calls with
// Execute and a classifier.

// Classify is the default classifier: no error is a success, an error marked
// with Ignore is ignored, and every other error is a failure.
func Classify(err error) Result {
	if err == nil {
		return Success
	}
	var ig ignoredError
	if errors.As(err, &ig) {
		return Ignored
	}
	return Failure
}

// Ignore marks err as saying nothing about the dependency's health: the
// caller's own bad input, its own bulkhead being full, a cancelled context.
// Classify reports it as Ignored; errors.Is and errors.As still see err.
func Ignore(err error) error {
	if err == nil {
		return nil
	}
	return ignoredError{err}
}

type ignoredError struct{ err error }

func (e ignoredError) Error() string { return e.err.Error() }
func (e ignoredError) Unwrap() error { return e.err }

// ClassifyHTTP judges an HTTP status code: a server error (5xx), a request
// timeout (408) or a request turned away for load (429) is a failure of the
// dependency; any other 4xx is the caller's own mistake and is ignored;
// everything else is a success.
func ClassifyHTTP(status int) Result {
	switch {
	case status >= 500, status == 408, status == 429:
		return Failure
	case status >= 400:
		return Ignored
	}
	return Success
}

// gate is what Execute needs: *Breaker and *Concurrent both are one.
type gate interface {
	Allow(now time.Duration) (Permit, error)
	Record(now time.Duration, p Permit, r Result)
}

// Execute runs call if the breaker allows it and records how it ended.
// now reads the caller's clock (time.Since(start) for real code); classify
// turns the call's error into a Result, and may be nil for Classify. It
// returns ErrOpen when the breaker refuses, else the call's own error. A
// call that panics is recorded as a failure and the panic goes on.
func (b *Breaker) Execute(now func() time.Duration, call func() error, classify func(error) Result) error {
	return execute(b, now, call, classify)
}

func execute(g gate, now func() time.Duration, call func() error, classify func(error) Result) error {
	p, err := g.Allow(now())
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			g.Record(now(), p, Failure)
		}
	}()
	err = call()
	done = true
	if classify == nil {
		classify = Classify
	}
	g.Record(now(), p, classify(err))
	return err
}
