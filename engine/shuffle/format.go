package shuffle

import (
	"math/big"
	"strconv"
	"strings"
)

// groupDigits puts a comma between every three digits of a decimal integer
// ("730862190080" becomes "730,862,190,080"). It works on the string so that
// numbers of any size, such as big.Int shard counts, format the same way.
func groupDigits(decimal string) string {
	sign := ""
	if strings.HasPrefix(decimal, "-") {
		sign, decimal = "-", decimal[1:]
	}
	if len(decimal) <= 3 {
		return sign + decimal
	}
	var b strings.Builder
	b.Grow(len(sign) + len(decimal) + len(decimal)/3)
	b.WriteString(sign)
	lead := len(decimal) % 3
	if lead == 0 {
		lead = 3
	}
	b.WriteString(decimal[:lead])
	for i := lead; i < len(decimal); i += 3 {
		b.WriteByte(',')
		b.WriteString(decimal[i : i+3])
	}
	return b.String()
}

// count writes a whole number as every message of the package does, its
// digits grouped: "2,048 workers" beside "10,000 customers", not "2048".
func count(n int) string { return groupDigits(strconv.Itoa(n)) }

// ChanceText writes a chance as "a in b", reduced as a fraction is, with
// its digits grouped: k of n workers is "1 in 4" for 2 of 8, never "2 in 8".
// Every place that writes a chance this way calls it, so the drill, the
// shard view and the lessons cannot write the same chance two ways.
func ChanceText(p *big.Rat) string {
	return groupDigits(p.Num().String()) + " in " + groupDigits(p.Denom().String())
}
