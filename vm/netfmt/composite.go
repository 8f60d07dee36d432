package netfmt

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Item is one piece of a composite format string: literal Text (with "{{"
// and "}}" already unescaped) when IsHole is false, otherwise a format item
// {Index,Align:Format}.
type Item struct {
	IsHole bool
	Text   string
	Index  int
	Align  int
	Format string
}

// Limits .NET places on a format item (exclusive).
const (
	compositeIndexLimit = 1_000_000
	compositeWidthLimit = 1_000_000
)

// ParseComposite splits a composite format string as string.Format does in
// .NET 8 (ValueStringBuilder.AppendFormatHelper). On a syntax error it
// returns the items before the error together with the FormatException, so
// a caller that formats items in order and then reports the error observes
// .NET's order of failures (an out-of-range index before a later syntax
// error).
func ParseComposite(format string) ([]Item, error) {
	var items []Item
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			items = append(items, Item{Text: lit.String()})
			lit.Reset()
		}
	}
	// pos and offsets are in UTF-16 code units, as .NET reports them; the
	// format is scanned as bytes because every special character is ASCII.
	u16 := func(i int) int { return utf16Len(format[:i]) }
	fail := func(i int, reason string) ([]Item, error) {
		flush()
		return items, formatException(msgInvalidString + " Failure to parse near offset " +
			strconv.Itoa(u16(i)) + ". " + reason)
	}
	const (
		unclosed   = "Format item ends prematurely."
		expDigit   = "Expected an ASCII digit."
		unexpClose = "Unexpected closing brace without a corresponding opening brace."
	)
	pos := 0
	for {
		next := strings.IndexAny(format[pos:], "{}")
		if next < 0 {
			lit.WriteString(format[pos:])
			flush()
			return items, nil
		}
		lit.WriteString(format[pos : pos+next])
		pos += next
		brace := format[pos]
		pos++
		if pos >= len(format) {
			return fail(pos, unclosed)
		}
		ch := format[pos]
		if ch == brace {
			lit.WriteByte(ch)
			pos++
			continue
		}
		if brace != '{' {
			return fail(pos, unexpClose)
		}
		flush()
		// moveNext advances to the next character or fails at the end.
		moveNext := func() (byte, bool) {
			pos++
			if pos >= len(format) {
				return 0, false
			}
			return format[pos], true
		}
		var ok bool
		index := int(ch) - '0'
		if index < 0 || index > 9 {
			return fail(pos, expDigit)
		}
		width, left := 0, false
		itemFormat := ""
		if ch, ok = moveNext(); !ok {
			return fail(pos, unclosed)
		}
		if ch != '}' {
			for isDigit(ch) && index < compositeIndexLimit {
				index = index*10 + int(ch-'0')
				if ch, ok = moveNext(); !ok {
					return fail(pos, unclosed)
				}
			}
			for ch == ' ' {
				if ch, ok = moveNext(); !ok {
					return fail(pos, unclosed)
				}
			}
			if ch == ',' {
				for {
					if ch, ok = moveNext(); !ok {
						return fail(pos, unclosed)
					}
					if ch != ' ' {
						break
					}
				}
				if ch == '-' {
					left = true
					if ch, ok = moveNext(); !ok {
						return fail(pos, unclosed)
					}
				}
				width = int(ch) - '0'
				if width < 0 || width > 9 {
					return fail(pos, expDigit)
				}
				if ch, ok = moveNext(); !ok {
					return fail(pos, unclosed)
				}
				for isDigit(ch) && width < compositeWidthLimit {
					width = width*10 + int(ch-'0')
					if ch, ok = moveNext(); !ok {
						return fail(pos, unclosed)
					}
				}
				for ch == ' ' {
					if ch, ok = moveNext(); !ok {
						return fail(pos, unclosed)
					}
				}
			}
			if ch != '}' {
				if ch != ':' {
					return fail(pos, unclosed)
				}
				start := pos + 1
				for {
					if ch, ok = moveNext(); !ok {
						return fail(pos, unclosed)
					}
					if ch == '}' {
						break
					}
					if ch == '{' {
						return fail(pos, unclosed)
					}
				}
				itemFormat = format[start:pos]
			}
		}
		pos++
		if left {
			width = -width
		}
		items = append(items, Item{IsHole: true, Index: index, Align: width, Format: itemFormat})
	}
}

// IndexOutOfRange is the FormatException string.Format throws for a format
// item whose index is not below the argument count.
func IndexOutOfRange() *FormatError { return formatException(msgIndexOutOfRange) }

// FormatComposite is string.Format: it parses format and calls arg for each
// item in order with the item's index and format string, padding each result
// to the item's alignment. An index >= nargs fails with IndexOutOfRange at
// the point .NET would detect it; errors from arg are returned unchanged.
func FormatComposite(format string, nargs int, arg func(index int, format string) (string, error)) (string, error) {
	items, perr := ParseComposite(format)
	var b strings.Builder
	for _, it := range items {
		if !it.IsHole {
			b.WriteString(it.Text)
			continue
		}
		if it.Index >= nargs {
			return "", IndexOutOfRange()
		}
		s, err := arg(it.Index, it.Format)
		if err != nil {
			return "", err
		}
		b.WriteString(Pad(s, it.Align))
	}
	if perr != nil {
		return "", perr
	}
	return b.String(), nil
}

// Pad pads s with spaces to |align| UTF-16 code units, on the left when
// align is positive (right-justified) and on the right when negative, as
// composite formatting does. Strings already that wide are unchanged.
func Pad(s string, align int) string {
	width := align
	if width < 0 {
		width = -width
	}
	n := width - utf16Len(s)
	if n <= 0 {
		return s
	}
	if align > 0 {
		return strings.Repeat(" ", n) + s
	}
	return s + strings.Repeat(" ", n)
}

// utf16Len counts the UTF-16 code units of s (a .NET string's Length):
// two for each character outside the Basic Multilingual Plane.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n += utf16.RuneLen(r)
	}
	return n
}

// FormatBool is bool.ToString(): "True" or "False".
func FormatBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// FormatChar is char.ToString() for one UTF-16 code unit. A lone surrogate
// has no UTF-8 form and becomes U+FFFD.
func FormatChar(c uint16) string {
	return string(rune(c))
}
