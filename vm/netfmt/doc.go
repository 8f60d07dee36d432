// Package netfmt converts numbers, booleans and time spans to and from text
// exactly as .NET 8 does: the standard and custom numeric format strings of
// Number.Formatting.cs, the Int32/Int64/Double/Decimal/Boolean parsers of
// Number.Parsing.cs, composite formatting ("{0,-5:N2}") and TimeSpan
// formatting, all under a small set of built-in cultures whose data matches
// .NET running on ICU (Linux).
//
// The package uses only the standard library. Every failure is reported as a
// *FormatError carrying the .NET exception type and message, so the VM can
// raise it unchanged; bad input never panics.
//
// Numbers are formatted through a digit buffer that mirrors .NET's
// NumberBuffer: ASCII digits without a decimal point, a Scale such that the
// value is 0.d1d2d3... × 10^Scale, and a sign. Integers and decimals fill it
// exactly; doubles fill it with correctly rounded digits (shortest round-trip
// digits for "G"/"R", 15 significant digits for custom formats).
package netfmt
