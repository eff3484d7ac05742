package lessonui

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// Before the guess, no step of any built-in lesson shows what its
// prediction asks about, wherever the step opens. A number whose answer
// is a tally a pane draws (an outcome share or count, a tasks figure) is
// not on screen as the lesson prints it; and a step whose prediction is
// about its run's outcomes (PredictsOutcomes) shows no share in its
// outcome table. Lesson 3's "Too small rejects good calls" opened at 9 s,
// before its 10 s window, on "recommendations 69.7% 30.0%" beside "what
// share will the cap refuse?" (32.6%): its [set] makes the early traffic
// the same as the measured part, so the share so far is the answer's.
// The tenants table counts the same outcomes per tenant, so it shows no
// share either (lesson 13's "acme's burst" showed each tenant's share so
// far beside a blanked outcome table).
//
// A step whose prediction reads its run's fleet of breakers (fleetMetrics)
// shows no moment at which an open breaker will probe: lesson 12's
// "Jitter" asks how many instances are half-open at once (3), and its
// instances pane said "3 probe at 22.9 s", each row's next probe letting
// the learner count the rest.
//
// tallyMetrics are the metrics of a run's outcome tallies, the shares and
// counts the outcome table, the outcomes chart and the tenants table draw;
// named here, not read from the rule under test.
var tallyMetrics = map[string]bool{
	"share": true, "mean-share": true, "count": true, "requests": true,
	"tenant-share": true, "tenant-requests": true, "tenant-count": true,
}

// fleetMetrics are the metrics that read what a fleet's breakers do: when
// they open, probe and close, how many at once. Named here, not read from
// the rule under test.
var fleetMetrics = map[string]bool{
	"probe-burst": true, "fleet-open-at": true, "fleet-closed-from": true,
	"knocked-over": true, "failed-probes": true,
}

// instanceNumber is an instance's number at the head of its row in the
// fleet pane ("│ 3  up"): a name, not a count, so an answer of 3
// instances is not read in it.
var instanceNumber = regexp.MustCompile(`(│\s*)\d+(\s+(?:up|down|hung)\b)`)

// playerCounter is the player's "step 4/9", the header's "design 2/4" and
// a scrolled pane's "↓ 4 more": where the reader stands, not a figure of
// the run (lesson 12's jitter step asks how many breakers are half-open
// at once: 4).
var playerCounter = regexp.MustCompile(`\b(step|design) \d+/\d+|↓ \d+ more`)

// asksFleet says whether step i's prediction reads its own run's fleet of
// breakers, in its answer or in one of the step's claims.
func asksFleet(st *lessons.PreparedStep, i int) bool {
	reads := func(e *lessons.Expr) bool { return e != nil && fleetMetrics[e.Metric] && ofShownRun(e, i) }
	if a := st.Step.Predict.Answer; a != "" {
		if e, err := lessons.ParseExpr(a); err == nil && reads(&e) {
			return true
		}
	}
	for k := range st.Expect {
		if reads(&st.Expect[k].Expr) || reads(st.Expect[k].Other) {
			return true
		}
	}
	return false
}

// probeTimes are the moments, as the fleet pane writes times, at which
// the open breakers of s's first fleet will let a probe through.
func probeTimes(s *engine.Snapshot) []string {
	var out []string
	for i := range s.Services {
		sv := &s.Services[i]
		if sv.Name != pane.FirstFleet(s) {
			continue
		}
		e := -1
		for k := range sv.Dependencies {
			if sv.Dependencies[k].Name == sv.Calls {
				e = k
			}
		}
		for k := range sv.Instances {
			bs := sv.Instances[k].Breakers
			if e < 0 || e >= len(bs) || bs[e] == nil || bs[e].State != breaker.Open || bs[e].OpenRemaining <= 0 {
				continue
			}
			left := max(bs[e].OpenRemaining.Round(100*time.Millisecond), 100*time.Millisecond)
			out = append(out, pane.Seconds(s.Now+left))
		}
	}
	return out
}

