package deadline

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

const ms = time.Millisecond

// left shows a time left the way the exercise names it: %v would print
// NoDeadline as 2562047h47m16.854775807s, which is no deadline to a reader.
func left(d time.Duration) string {
	if d == NoDeadline {
		return "no deadline"
	}
	return d.String()
}

// timeout shows a hop's timeout, where 0 means none at all.
func timeout(d time.Duration) string {
	if d == 0 {
		return "0 (no timeout)"
	}
	return d.String()
}

func TestHopTimeout(t *testing.T) {
	cases := []struct {
		name              string
		own, left, margin time.Duration
		want              time.Duration
	}{
		{"own timeout is smaller", 200 * ms, 1000 * ms, 10 * ms, 200 * ms},
		{"deadline minus margin is smaller", 800 * ms, 300 * ms, 20 * ms, 280 * ms},
		{"equal", 280 * ms, 300 * ms, 20 * ms, 280 * ms},
		{"no own timeout: the deadline decides", 0, 300 * ms, 20 * ms, 280 * ms},
		{"negative own means none too", -5 * ms, 300 * ms, 0, 300 * ms},
		{"no deadline: the own timeout decides", 250 * ms, NoDeadline, 50 * ms, 250 * ms},
		{"neither: no timeout", 0, NoDeadline, 50 * ms, 0},
		{"a negative own and no deadline: no timeout, never a negative one", -5 * ms, NoDeadline, 50 * ms, 0},
		{"one nanosecond left after the margin", 0, 21 * ms, 21*ms - 1, 1},
	}
	for _, c := range cases {
		got, err := HopTimeout(c.own, c.left, c.margin)
		if err != nil || got != c.want {
			t.Errorf("%s: HopTimeout(%v, %s, %v) = %s, %s; want %s, no error", c.name, c.own, left(c.left), c.margin, timeout(got), said(err), timeout(c.want))
		}
	}
}

// When the margin eats all that is left, the hop must not call: a 0
// timeout would mean "wait for ever", the opposite of what the deadline
// says.
func TestNoTimeLeft(t *testing.T) {
	for _, c := range []struct{ own, left, margin time.Duration }{
		{100 * ms, 20 * ms, 20 * ms},
		{0, 10 * ms, 20 * ms},
		{100 * ms, 0, 0},
	} {
		got, err := HopTimeout(c.own, c.left, c.margin)
		if !errors.Is(err, ErrNoTimeLeft) {
			t.Errorf("HopTimeout(%v, %s, %v) = %s, %s; want an error matching ErrNoTimeLeft: no time is left after the margin, and a timeout of 0 would mean no timeout at all, waiting for ever", c.own, left(c.left), c.margin, timeout(got), said(err))
		}
	}
}

func TestBadInput(t *testing.T) {
	if _, err := HopTimeout(100*ms, 500*ms, -ms); err == nil || errors.Is(err, ErrNoTimeLeft) {
		t.Errorf("a negative margin gave %s; want an error of its own", said(err))
	}
	if _, err := HopTimeout(100*ms, -ms, 0); err == nil || errors.Is(err, ErrNoTimeLeft) {
		t.Errorf("a negative time left gave %s; want an error of its own", said(err))
	}
}

var chain = []Hop{
	{Name: "web", Timeout: 1000 * ms, Work: 50 * ms},
	{Name: "orders", Timeout: 800 * ms, Work: 100 * ms},
	{Name: "inventory", Timeout: 800 * ms, Work: 30 * ms},
}

// A request with 900 ms to live: web has 850 ms after its work and calls
// with 840; orders gets 840, has 740 after its work, calls with 730;
// inventory gets 730, has 700, calls with 690.
func TestPlanShrinks(t *testing.T) {
	got, err := Plan(chain, 900*ms, 10*ms)
	want := []time.Duration{840 * ms, 730 * ms, 690 * ms}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("Plan = %v, %s; want %v, no error: %s", got, said(err), want, firstWrongHop(chain, 900*ms, 10*ms, got, want))
	}
}

