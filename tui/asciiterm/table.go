package asciiterm

import "math/bits"

// Rune is the printable ASCII character that stands for r in one cell:
// r itself when it is printable ASCII; for the symbols the screens draw,
// one that reads the same way (lines as - | +, shades and blocks as
// . : = % # by how much of the cell they fill, arrows as < > ^ v, marks
// as ! v x *); for accented Latin letters the bare letter; and ? for
// anything else.
func Rune(r rune) byte {
	switch {
	case r >= 0x20 && r < 0x7f:
		return byte(r)
	case r >= 0xc0 && r <= 0xff:
		return latin1Letters[r-0xc0]
	case r >= 0x2500 && r <= 0x257f:
		return boxDrawing(r)
	case r >= 0x2580 && r <= 0x259f:
		return blocks[r-0x2580]
	case r >= 0x2800 && r <= 0x28ff:
		return braille(r)
	}
	if c, ok := symbols[r]; ok {
		return c
	}
	return '?'
}

// latin1Letters stands for U+00C0–U+00FF: each letter without its accent
// (Æ as A, ß as s, Þ as T), × as x and ÷ as /.
const latin1Letters = "AAAAAAACEEEEIIIIDNOOOOOxOUUUUYTs" + "aaaaaaaceeeeiiiidnooooo/ouuuuyty"

// boxDrawing stands for a box-drawing character: a line along the row is
// -, one down the column |, the diagonals / \ and x, and every corner,
// tee and cross +.
func boxDrawing(r rune) byte {
	switch r {
	case '─', '━', '┄', '┅', '┈', '┉', '╌', '╍', '═', '╴', '╶', '╸', '╺', '╼', '╾':
		return '-'
	case '│', '┃', '┆', '┇', '┊', '┋', '╎', '╏', '║', '╵', '╷', '╹', '╻', '╽', '╿':
		return '|'
	case '╱':
		return '/'
	case '╲':
		return '\\'
	case '╳':
		return 'x'
	}
	return '+'
}

// blocks stands for U+2580–U+259F by the share of the cell each fills,
// on one scale with the shades: an eighth ., a quarter to three eighths :,
// a half to five eighths =, three quarters %, seven eighths and more #.
// The left and right eighths (▏ ▕), drawn as a thin rule or a cursor, are |.
var blocks = [32]byte{
	'=', // ▀ upper half
	'.', // ▁ lower eighth
	':', // ▂ lower quarter
	':', // ▃ lower three eighths
	'=', // ▄ lower half
	'=', // ▅ lower five eighths
	'%', // ▆ lower three quarters
	'#', // ▇ lower seven eighths
	'#', // █ full
	'#', // ▉ left seven eighths
	'%', // ▊ left three quarters
	'=', // ▋ left five eighths
	'=', // ▌ left half
	':', // ▍ left three eighths
	':', // ▎ left quarter
	'|', // ▏ left eighth
	'=', // ▐ right half
	':', // ░ light shade
	'=', // ▒ medium shade
	'%', // ▓ dark shade
	'.', // ▔ upper eighth
	'|', // ▕ right eighth
	':', // ▖ one quadrant
	':', // ▗
	':', // ▘
	'%', // ▙ three quadrants
	'=', // ▚ two
	'%', // ▛ three
	'%', // ▜ three
	':', // ▝ one
	'=', // ▞ two
	'%', // ▟ three
}

// braille stands for a braille pattern by how many of its eight dots
// are raised, on the blocks' scale: none is a space, one or two ., three
// or four :, five or six =, seven or eight #.
func braille(r rune) byte {
	return " ..::==##"[bits.OnesCount8(uint8(r-0x2800))]
}

// symbols stands for the other characters the screens draw (and a few
// near them), each as the ASCII it reads as.
var symbols = map[rune]byte{
	// Latin-1 and Greek
	'\u00a0': ' ', '¡': '!', '¢': 'c', '£': 'L', '¥': 'Y', '¦': '|', '§': 'S',
	'©': 'c', '«': '<', '¬': '!', '®': 'R', '¯': '-', '°': 'o', '±': '+',
	'²': '2', '³': '3', '´': '\'', 'µ': 'u', '¶': 'P', '·': '.', '¸': ',',
	'¹': '1', 'º': 'o', '»': '>', '¿': '?', 'μ': 'u',
	// punctuation
	'‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-', '‖': '|',
	'‘': '\'', '’': '\'', '‚': ',', '‛': '\'', '“': '"', '”': '"', '„': '"',
	'†': '+', '‡': '+', '•': '*', '‣': '>', '․': '.', '‥': ':', '…': '.',
	'‧': '.', '‰': '%', '′': '\'', '″': '"', '‹': '<', '›': '>',
	// arrows
	'←': '<', '↑': '^', '→': '>', '↓': 'v', '↔': '-', '↕': '|',
	'↖': '\\', '↗': '/', '↘': '\\', '↙': '/', '↩': '<', '↪': '>',
	'↺': 'o', '↻': 'o', '⇐': '<', '⇑': '^', '⇒': '>', '⇓': 'v', '⇔': '=',
	// mathematics
	'∕': '/', '−': '-', '∗': '*', '∘': 'o', '∙': '.', '√': 'v', '∞': '8',
	'∣': '|', '∼': '~', '≈': '~', '≠': '#', '≡': '=', '≤': '<', '≥': '>',
	// technical
	'⌈': '[', '⌉': ']', '⌊': '[', '⌋': ']', '⌫': '<', '⌛': '~', '⏳': '~',
	'⏵': '>', '⏸': '|', '⏹': '#', '⏺': '@',
	// geometric shapes
	'■': '#', '□': 'o', '▣': '@', '▪': '#', '▫': '.', '▬': '-', '▮': '#', '▯': '.',
	'▲': '^', '△': '^', '▴': '^', '▵': '^',
	'▶': '>', '▷': '>', '▸': '>', '▹': '>', '►': '>', '▻': '>',
	'▼': 'v', '▽': 'v', '▾': 'v', '▿': 'v',
	'◀': '<', '◁': '<', '◂': '<', '◃': '<', '◄': '<', '◅': '<',
	'◆': '*', '◇': '*', '◈': '*', '○': 'o', '◯': 'o', '●': '@',
	'◐': 'O', '◑': 'O', '◒': 'O', '◓': 'O',
	// symbols and dingbats
	'★': '*', '☆': '.', '☠': 'X', '⚠': '!', '♦': '*',
	'✓': 'v', '✔': 'v', '✕': 'x', '✖': 'x', '✗': 'x', '✘': 'x',
	'✱': '*', '✳': '*', '✴': '*', '✶': '*', '⧖': '~',
	'\ufffd': '?',
}
