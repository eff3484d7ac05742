package lessons

import (
	"errors"
	"sync"
	"testing"
	"time"
)

// A result being made does not hold the Lab: while one key's result is
// made, another key's is made and returned; a second ask for the first key
// waits for it and gets the same result, made once; an error reaches
// every waiter and is not kept.
func TestLabMakesDifferentResultsSideBySide(t *testing.T) {
	var mu sync.Mutex
	var m memo[string, int]
	release := make(chan struct{})
	started := make(chan struct{})
	made := 0
	var wg sync.WaitGroup
	got := make([]int, 2)
	for i := range got {
		wg.Go(func() {
			v, err := get(&mu, &m, "slow", func() (int, error) {
				made++ // only one maker: the second ask waits
				close(started)
				<-release
				return 7, nil
			})
			if err != nil {
				t.Error(err)
			}
			got[i] = v
		})
		if i == 0 {
			<-started // the first ask is making it: the second must wait, not make
		}
	}
	// "slow" is being made: another key is made meanwhile.
	quick := make(chan int)
	go func() {
		v, _ := get(&mu, &m, "quick", func() (int, error) { return 3, nil })
		quick <- v
	}()
	select {
	case v := <-quick:
		if v != 3 {
			t.Fatalf("another key while one is made: %d, want 3", v)
		}
	case <-time.After(10 * time.Second):
		close(release)
		t.Fatal("another key's result waited for the one being made")
	}
	close(release)
	wg.Wait()
	if made != 1 || got[0] != 7 || got[1] != 7 {
		t.Fatalf("made %d times, got %v; want made once, 7 for both", made, got)
	}
	boom := errors.New("boom")
	for range 2 {
		if _, err := get(&mu, &m, "fails", func() (int, error) { return 0, boom }); !errors.Is(err, boom) {
			t.Fatalf("error %v, want boom each time (errors are not kept)", err)
		}
	}
}

// A classroom's sessions asking one Lab for the same run at once get one
// engine run between them.
func TestLabRunsASharedRunOnce(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	var spec *SimSpec
	for _, st := range all[0].Steps {
		if st.Sim != nil && !st.Sim.IsShuffle() {
			spec = st.Sim
			break
		}
	}
	if spec == nil {
		t.Fatal("lesson 1 has no step with a run")
	}
	lab := NewLab()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if _, err := lab.Final(spec); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := lab.Runs(); n != 1 {
		t.Fatalf("four asks at once for one run made %d runs, want 1", n)
	}
}
