package netfmt

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Decimal is System.Decimal: a 96-bit unsigned mantissa, a power-of-ten
// scale from 0 to 28 and a sign, so 1.50m (mantissa 150, scale 2) and 1.5m
// are equal but print differently. The zero value is 0m. Decimal is a
// comparable value type; == compares representations, Cmp compares values.
type Decimal struct {
	lo    uint64
	hi    uint32
	scale uint8
	neg   bool
}

const maxDecimalScale = 28

var (
	bigTen          = big.NewInt(10)
	maxDecMant      = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 96), big.NewInt(1))
	errDecOverflow  = overflowException("a Decimal")
	errDivideByZero = &FormatError{Type: "DivideByZeroException", Msg: "Attempted to divide by zero."}
)

// NewDecimal returns mant × 10^-scale; scale must be 0..28.
func NewDecimal(mant int64, scale int) (Decimal, error) {
	m := new(big.Int).SetInt64(mant)
	return decimalFromBig(m, scale)
}

// DecimalFromInt64 converts an integer exactly (new decimal(long)).
func DecimalFromInt64(v int64) Decimal {
	d := Decimal{neg: v < 0}
	if v < 0 {
		d.lo = uint64(-v)
	} else {
		d.lo = uint64(v)
	}
	return d
}

// DecimalFromUint64 converts an unsigned integer exactly.
func DecimalFromUint64(v uint64) Decimal { return Decimal{lo: v} }

func (d Decimal) mant() *big.Int {
	m := new(big.Int).SetUint64(uint64(d.hi))
	m.Lsh(m, 64)
	return m.Or(m, new(big.Int).SetUint64(d.lo))
}

// Scale returns the power of ten the mantissa is divided by.
func (d Decimal) Scale() int { return int(d.scale) }

// IsZero reports whether d is zero of any scale and sign.
func (d Decimal) IsZero() bool { return d.lo == 0 && d.hi == 0 }