// With no deadline, each hop's own timeout still travels: orders cannot
// usefully wait longer than web waits for it.
func TestPlanWithoutDeadline(t *testing.T) {
	hops := []Hop{
		{Name: "web", Timeout: 500 * ms, Work: 50 * ms},
		{Name: "orders", Timeout: 800 * ms, Work: 100 * ms},
		{Name: "inventory", Timeout: 0, Work: 30 * ms},
	}
	got, err := Plan(hops, NoDeadline, 10*ms)
	want := []time.Duration{500 * ms, 390 * ms, 350 * ms}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("Plan = %v, %s; want %v, no error: %s", got, said(err), want, firstWrongHop(hops, NoDeadline, 10*ms, got, want))
	}
	got, err = Plan([]Hop{{Name: "a"}, {Name: "b"}}, NoDeadline, 10*ms)
	if err != nil || !slices.Equal(got, []time.Duration{0, 0}) {
		t.Fatalf("Plan with no timeouts anywhere = %v, %s; want [0 0], no error", got, said(err))
	}
	// Work takes nothing off a request with no deadline: NoDeadline less
	// 50 ms is not a deadline 292 years away.
	got, err = Plan([]Hop{{Name: "a", Work: 50 * ms}, {Name: "b", Work: 20 * ms}}, NoDeadline, 10*ms)
	if err != nil || !slices.Equal(got, []time.Duration{0, 0}) {
		t.Fatalf("Plan with no timeouts anywhere, hops that work = %v, %s; want [0 0], no error: work takes nothing off a request with no deadline, so no hop gets a timeout (0)", got, said(err))
	}
}

// firstWrongHop walks hops as Plan should, from left, and tells the first
// hop whose timeout in got is not the one in want how it comes to want's:
// a list of three durations says that something is wrong, the walk of the
// hop says which step (the work, the margin, or what the hop was handed).
func firstWrongHop(hops []Hop, left, margin time.Duration, got, want []time.Duration) string {
	for i, h := range hops {
		if i < len(got) && i < len(want) && got[i] == want[i] {
			left = want[i]
			if left == 0 {
				left = NoDeadline
			}
			continue
		}
		if i >= len(want) {
			return ""
		}
		was := "nothing"
		if i < len(got) {
			was = got[i].String()
		}
		handed := ""
		if i > 0 {
			handed = ", the timeout " + hops[i-1].Name + " called it with"
		}
		if left == NoDeadline {
			return fmt.Sprintf("%s has no deadline%s, so it calls with its own timeout: %v, not %s", h.Name, handed, want[i], was)
		}
		own := "its own " + h.Timeout.String()
		if h.Timeout <= 0 {
			own = "no timeout of its own"
		}
		return fmt.Sprintf("%s is handed %v%s, has %v after its %v of work, and calls with the smaller of %s and %v less the %v margin: %v, not %s",
			h.Name, left, handed, left-h.Work, h.Work, own, left-h.Work, margin, want[i], was)
	}
	return ""
}

func TestPlanStopsWhereTimeRunsOut(t *testing.T) {
	got, err := Plan(chain, 200*ms, 10*ms)
	// web: 150 left, calls with 140; orders: 140 left, 40 after its work,
	// calls with 30; inventory: 30 left, 0 after its work.
	if !errors.Is(err, ErrNoTimeLeft) || !strings.Contains(err.Error(), "inventory") {
		t.Fatalf("Plan returned %s; want ErrNoTimeLeft naming inventory", said(err))
	}
	if want := []time.Duration{140 * ms, 30 * ms}; !slices.Equal(got, want) {
		t.Fatalf("Plan returned %v before the error; want %v", got, want)
	}
	got, err = Plan(chain, 30*ms, 10*ms)
	if !errors.Is(err, ErrNoTimeLeft) || !strings.Contains(err.Error(), "web") || len(got) != 0 {
		t.Fatalf("Plan with 30 ms = %v, %s; want nothing and ErrNoTimeLeft naming web", got, said(err))
	}
}

// said is what a call returned, in words: "no error", or the error's text
// in quotes.
func said(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("%q", err.Error())
}
