package lang

import "strings"

// Binary operator precedences, loosest first (C# order).
const (
	precCoalesce       = 1 + iota // ?? (right-associative)
	precOrElse                    // ||
	precAndAlso                   // &&
	precOr                        // |
	precXor                       // ^
	precAnd                       // &
	precEquality                  // == !=
	precRelational                // < > <= >= is as
	precShift                     // << >>
	precAdditive                  // + -
	precMultiplicative            // * / %
)

var binaryPrec = map[string]int{
	"??": precCoalesce, "||": precOrElse, "&&": precAndAlso, "|": precOr, "^": precXor, "&": precAnd,
	"==": precEquality, "!=": precEquality, "<": precRelational, ">": precRelational,
	"<=": precRelational, ">=": precRelational, "<<": precShift, ">>": precShift, ">>>": precShift,
	"+": precAdditive, "-": precAdditive, "*": precMultiplicative, "/": precMultiplicative,
	"%": precMultiplicative,
}

var assignOps = map[string]bool{"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "%=": true,
	"&=": true, "|=": true, "^=": true, "<<=": true, "??=": true}

// reserved lists C#'s reserved keywords.
var reserved = map[string]bool{}

// predefined lists the predefined type keywords.
var predefined = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`abstract as base bool break byte case catch char checked class const
		continue decimal default delegate do double else enum event explicit extern false finally
		fixed float for foreach goto if implicit in int interface internal is lock long namespace new
		null object operator out override params private protected public readonly ref return sbyte
		sealed short sizeof stackalloc static string struct switch this throw true try typeof uint
		ulong unchecked unsafe ushort using virtual void volatile while`) {
		reserved[k] = true
	}
	for _, k := range strings.Fields(`bool byte sbyte char decimal double float int uint long ulong
		short ushort object string void`) {
		predefined[k] = true
	}
}

// isKeywordType reports whether t (arrays stripped) is a predefined type.
func isKeywordType(t *TypeRef) bool {
	for t.ArrayRank > 0 {
		t = t.Elem
	}
	return predefined[t.Name]
}