// Sign returns -1, 0 or 1.
func (d Decimal) Sign() int {
	switch {
	case d.IsZero():
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// Neg returns -d.
func (d Decimal) Neg() Decimal {
	d.neg = !d.neg
	return d
}

// decimalFromBig stores m × 10^-scale, rounding half to even to fewer
// decimals when the mantissa does not fit 96 bits or the scale exceeds 28,
// as .NET's decimal arithmetic does; it fails with OverflowException when
// even scale 0 does not fit.
func decimalFromBig(m *big.Int, scale int) (Decimal, error) {
	neg := m.Sign() < 0
	m = new(big.Int).Abs(m)
	for scale < 0 {
		m.Mul(m, bigTen)
		scale++
	}
	for scale > maxDecimalScale || (m.Cmp(maxDecMant) > 0 && scale > 0) {
		m = divRoundHalfEven(m, bigTen)
		scale--
	}
	if m.Cmp(maxDecMant) > 0 {
		return Decimal{}, errDecOverflow
	}
	lo := new(big.Int).And(m, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
	hi := uint32(new(big.Int).Rsh(m, 64).Uint64())
	return Decimal{lo: lo, hi: hi, scale: uint8(scale), neg: neg}, nil
}

// divRoundHalfEven returns a/b for non-negative a and positive b, rounding
// ties to even.
func divRoundHalfEven(a, b *big.Int) *big.Int {
	q, r := new(big.Int).QuoRem(a, b, new(big.Int))
	r2 := new(big.Int).Lsh(r, 1)
	if c := r2.Cmp(b); c > 0 || (c == 0 && q.Bit(0) == 1) {
		q.Add(q, big.NewInt(1))
	}
	return q
}

func (d Decimal) signedMant() *big.Int {
	m := d.mant()
	if d.neg {
		m.Neg(m)
	}
	return m
}

func pow10(n int) *big.Int {
	return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil)
}

// align returns both mantissas at the larger of the two scales.
func align(a, b Decimal) (*big.Int, *big.Int, int) {
	ma, mb := a.signedMant(), b.signedMant()
	s := max(a.scale, b.scale)
	ma.Mul(ma, pow10(int(s-a.scale)))
	mb.Mul(mb, pow10(int(s-b.scale)))
	return ma, mb, int(s)
}

// withZeroSign keeps .NET's sign of a zero result: decimal arithmetic
// yields positive zero except where noted.
func withZeroSign(d Decimal, err error) (Decimal, error) {
	if err == nil && d.IsZero() {
		d.neg = false
	}
	return d, err
}

// Add returns a + b at the larger scale (decimal.Add).
func (a Decimal) Add(b Decimal) (Decimal, error) {
	ma, mb, s := align(a, b)
	return withZeroSign(decimalFromBig(ma.Add(ma, mb), s))
}

// Sub returns a - b.
func (a Decimal) Sub(b Decimal) (Decimal, error) {
	ma, mb, s := align(a, b)
	return withZeroSign(decimalFromBig(ma.Sub(ma, mb), s))
}

// Mul returns a × b at the sum of the scales, rounded to 28 decimals.
func (a Decimal) Mul(b Decimal) (Decimal, error) {
	m := a.signedMant()
	m.Mul(m, b.signedMant())
	return withZeroSign(decimalFromBig(m, int(a.scale)+int(b.scale)))
}

// Div returns a / b with the smallest scale (at least scale(a)-scale(b)) that
// represents the quotient exactly, or else as many digits as fit, rounded
// half to even: 1m/3m is 0.3333333333333333333333333333 and 1.00m/2m is 0.50.
func (a Decimal) Div(b Decimal) (Decimal, error) {
	if b.IsZero() {
		return Decimal{}, errDivideByZero
	}
	ma, mb := a.mant(), b.mant()
	neg := a.neg != b.neg
	scale := int(a.scale) - int(b.scale)
	if scale < 0 {
		ma.Mul(ma, pow10(-scale))
		scale = 0
	}
	var best *big.Int
	bestScale := 0
	exact := false
	q, r := new(big.Int), new(big.Int)
	for {
		q.QuoRem(ma, mb, r)
		if q.Cmp(maxDecMant) > 0 {
			break
		}
		best, bestScale, exact = new(big.Int).Set(q), scale, r.Sign() == 0
		if exact || scale == maxDecimalScale {
			break
		}
		ma.Mul(ma, bigTen)
		scale++
	}
	if best == nil {
		return Decimal{}, errDecOverflow
	}
	if !exact {
		// Round the last kept digit using the exact quotient at bestScale.
		num := a.mant()
		den := b.mant()
		shift := bestScale - (int(a.scale) - int(b.scale))
		num.Mul(num, pow10(shift))
		best = divRoundHalfEven(num, den)
	}
	if neg {
		best.Neg(best)
	}
	return withZeroSign(decimalFromBig(best, bestScale))
}

// Rem returns the remainder of a / b with the sign of a (decimal %).
func (a Decimal) Rem(b Decimal) (Decimal, error) {
	if b.IsZero() {
		return Decimal{}, errDivideByZero
	}
	ma, mb, s := align(a, b)
	r := new(big.Int).Rem(ma, mb)
	d, err := decimalFromBig(r, s)
	if err == nil && d.IsZero() {
		d.neg = a.neg
	}
	return d, err
}

// Cmp compares values: -1 if a < b, 0 if equal (1.5m equals 1.50m), 1 if
// a > b.
func (a Decimal) Cmp(b Decimal) int {
	ma, mb, _ := align(a, b)
	return ma.Cmp(mb)
}

// Float64 converts to double by correctly rounding the decimal value.
func (d Decimal) Float64() float64 {
	f, _ := strconv.ParseFloat(d.String(), 64)
	return f
}

// Truncate returns the integral part as an int64 and false if it does not
// fit (decimal.ToInt64 throws OverflowException then).
func (d Decimal) Truncate() (int64, bool) {
	m := d.signedMant()
	m.Quo(m, pow10(int(d.scale)))
	if !m.IsInt64() {
		return 0, false
	}
	return m.Int64(), true
}

// String formats with the invariant culture and "G", keeping trailing
// zeros: "1.50".
func (d Decimal) String() string {
	s, _ := FormatDecimal(d, "", nil)
	return s
}

// DecimalFromFloat64 is new decimal(double): the value rounded to 15
// significant digits with trailing zeros dropped, so 0.1 becomes 0.1m and
// 1.0/3 becomes 0.333333333333333m. NaN, infinities and values beyond
// decimal's range fail with OverflowException.
func DecimalFromFloat64(f float64) (Decimal, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) >= 7.9228162514264338e28 {
		return Decimal{}, errDecOverflow
	}
	if f == 0 {
		return Decimal{}, nil
	}
	s := strconv.FormatFloat(f, 'e', 14, 64)
	d, err := ParseDecimalLiteral(s)
	if err != nil {
		return Decimal{}, err
	}
	return d.normalize(), nil
}

// DecimalFromFloat32 is new decimal(float): 7 significant digits.
func DecimalFromFloat32(f float32) (Decimal, error) {
	g := float64(f)
	if math.IsNaN(g) || math.IsInf(g, 0) || math.Abs(g) >= 7.9228162514264338e28 {
		return Decimal{}, errDecOverflow
	}
	if g == 0 {
		return Decimal{}, nil
	}
	d, err := ParseDecimalLiteral(strconv.FormatFloat(g, 'e', 6, 32))
	if err != nil {
		return Decimal{}, err
	}
	return d.normalize(), nil
}

// normalize drops trailing fractional zeros.
func (d Decimal) normalize() Decimal {
	if d.IsZero() {
		return Decimal{}
	}
	m := d.mant()
	s := int(d.scale)
	r := new(big.Int)
	for s > 0 {
		q, rem := new(big.Int).QuoRem(m, bigTen, r)
		if rem.Sign() != 0 {
			break
		}
		m = q
		s--
	}
	out, _ := decimalFromBig(m, s)
	out.neg = d.neg
	return out
}

// ParseDecimalLiteral reads a C# decimal literal's digits with the invariant
// culture: optional sign, digits with an optional '.', an optional exponent
// ("1.5", "-0.50", "1e3", "2.5E-3"), with no suffix. The scale is kept as
// written (1.50 has scale 2); digits beyond 28 decimals are rounded half to
// even. Values too large fail with OverflowException.
func ParseDecimalLiteral(s string) (Decimal, error) {
	orig := s
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	exp := 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(s[i+1:])
		if err != nil {
			return Decimal{}, invalidValue(orig)
		}
		exp = e
		s = s[:i]
	}
	intPart, frac, _ := strings.Cut(s, ".")
	digits := intPart + frac
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return Decimal{}, invalidValue(orig)
	}
	m, _ := new(big.Int).SetString(digits, 10)
	if neg {
		m.Neg(m)
	}
	scale := len(frac) - exp
	if exp > 100 || exp < -100 {
		if m.Sign() == 0 {
			return Decimal{}, nil
		}
		if exp > 0 {
			return Decimal{}, errDecOverflow
		}
		return Decimal{}, nil
	}
	d, err := decimalFromBig(m, scale)
	if err != nil {
		return Decimal{}, err
	}
	d.neg = neg
	return d, nil
}

