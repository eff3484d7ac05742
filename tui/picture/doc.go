// Package picture draws breakerlab's results as pictures for slides, SVG or
// PNG, with gonum.org/v1/plot: a run's outcome and in-flight charts and its
// breakers' history (the fault's span shaded), the shuffle scenario's odds,
// and a sweep's heatmap with its goal. Every chart has a title and axes in
// units, and takes its colours from the terminal theme (tui/theme): the
// theme's ANSI colour numbers are turned into the usual RGB values of a
// terminal's palette, so a slide shows the colours the terminal does.
//
// It writes to the io.Writer it is handed and opens no files. It may import
// the engine and its packages, engine/sweep, tui/theme, tui/internal/heatbands
// (the sweep palette it shares with the terminal) and gonum's plot.
package picture
