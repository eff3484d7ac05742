package bulkhead

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestCapsConcurrentCalls(t *testing.T) {
	s, _ := New(3)
	var inside, most atomic.Int32
	var wg sync.WaitGroup
	release := make(chan struct{})
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = s.Do(context.Background(), func(context.Context) error {
				n := inside.Add(1)
				for {
					m := most.Load()
					if n <= m || most.CompareAndSwap(m, n) {
						break
					}
				}
				<-release
				inside.Add(-1)
				return nil
			})
		}()
	}
	// Wait until three are inside and seven wait.
	for {
		in, waiting, _ := s.Stats()
		if in == 3 && waiting == 7 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	close(release)
	wg.Wait()
	if most.Load() != 3 {
		t.Fatalf("%d calls were inside a bulkhead of 3", most.Load())
	}
	if in, waiting, rejected := s.Stats(); in != 0 || waiting != 0 || rejected != 0 {
		t.Fatalf("after all calls: %d in use, %d waiting, %d rejected", in, waiting, rejected)
	}
}

func TestNoWaitRejectsAtOnce(t *testing.T) {
	s, _ := New(1)
	if !s.TryAcquire() {
		t.Fatal("an empty bulkhead refused")
	}
	if s.TryAcquire() {
		t.Fatal("a full bulkhead accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Acquire(ctx); !errors.Is(err, ErrFull) {
		t.Fatalf("an expired context should be refused at once, got %v", err)
	}
	if _, _, rejected := s.Stats(); rejected != 2 {
		t.Fatalf("rejections counted %d, want 2", rejected)
	}
}

// A waiter whose context ends leaves the queue and leaks nothing; the slot
// goes to the next waiter, first come first served.
func TestWaitEndsWithTheContextAndOrderIsKept(t *testing.T) {
	s, _ := New(1)
	_ = s.TryAcquire()
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error)
	go func() { gaveUp <- s.Acquire(ctx) }()
	for {
		if _, w, _ := s.Stats(); w == 1 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	second := make(chan error)
	go func() { second <- s.Acquire(context.Background()) }()
	for {
		if _, w, _ := s.Stats(); w == 2 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-gaveUp; !errors.Is(err, ErrFull) || !errors.Is(err, context.Canceled) {
		t.Fatalf("the canceled waiter got %v", err)
	}
	s.Release()
	if err := <-second; err != nil {
		t.Fatalf("the next waiter did not get the slot: %v", err)
	}
	if in, w, _ := s.Stats(); in != 1 || w != 0 {
		t.Fatalf("%d in use, %d waiting", in, w)
	}
}

func TestNewRefusesNonsense(t *testing.T) {
	if _, err := New(0); err == nil {
		t.Fatal("a bulkhead of 0 was accepted")
	}
}
