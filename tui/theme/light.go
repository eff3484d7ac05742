package theme

import "github.com/charmbracelet/lipgloss"

// lightColors are the light background's colours. The terminal's own
// scheme is not trusted here as it is on a dark background: xterm's
// yellow, cyan and green, and every bright colour, read at under 2.5:1 on
// white. So a terminal with 256 colours or more gets fixed shades, each
// of the xterm cube or grey ramp (so that both profiles show the very same
// one), dark enough for text: 4.5:1 against white at least (WCAG's AA for
// text), 3:1 for the borders, which are not text (theme_test.go measures
// them). A terminal of 16 colours gets the plain ANSI numbers: its scheme
// chose them for its background, and no bright ones, which are paler.
var lightColors = colors{
	red:     shade("#af0000", "124", red),   // 7.4:1
	green:   shade("#008700", "28", green),  // 4.7:1
	yellow:  shade("#875f00", "94", yellow), // 5.7:1, an amber: yellow itself is too pale for text
	blue:    shade("#0000d7", "20", blue),   // 10.6:1
	magenta: shade("#af00af", "127", magenta),
	cyan:    shade("#005f87", "24", cyan), // 7.0:1
	muted:   shade("#6c6c6c", "242", grey),
	border:  shade("#8a8a8a", "245", grey), // 3.5:1, lighter than any text
	more: [3]lipgloss.TerminalColor{
		shade("#5f5fd7", "62", blue),
		shade("#d70087", "162", magenta),
		shade("#00875f", "29", cyan),
	},
}

// shade is a colour for each profile: hex for true colour, an xterm
// index for 256 colours, an ANSI number for 16.
func shade(hex, index, ansi string) lipgloss.TerminalColor {
	return lipgloss.CompleteColor{TrueColor: hex, ANSI256: index, ANSI: ansi}
}
