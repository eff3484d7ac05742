package sandbox

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/tiles"
)

// A breaker's threshold is a setting, so the pane states it whole: a
// failure rate of 1e-9 opens "when ≥ 0.0000001%" of the calls fail, and
// one of 0.123456 at 12.3456%. Written as a measured share is, it read
// "opens when ≥ <0.1%" and "≥ 12%", neither of them the rule that runs.
func TestBreakerStatesItsThresholdWhole(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	for _, c := range []struct {
		rate float64
		want string
	}{{1e-9, "0.0000001%"}, {0.123456, "12.3456%"}, {0.9996, "99.96%"}} {
		sc := tuitest.Scenario(t, "cascade")
		if err := lessons.SetKnob(sc, 2, "recommendations.breaker.failure_rate", c.rate); err != nil {
			t.Fatal(err)
		}
		for _, sz := range [][2]int{{80, 24}, {200, 60}} {
			m := newModel(t, sz[0], sz[1], Options{Scenario: sc, Variant: 2})
			m = seekTo(t, m, 8*time.Second) // before the fault: the breaker closed, its rule shown
			v := m.View()
			where := fmt.Sprintf("rate %v at %dx%d", c.rate, sz[0], sz[1])
			if !strings.Contains(v, c.want) {
				t.Errorf("%s: the screen never states the threshold as %s:\n%s", where, c.want, v)
			}
			if bad := regexp.MustCompile(`≥ ?[<>]`).FindString(v); bad != "" {
				t.Errorf("%s: the screen says %q, a rounded threshold:\n%s", where, bad, v)
			}
		}
	}
}

// The pool pane writes every count one way: with 100,000 workers its
// title said "522/100,000 busy" and its legend, on the next line, "free
// 99478"; the cells' scale ("1163 per cell") was a third style.
func TestPoolCountsReadAlike(t *testing.T) {
	racefree.Only(t) // no goroutine: the model's and the engine's work alone
	sc := tuitest.Scenario(t, "cascade")
	if err := lessons.SetKnob(sc, 0, "workers", int64(100_000)); err != nil {
		t.Fatal(err)
	}
	bare := regexp.MustCompile(`\d{4,}`)
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
		m := newModel(t, sz[0], sz[1], Options{Scenario: sc})
		m = seekTo(t, m, 20*time.Second)
		m.pool.SetSize(sz[0]/2, sz[1]-4)
		p := m.pool.View()
		if !strings.Contains(p, "/100,000 busy") || !regexp.MustCompile(`free \d{1,3},\d{3}`).MatchString(p) {
			t.Errorf("%dx%d: the pool pane does not write its counts with separators:\n%s", sz[0], sz[1], p)
		}
		if n := bare.FindString(p); n != "" {
			t.Errorf("%dx%d: the pool pane writes %s without a separator:\n%s", sz[0], sz[1], n, p)
		}
	}
}

// The help says what the pool pane draws: at 100×30 the cascade's 200
// workers take two a cell ("2 per cell" in the pane's title), and the help
// said only "a cell per worker".
func TestHelpExplainsThePoolsCellScale(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	m := newModel(t, 100, 30, Options{})
	m = seekTo(t, m, 12*time.Second)
	if !strings.Contains(m.View(), "2 per cell") {
		t.Fatalf("at 100×30 the pool no longer draws 2 workers a cell; pick another size:\n%s", m.View())
	}
	help := strings.Join(m.helpLines(), " ")
	help = strings.Join(strings.Fields(strings.ReplaceAll(help, "│", " ")), " ")
	if !strings.Contains(help, "several workers a cell") || !strings.Contains(help, "per cell") {
		t.Errorf("the help does not say a cell may hold several workers, as the pane's title does:\n%s", help)
	}
}

// b steps to the next breaker, or says why it cannot, as I does for a
// fleet: with one breaker or none it used to do nothing without a word.
func TestNextBreakerSaysWhyItCannot(t *testing.T) {
	racefree.Only(t) // no goroutine: the model's and the engine's work alone
	for _, c := range []struct {
		name    string
		sc      *engine.Scenario
		variant int
		note    string // "" when b steps
	}{
		{"cascade without a breaker", tuitest.Scenario(t, "cascade"), 0, "no breaker in this run"},
		{"cascade with one", tuitest.Scenario(t, "cascade"), 2, "only one breaker in this run (recommendations)"},
		{"fleet-probes, breakers on the services' calls", tuitest.Scenario(t, "fleet-probes"), 0, "no breaker on the front's calls for b to step to"},
		{"three breakers", threeBreakers(t), 0, ""},
	} {
		m := newModel(t, 120, 40, Options{Scenario: c.sc, Variant: c.variant})
		m = seekTo(t, m, 12*time.Second)
		before, _ := m.brk.Showing()
		m = press(m, "b")
		after, _ := m.brk.Showing()
		switch {
		case c.note == "" && (before == after || m.note != ""):
			t.Errorf("%s: b shows %s after %s, note %q; want the next breaker, silently", c.name, after, before, m.note)
		case c.note != "" && !strings.Contains(m.note, c.note):
			t.Errorf("%s: b notes %q, want it to say %q", c.name, m.note, c.note)
		}
	}
}

// At the end of the traffic the compare line is marked "final" (the
// README promises it: these are `breakerlab run`'s numbers) at every
// size: at 100×30 the long mark did not fit and the line fell back to
// its title alone, and at 80×24 the one-line summary never had it.
func TestCompareLineKeepsTheFinalMark(t *testing.T) {
	racefree.Only(t)
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {160, 48}, {200, 60}} {
		m := newModel(t, sz[0], sz[1], Options{})
		m = press(m, "c")
		m = seekTo(t, m, 20*time.Second)
		if strings.Contains(m.View(), "final") {
			t.Errorf("%dx%d: the compare line is marked final before the traffic ends:\n%s", sz[0], sz[1], m.View())
		}
		m = seekTo(t, m, 30*time.Second)
		v := m.View()
		if !strings.Contains(v, "final") {
			t.Errorf("%dx%d: at the end the compare line is not marked final:\n%s", sz[0], sz[1], v)
		}
		tuitest.CheckBlock(t, v, sz[0], sz[1])
	}
}

// Every window the help names ("over the last 5 s": the map's, the tiles',
// the tenants' arrivals a second) is the one the panes roll over
// (tiles.Rolling, pane.LiveWindow): the tiles' line said 10 s, Hystrix's
// default, while the tiles rolled 5 s.
func TestHelpNamesThePanesWindow(t *testing.T) {
	racefree.Only(t) // no goroutine: the model's help lines alone
	want := "over the last " + pane.SecondsShort(tiles.Rolling)
	last := regexp.MustCompile(`over the last [0-9.]+ m?s`)
	for _, name := range []string{"cascade", "noisy-tenant"} {
		m := newModel(t, 120, 40, Options{Scenario: tuitest.Scenario(t, name)})
		help := strings.Join(m.helpLines(), " ")
		help = strings.Join(strings.Fields(strings.ReplaceAll(help, "│", " ")), " ")
		found := last.FindAllString(help, -1)
		if len(found) < 2 {
			t.Fatalf("%s: the help names %d windows (%q), want the map's and the tiles' at least:\n%s", name, len(found), found, help)
		}
		for _, f := range found {
			if f != want {
				t.Errorf("%s: the help says %q where the panes roll %q", name, f, want)
			}
		}
	}
}