func TestNoPaneAnswersAWaitingPrediction(t *testing.T) {
	tables, tenants, figures, probes := 0, 0, 0, 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			cur := &p.Steps[i]
			if cur.Predict == nil || !cur.HasSim() {
				continue
			}
			metric, own, _, _, ok := cur.PredictedMetric()
			asksFigure := cur.Predict.Kind == lessons.Number && ok && own && (tallyMetrics[metric] || metricFigures[metric] != 0 || fleetMetrics[metric])
			fleet := asksFleet(cur, i)
			if !asksFigure && !cur.PredictsOutcomes() && !fleet {
				continue
			}
			for _, sz := range [][2]int{{80, 24}, {100, 30}, {160, 48}} {
				name := fmt.Sprintf("%s step %d (%q) at %dx%d", p.Lesson.ID, i+1, cur.Title, sz[0], sz[1])
				m := panesShown(open(t, p, i, sz[0], sz[1], Options{}))
				if !m.waiting() {
					t.Fatalf("%s: the step does not wait for its prediction", name)
				}
				tw, _ := m.columns()
				sim := simColumn(m.View(), tw)
				if asksFigure {
					figures++
					answer := answerNumber(cur.Predict)
					shown := sim
					if fleetMetrics[metric] {
						shown = instanceNumber.ReplaceAllString(sim, "${1}#${2}")
						shown = playerCounter.ReplaceAllString(shown, "#")
					}
					if l := leaks(flat(shown), map[string]string{answer: "the answer"}); len(l) > 0 {
						t.Errorf("%s: the answer %s shows before the guess:\n%s", name, cur.Predict.AnswerText, sim)
					}
				}
				es, ok := m.sim.(*engineSim)
				if !ok {
					continue
				}
				for _, pn := range es.panes {
					switch pn := pn.(type) {
					case *endpointsPane:
						if !cur.PredictsOutcomes() {
							continue
						}
						tables++
						for j, row := range tableRows(t, pn.View(), len(es.snap.Endpoints)) {
							if strings.Contains(strings.Join(row, " "), "%") {
								t.Errorf("%s at %v: %s shows %q before the guess", name, es.snap.Now, es.snap.Endpoints[j].Name, row)
							}
						}
					case tenantsPane:
						if !cur.PredictsOutcomes() {
							continue
						}
						tenants++
						for j, row := range tableRows(t, pn.View(), len(es.snap.Tenants)) {
							if strings.Contains(strings.Join(row, " "), "%") {
								t.Errorf("%s at %v: tenant %s shows %q before the guess", name, es.snap.Now, es.snap.Tenants[j].Name, row)
							}
						}
					case *instancesPane:
						if !fleet {
							continue
						}
						times := probeTimes(&es.snap)
						if len(times) > 0 {
							probes++
						}
						v := flat(pn.View())
						for _, at := range times {
							if strings.Contains(v, at) {
								t.Errorf("%s at %v: the instances pane says a breaker will probe at %s before the guess:\n%s", name, es.snap.Now, at, pn.View())
								break
							}
						}
					}
				}
			}
		}
	}
	if figures < 20 || tables < 60 || tenants < 9 || probes < 6 {
		t.Fatalf("only %d figures, %d outcome tables, %d tenants tables and %d fleets with probes to come checked", figures, tables, tenants, probes)
	}
}

// sameSpec says whether two steps play one run: the same scenario,
// variant, seed, file and [set]. Read here from the specs, not by the rule
// under test.
func sameSpec(a, b *lessons.SimSpec) bool {
	return a != nil && b != nil && reflect.DeepEqual(*a, *b)
}

// customerMetrics are the shuffle timeline's counts the customers pane
// draws since the start; named here, not read from the rule under test.
var customerMetrics = map[string]bool{"ever-lost": true, "ever-degraded": true}

// No step shows, at its pause, what a later step's prediction not yet
// made asks about its run, when the later step plays the same run: lesson
// 8's "Shuffle sharding" ended on the customers pane's "degraded 452",
// and the next step, the same run to its end, asks how many customers
// lose one worker but never both (452); lesson 11's "No timeouts: the
// pools fill" stopped at 26 s on home 69.1% ok, 13.2% refused, beside the
// next step's "how do home's requests fare?" (once the table counts the
// measurement window that question is about).
func TestNoEarlierStepAnswersALaterPrediction(t *testing.T) {
	figures, tables := 0, 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			cur := &p.Steps[i]
			if !cur.HasSim() {
				continue
			}
			var later []int
			for j := i + 1; j < len(p.Steps); j++ {
				if p.Steps[j].Predict != nil && sameSpec(p.Steps[j].Sim, cur.Sim) {
					later = append(later, j)
				}
			}
			if len(later) == 0 {
				continue
			}
			name := fmt.Sprintf("%s step %d (%q)", p.Lesson.ID, i+1, cur.Title)
			m := play(t, open(t, p, i, 100, 30, inOneFrame(Options{})))
			tw, _ := m.columns()
			sim := simColumn(m.View(), tw)
			for _, j := range later {
				st := &p.Steps[j]
				metric, own, _, _, ok := st.PredictedMetric()
				if st.Predict.Kind == lessons.Number && ok && own && (tallyMetrics[metric] || metricFigures[metric] != 0 || customerMetrics[metric]) {
					figures++
					if l := leaks(flat(sim), map[string]string{answerNumber(st.Predict): "the answer"}); len(l) > 0 {
						t.Errorf("%s at %v shows step %d's answer %s before its guess:\n%s", name, m.Now(), j+1, st.Predict.AnswerText, sim)
					}
				}
				if !st.PredictsOutcomes() {
					continue
				}
				// Before the measurement window the table counts every
				// arrival so far, not the outcomes asked about.
				es, ok := m.sim.(*engineSim)
				if !ok || !pane.WindowBegun(&es.snap, es.snap.Now) {
					continue
				}
				for _, pn := range es.panes {
					if pn, ok := pn.(*endpointsPane); ok {
						tables++
						for k, row := range tableRows(t, pn.View(), len(es.snap.Endpoints)) {
							if strings.Contains(strings.Join(row, " "), "%") {
								t.Errorf("%s at %v: %s shows %q before step %d's guess about the same run's outcomes", name, es.snap.Now, es.snap.Endpoints[k].Name, row, j+1)
							}
						}
					}
				}
			}
		}
	}
	if figures < 3 || tables < 3 {
		t.Fatalf("only %d later answers and %d outcome tables checked", figures, tables)
	}
}

