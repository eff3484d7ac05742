package picture

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Run draws a finished run, one row per variant: the share of each outcome
// over time, the calls in flight to each dependency, and the breakers'
// states; each dependency's fault is shaded where it is in force.
func Run(w io.Writer, sc *engine.Scenario, seed uint64, snaps []engine.Snapshot, format string) error {
	f, err := runFigure(sc, seed, snaps)
	if err != nil {
		return err
	}
	return f.write(w, format)
}

func runFigure(sc *engine.Scenario, seed uint64, snaps []engine.Snapshot) (figure, error) {
	pal := newPalette()
	f := figure{height: max(height, vg.Length(len(snaps))*7*vg.Centimeter)}
	for v := range snaps {
		s := &snaps[v]
		faults := sc.Variants[v].System.Dependencies
		legend := newRowLegend()
		out, err := outcomesPanel(s, pal, faults, &legend)
		if err != nil {
			return figure{}, err
		}
		out.Title.Text = fmt.Sprintf("%d. %s: outcomes", v+1, s.Variant)
		if v == 0 {
			out.Title.Text = fmt.Sprintf("%s, seed %d\n", sc.Name, seed) + out.Title.Text
		}
		inf, err := inFlightPanel(s, pal, faults, &legend)
		if err != nil {
			return figure{}, err
		}
		inf.Title.Text = "calls in flight"
		br, err := breakerPanel(s, pal, faults)
		if err != nil {
			return figure{}, err
		}
		f.rows = append(f.rows, []*plot.Plot{out, inf, br})
		f.legends = append(f.legends, legend)
	}
	return f, nil
}

// seconds is a bucket's end time in seconds.
func seconds(s *engine.Snapshot, i int) float64 {
	return (time.Duration(i+1) * s.SampleEvery).Seconds()
}

// shadeFaults shades each dependency's faults from 0 to top; a legend, if
// given, names them.
func shadeFaults(p *plot.Plot, deps []engine.Dependency, end time.Duration, top float64, legend *plot.Legend) error {
	for _, d := range deps {
		for _, f := range d.Faults {
			to := f.To
			if to == 0 {
				to = end
			}
			a, b := f.From.Seconds(), to.Seconds()
			poly, err := plotter.NewPolygon(plotter.XYs{{X: a, Y: 0}, {X: b, Y: 0}, {X: b, Y: top}, {X: a, Y: top}})
			if err != nil {
				return err
			}
			poly.Color = faultShade
			poly.LineStyle.Width = 0
			p.Add(poly)
			if legend != nil {
				legend.Add(fmt.Sprintf("fault: %s %v", d.Name, f.Kind), poly)
			}
		}
	}
	return nil
}

func timeAxis(p *plot.Plot, s *engine.Snapshot) {
	p.X.Label.Text = "time"
	p.X.Min, p.X.Max = 0, s.Duration.Seconds()
	p.X.Tick.Marker = durationTicks("s")
	p.Title.TextStyle.Font.Size = vg.Points(10)
}

func outcomesPanel(s *engine.Snapshot, pal palette, deps []engine.Dependency, legend *plot.Legend) (*plot.Plot, error) {
	p := plot.New()
	timeAxis(p, s)
	p.Y.Label.Text = "share of requests (%)"
	p.Y.Min, p.Y.Max = 0, 100
	p.Y.Tick.Marker = countTicks
	if err := shadeFaults(p, deps, s.Duration, 100, legend); err != nil {
		return nil, err
	}
	n := 0
	for _, e := range s.Endpoints {
		n = max(n, len(e.Series))
	}
	// Outcomes and dependencies share colours, so the row's legend heads
	// each group.
	legend.Add("outcomes:")
	for o := engine.Outcome(0); o < 4; o++ {
		var pts plotter.XYs
		for i := range n {
			var this, all uint32
			for _, e := range s.Endpoints {
				if i < len(e.Series) {
					for k, c := range e.Series[i].Outcomes {
						all += c
						if engine.Outcome(k) == o {
							this += c
						}
					}
				}
			}
			if all > 0 {
				pts = append(pts, plotter.XY{X: seconds(s, i), Y: 100 * float64(this) / float64(all)})
			}
		}
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.Color = pal.outcome(o)
		l.Width = vg.Points(1.5)
		p.Add(l)
		legend.Add(o.String(), l)
	}
	return p, nil
}

func inFlightPanel(s *engine.Snapshot, pal palette, deps []engine.Dependency, legend *plot.Legend) (*plot.Plot, error) {
	p := plot.New()
	timeAxis(p, s)
	p.Y.Label.Text = "calls in flight"
	top := 1.0
	for _, d := range s.Dependencies {
		top = math.Max(top, float64(d.InFlightMax))
	}
	p.Y.Min, p.Y.Max = 0, top*1.05
	p.Y.Tick.Marker = countTicks
	if err := shadeFaults(p, deps, s.Duration, top*1.05, nil); err != nil {
		return nil, err
	}
	legend.Add("dependencies:")
	for k, d := range s.Dependencies {
		pts := make(plotter.XYs, len(d.Series))
		for i, smp := range d.Series {
			pts[i] = plotter.XY{X: seconds(s, i), Y: float64(smp.InFlight)}
		}
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.Color = pal.series(k)
		l.Width = vg.Points(1.5)
		p.Add(l)
		legend.Add(d.Name, l)
	}
	return p, nil
}

// stateLevel places a breaker state on the history's y axis.
func stateLevel(st breaker.State) float64 {
	switch st {
	case breaker.Closed:
		return 0
	case breaker.HalfOpen:
		return 1
	}
	return 2
}

func breakerPanel(s *engine.Snapshot, pal palette, deps []engine.Dependency) (*plot.Plot, error) {
	p := plot.New()
	timeAxis(p, s)
	p.Title.Text = "breaker state"
	p.Y.Label.Text = "state"
	p.Y.Min, p.Y.Max = -0.2, 2.2
	p.Y.Tick.Marker = plot.ConstantTicks{{Value: 0, Label: "closed"}, {Value: 1, Label: "half-open"}, {Value: 2, Label: "open"}}
	if err := shadeFaults(p, deps, s.Duration, 2.2, nil); err != nil {
		return nil, err
	}
	any := false
	for k, d := range s.Dependencies {
		if d.Breaker == nil {
			continue
		}
		any = true
		var pts plotter.XYs
		for i, smp := range d.Series {
			if smp.Breaker < 0 {
				continue
			}
			y := stateLevel(breaker.State(smp.Breaker))
			x := seconds(s, i)
			if len(pts) > 0 && pts[len(pts)-1].Y != y {
				pts = append(pts, plotter.XY{X: x - s.SampleEvery.Seconds(), Y: pts[len(pts)-1].Y})
			}
			pts = append(pts, plotter.XY{X: x, Y: y})
		}
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.Color = pal.series(k)
		l.Width = vg.Points(1.5)
		// The line's colour is its dependency's, named in the row's legend
		// with the calls in flight.
		p.Add(l)
	}
	if !any {
		p.Title.Text = "breaker state (no breaker in this variant)"
	}
	return p, nil
}
