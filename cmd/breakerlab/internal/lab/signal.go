package lab

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// Interrupted is the cause of a lab's context that a signal ended (ctrl+c,
// SIGTERM): the measurement it stopped wraps it, so that the command can
// exit as a shell reports a program the signal stopped, 128 and the
// signal's number (130, 143), where a failed run exits 1.
type Interrupted struct{ Signal syscall.Signal }

// Error says it as signal.NotifyContext's cause does ("interrupt signal
// received"), the words the lab printed before it had a type.
func (i Interrupted) Error() string { return i.Signal.String() + " signal received" }

// Is makes it a cancellation, as the context's own error is.
func (i Interrupted) Is(target error) bool { return target == context.Canceled }

// SignalExitCode is the exit status a shell gives a program the signal
// ended.
func (i Interrupted) SignalExitCode() int { return 128 + int(i.Signal) }

// SignalContext is signal.NotifyContext whose cause says which signal
// came, as Interrupted: NotifyContext's cause is only words.
func SignalContext(parent context.Context, signals ...os.Signal) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, signals...)
	go func() {
		select {
		case s := <-ch:
			if ss, ok := s.(syscall.Signal); ok {
				cancel(Interrupted{Signal: ss})
			} else {
				cancel(nil)
			}
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(nil)
	}
}
