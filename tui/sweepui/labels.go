package sweepui

import (
	"strings"

	"github.com/breakerlab/breakerlab/engine/sweep"
)

// axisTexts are an axis's values as one drawing writes them, worked out
// once for it: figure labels a column or a row, under a head that names
// the axis's unit where the figure carries none (minutes, hours, req/s);
// setting says the value with its unit, after the knob's name, on a
// goal's boundary, the cell reader and the legend's lines.
type axisTexts struct {
	figure, setting []string
}

// textsOf is ax's axisTexts by Axis.Labels' rule.
func textsOf(ax sweep.Axis) axisTexts {
	set := ax.Labels()
	unit, per := ax.ShownUnit()
	if per == 0 {
		return axisTexts{figure: set, setting: set}
	}
	fig := make([]string, len(set))
	for i, s := range set {
		fig[i] = strings.TrimSuffix(s, unit)
	}
	return axisTexts{figure: fig, setting: set}
}

// planTexts is each of p's axes' axisTexts, x's first.
func planTexts(p *sweep.Plan) []axisTexts {
	ts := make([]axisTexts, len(p.Axes))
	for a, ax := range p.Axes {
		ts[a] = textsOf(ax)
	}
	return ts
}
