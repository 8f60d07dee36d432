package driver

import (
	"bytes"
	"strings"
	"testing"
)

// jsonProbe reads each argument as JSON and prints it written back by the
// serializer (escaping, numbers) or the reader's error message; an
// argument starting with '=' is a string to write as a JSON string.
const jsonProbe = `
using System;
using System.Text.Json;

class Program
{
    static void Main(string[] args)
    {
        foreach (string a in args)
        {
            if (a.StartsWith("="))
            {
                Console.WriteLine(JsonSerializer.Serialize(a.Substring(1)));
                continue;
            }
            try
            {
                using var doc = JsonDocument.Parse(a);
                Console.WriteLine(JsonSerializer.Serialize(doc.RootElement));
            }
            catch (JsonException e)
            {
                Console.WriteLine(e.GetType().Name + ": " + e.Message);
            }
        }
    }
}
`

// TestJSONReaderWriter checks System.Text.Json's reader and writer (C# in
// the prelude) on inputs each model must treat alike: escapes, numbers
// kept as written, whitespace, and the reader's error messages with
// their positions.
func TestJSONReaderWriter(t *testing.T) {
	cases := []struct{ in, out string }{
		{`{"a" : [1, 2.50, -0, 1e3, 1E-2], "b": {}}`, `{"a":[1,2.50,-0,1e3,1E-2],"b":{}}`},
		{` [ true , false , null ] `, `[true,false,null]`},
		{`"\u00e9\n\"\/\\\u0041"`, `"\u00E9\n\u0022/\\A"`},
		{`"\ud83d\ude00"`, `"\uD83D\uDE00"`},
		{`=<a href='x'>&+`, `"\u003Ca href=\u0027x\u0027\u003E\u0026\u002B"`},
		{"=tab\there\x01", `"tab\there\u0001"`},
		{`=naïve`, `"na\u00EFve"`},
		{`{"a":1,}`, `JsonReaderException: The JSON object contains a trailing comma at the end which is not supported in this mode. Change the reader options. LineNumber: 0 | BytePositionInLine: 7.`},
		{`[1 2]`, `JsonReaderException: '2' is invalid after a value. Expected either ',', '}', or ']'. LineNumber: 0 | BytePositionInLine: 3.`},
		{`{"a":}`, `JsonReaderException: '}' is an invalid start of a value. LineNumber: 0 | BytePositionInLine: 5.`},
		{`[-]`, `JsonReaderException: ']' is invalid within a number, immediately after a sign character ('+' or '-'). Expected a digit ('0'-'9'). LineNumber: 0 | BytePositionInLine: 2.`},
		{`[1e]`, `JsonReaderException: ']' is invalid within a number, immediately after a sign character ('+' or '-'). Expected a digit ('0'-'9'). LineNumber: 0 | BytePositionInLine: 3.`},
		{`[1.5x]`, `JsonReaderException: 'x' is an invalid end of a number. Expected 'E' or 'e'. LineNumber: 0 | BytePositionInLine: 4.`},
		{`"\x"`, `JsonReaderException: 'x' is an invalid escapable character within a JSON string. The string should be correctly escaped. LineNumber: 0 | BytePositionInLine: 2.`},
		{`"\u12g4"`, `JsonReaderException: 'g' is not a hex digit following '\u' within a JSON string. The string should be correctly escaped. LineNumber: 0 | BytePositionInLine: 5.`},
		{"[\n\n  nul]", `JsonReaderException: 'nul]' is an invalid JSON literal. Expected the literal 'null'. LineNumber: 2 | BytePositionInLine: 5.`},
		{`[1,`, `JsonReaderException: Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed. LineNumber: 0 | BytePositionInLine: 3.`},
		{`{"é":1}x`, `JsonReaderException: 'x' is invalid after a single JSON value. Expected end of data. LineNumber: 0 | BytePositionInLine: 8.`},
		{`   `, `JsonReaderException: The input does not contain any JSON tokens. Expected the input to start with a valid JSON token, when isFinalBlock is true. LineNumber: 0 | BytePositionInLine: 3.`},
	}
	var args, want []string
	for _, c := range cases {
		args = append(args, c.in)
		want = append(want, c.out)
	}
	for _, mode := range []string{"rt", "sm"} {
		var out, errb bytes.Buffer
		code := Run(Options{Filename: "probe.async", Source: []byte(jsonProbe), Mode: mode, Args: args, Stdout: &out, Stderr: &errb})
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", mode, code, errb.String())
		}
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(got) != len(want) {
			t.Fatalf("%s: %d lines, want %d:\n%s", mode, len(got), len(want), out.String())
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: %q:\n got  %s\n want %s", mode, cases[i].in, got[i], want[i])
			}
		}
	}
}