// healthyCount is the customers pane's count of healthy customers.
var healthyCount = regexp.MustCompile(`healthy \d`)

// Lesson 8's "Shuffle sharding" keeps back the count that "Degraded, not
// down" asks for, saying which question it waits for; once that question
// is answered, going back shows it.
func TestLaterQuestionHoldsTheCustomersCount(t *testing.T) {
	p := lessonID(t, "08-shuffle-sharding")
	const step = 2 // "Shuffle sharding"; step 4 asks ever-degraded
	if metric, own, _, _, ok := p.Steps[step+1].PredictedMetric(); !ok || !own || metric != "ever-degraded" {
		t.Fatalf("lesson 8 step 4 predicts %q: the test expects ever-degraded", metric)
	}
	answer := answerNumber(p.Steps[step+1].Predict)
	m := play(t, open(t, p, step, 100, 30, inOneFrame(Options{})))
	tw, _ := m.columns()
	if sim := simColumn(m.View(), tw); strings.Contains(flat(sim), "degraded "+answer) || !strings.Contains(flat(sim), "shown after step 4's question") {
		t.Fatalf("step 3's end shows step 4's answer %s, or does not say when it shows:\n%s", answer, sim)
	}
	// Nor does it give it by subtraction: the others' total is in the
	// title, so healthy and lost right now would leave the degraded.
	if sim := simColumn(m.View(), tw); healthyCount.MatchString(flat(sim)) {
		t.Fatalf("step 3's end shows how many are healthy right now, which with the total and the lost gives step 4's answer:\n%s", sim)
	}
	m = send(m, keys("n")...)
	m = send(m, keys(answer+"\n")...)
	m = playToPause(t, m)
	m = send(m, keys("p")...)
	m = play(t, m)
	if sim := simColumn(m.View(), tw); !strings.Contains(flat(sim), "degraded "+answer) {
		t.Fatalf("step 3 revisited after step 4's guess still holds the count:\n%s", sim)
	}
}

// Lesson 11's "Deadlines that travel" stops at 39 s on order-page 1.7% ok;
// "Where the answered pages came from" plays another run (the database
// kept slow to the end), the same until 40 s, and asks what share of the
// order pages it answers: 1.6%. Until that question is answered, the
// earlier step's table holds its shares back, and says until when.
func TestNearShareOfALaterQuestionIsHeld(t *testing.T) {
	p := lessonID(t, "11-deadlines-across-hops")
	const step, asks = 5, 8
	if !strings.Contains(p.Steps[step].Title, "Deadlines that travel") || !strings.Contains(p.Steps[asks].Title, "answered pages came from") {
		t.Fatalf("lesson 11's steps moved: %q, %q", p.Steps[step].Title, p.Steps[asks].Title)
	}
	m := play(t, open(t, p, step, 100, 30, inOneFrame(Options{})))
	es := m.sim.(*engineSim)
	for _, pn := range es.panes {
		if pn, ok := pn.(*endpointsPane); ok {
			v := pn.View()
			for k, row := range tableRows(t, v, len(es.snap.Endpoints)) {
				if strings.Contains(strings.Join(row, " "), "%") {
					t.Errorf("at %v %s shows %q before step 9's guess", es.snap.Now, es.snap.Endpoints[k].Name, row)
				}
			}
			if !strings.Contains(flat(v), "step 9") {
				t.Errorf("the held table does not say it waits for step 9's question:\n%s", v)
			}
			return
		}
	}
	t.Fatal("the step has no outcome table")
}