// FormatDecimal formats a decimal (decimal.ToString(format, culture)).
// "G" without precision prints every stored digit, never in scientific
// notation, and never "-0".
func FormatDecimal(d Decimal, format string, c *Culture) (string, error) {
	c = cultureOrInvariant(c)
	f, digits, err := parseFormatSpecifier(format)
	if err != nil {
		return "", err
	}
	n := number{neg: d.neg, kind: kindDecimal}
	if !d.IsZero() {
		n.digits = []byte(d.mant().String())
	}
	n.scale = len(n.digits) - int(d.scale)
	var out []byte
	if f != 0 {
		if f == 'D' || f == 'd' || f == 'X' || f == 'x' || f == 'B' || f == 'b' {
			return "", errBadFormatSpecifier
		}
		out, err = numberToString(nil, &n, f, digits, c)
		if err != nil {
			return "", err
		}
	} else {
		out = numberToStringFormat(nil, &n, format, c)
	}
	return string(out), nil
}

// Round rounds d to digits decimals (0 to 28) as decimal.Round does, with
// the MidpointRounding mode numbered as .NET's: 0 ToEven, 1 AwayFromZero,
// 2 ToZero, 3 ToNegativeInfinity, 4 ToPositiveInfinity.
func (d Decimal) Round(digits, mode int) Decimal {
	if digits < 0 || int(d.scale) <= digits {
		return d
	}
	m := d.mant()
	div := pow10(int(d.scale) - digits)
	q, r := new(big.Int).QuoRem(m, div, new(big.Int))
	if r.Sign() != 0 {
		up := false
		switch mode {
		case 1:
			up = new(big.Int).Lsh(r, 1).Cmp(div) >= 0
		case 2:
		case 3:
			up = d.neg
		case 4:
			up = !d.neg
		default:
			c := new(big.Int).Lsh(r, 1).Cmp(div)
			up = c > 0 || (c == 0 && q.Bit(0) == 1)
		}
		if up {
			q.Add(q, big.NewInt(1))
		}
	}
	if d.neg {
		q.Neg(q)
	}
	r2, err := decimalFromBig(q, digits)
	if err != nil {
		return d
	}
	return r2
}

// TruncateUint64 returns the integral part as a uint64 and false if it is
// negative or does not fit (decimal.ToUInt64 throws OverflowException then).
func (d Decimal) TruncateUint64() (uint64, bool) {
	m := d.signedMant()
	m.Quo(m, pow10(int(d.scale)))
	if !m.IsUint64() {
		return 0, false
	}
	return m.Uint64(), true
}

// DecimalFromParts is new decimal(lo, mid, hi, isNegative, scale): the
// 96-bit mantissa from its three 32-bit words; scale must be 0..28.
func DecimalFromParts(lo, mid, hi uint32, neg bool, scale uint8) Decimal {
	return Decimal{lo: uint64(mid)<<32 | uint64(lo), hi: hi, scale: scale, neg: neg}
}

// Bits is decimal.GetBits(d): the mantissa's low, middle and high words,
// then the flags word (the scale in bits 16-23, the sign in bit 31).
func (d Decimal) Bits() [4]int32 {
	flags := uint32(d.scale) << 16
	if d.neg {
		flags |= 1 << 31
	}
	return [4]int32{int32(uint32(d.lo)), int32(uint32(d.lo >> 32)), int32(d.hi), int32(flags)}
}
