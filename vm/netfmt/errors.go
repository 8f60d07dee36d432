package netfmt

// FormatError is a failed conversion, described as the .NET exception the
// runtime would throw: Type is the exception's simple name (for example
// "FormatException" or "OverflowException") and Msg its Message.
type FormatError struct {
	Type string
	Msg  string
}

// Error returns the .NET message.
func (e *FormatError) Error() string { return e.Msg }

const (
	msgBadFormatSpecifier = "Format specifier was invalid."
	msgInvalidString      = "Input string was not in a correct format."
	msgIndexOutOfRange    = "Index (zero based) must be greater than or equal to zero and less than the size of the argument list."
)

var (
	errBadFormatSpecifier = &FormatError{Type: "FormatException", Msg: msgBadFormatSpecifier}
	errInvalidString      = &FormatError{Type: "FormatException", Msg: msgInvalidString}
)

func formatException(msg string) *FormatError {
	return &FormatError{Type: "FormatException", Msg: msg}
}

func overflowException(typeWithArticle string) *FormatError {
	return &FormatError{Type: "OverflowException", Msg: "Value was either too large or too small for " + typeWithArticle + "."}
}

// invalidValue is .NET 8's parse failure, which quotes the input.
func invalidValue(s string) *FormatError {
	return formatException("The input string '" + s + "' was not in a correct format.")
}

// badQuote is the FormatException for an unterminated quoted literal.
func badQuote(q byte) *FormatError {
	return formatException("Cannot find a matching quote character for the character '" + string(rune(q)) + "'.")
}
