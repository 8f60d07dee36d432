package lib

import (
	"bufio"
	"strings"

	"asyncvm/vm"
)

// tConsole is System.Console.
var tConsole = register(vm.NewLibType("System", "Console", nil))

// tTextWriter is System.IO.TextWriter (Console.Out and Console.Error); its
// payload is *textWriter.
var tTextWriter = register(vm.NewLibType("System.IO", "TextWriter", nil))

// tStringWriter is System.IO.StringWriter: a TextWriter whose payload's
// sb is the StringBuilder it writes to.
var tStringWriter = register(vm.NewLibType("System.IO", "StringWriter", tTextWriter))

type textWriter struct {
	stderr bool
	sb     vm.Value    // a StringWriter's StringBuilder, or null
	file   *fileWriter // a StreamWriter's stream, or nil
}

var (
	stdoutWriter = vm.NewNative(tTextWriter, &textWriter{})
	stderrWriter = vm.NewNative(tTextWriter, &textWriter{stderr: true})
)

// consoleText renders Write/WriteLine arguments: one value, a char[], or a
// composite format with arguments.
func consoleText(t *vm.Thread, args []vm.Value) (string, error) {
	switch len(args) {
	case 0:
		return "", nil
	case 1:
		if a := args[0].AsArray(); a != nil && a.Elem == vm.TChar {
			var b strings.Builder
			for _, c := range a.V {
				b.WriteString(string(rune(c.AsChar())))
			}
			return b.String(), nil
		}
		return t.ToString(args[0])
	}
	if f, ok := str(args[0]); ok {
		return Format(t, nil, f, args[1:])
	}
	if a := args[0].AsArray(); a != nil && a.Elem == vm.TChar && len(args) == 3 {
		start, _ := toInt(args[1])
		n, _ := toInt(args[2])
		if start < 0 || n < 0 || start+n > len(a.V) {
			return "", argOutOfRange(t, "index", msgIndexRange)
		}
		var b strings.Builder
		for _, c := range a.V[start : start+n] {
			b.WriteString(string(rune(c.AsChar())))
		}
		return b.String(), nil
	}
	return t.ToString(args[0])
}

func writeTo(t *vm.Thread, stderr bool, s string) {
	if !stderr {
		t.M.Write(s)
		return
	}
	t.M.WriteStderr(s)
}

func writer(stderr, newline bool) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if in := programWriter(consoleSetting(t, stderr)); in != nil {
			return vm.Null, writeToProgramWriter(t, in, newline, true, args)
		}
		s, err := consoleText(t, args)
		if err != nil {
			return vm.Null, err
		}
		if newline {
			s += "\n"
		}
		return vm.Null, consoleWriter(t, stderr).emit(t, s)
	}
}

// consoleWriter is where Console.Write (stderr: Console.Error's writes)
// goes: the writer Console.SetOut (SetError) installed, or the machine's
// own stream.
func consoleWriter(t *vm.Thread, stderr bool) *textWriter {
	if tw, ok := consoleSetting(t, stderr).AsNative().(*textWriter); ok {
		return tw
	}
	return stdoutWriter.AsNative().(*textWriter)
}

// consoleSetting is Console.Out (stderr: Console.Error): a library writer
// or a program's TextWriter (programWriter).
func consoleSetting(t *vm.Thread, stderr bool) vm.Value {
	if stderr {
		return t.M.Setting("Console.Error", stderrWriter)
	}
	return t.M.Setting("Console.Out", stdoutWriter)
}

// emit writes s to the writer: a StreamWriter's stream, a StringWriter's
// builder, or the machine's stdout or stderr.
func (tw *textWriter) emit(t *vm.Thread, s string) error {
	switch {
	case tw.file != nil:
		return tw.file.write(t, s)
	case !tw.sb.IsNull():
		return sbOf(tw.sb).add(t, s, vm.String(s).AsStr().Len())
	}
	writeTo(t, tw.stderr, s)
	return nil
}

func readLine(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
	if t.M.Stdin == nil {
		return vm.Null, nil
	}
	var line string
	var err error
	t.M.ReadStdin(func(r *bufio.Reader) { line, err = r.ReadString('\n') })
	if err != nil && line == "" {
		return vm.Null, nil
	}
	line = strings.TrimSuffix(line, "\n")
	line = strings.TrimSuffix(line, "\r")
	return vm.String(line), nil
}

func init() {
	c := tConsole
	c.AddStatic("WriteLine", 0, -1, writer(false, true))
	c.AddStatic("Write", 0, -1, writer(false, false))
	c.AddStatic("ReadLine", 0, 0, readLine)
	c.AddStaticProperty("Out", func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		return t.M.Setting("Console.Out", stdoutWriter), nil
	}, nil)
	c.AddStaticProperty("Error", func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		return t.M.Setting("Console.Error", stderrWriter), nil
	}, nil)
	setWriter := func(name string) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			if args[0].IsNull() {
				return vm.Null, argNull(t, "newOut")
			}
			if _, ok := args[0].AsNative().(*textWriter); !ok && programWriter(args[0]) == nil {
				return vm.Null, t.Throw("System.NotSupportedException", "Console."+name+" takes a TextWriter.")
			}
			t.M.SetSetting("Console."+strings.TrimPrefix(name, "Set"), args[0])
			return vm.Null, nil
		}
	}
	c.AddStatic("SetOut", 1, 1, setWriter("SetOut"))
	c.AddStatic("SetError", 1, 1, setWriter("SetError"))
	registerConsoleSettings(c)
	w := tTextWriter
	for _, nl := range []bool{true, false} {
		nl := nl
		name := "Write"
		if nl {
			name = "WriteLine"
		}
		write := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			if in := programWriter(args[0]); in != nil {
				return vm.Null, writeToProgramWriter(t, in, nl, false, args[1:])
			}
			tw := args[0].AsNative().(*textWriter)
			s, err := consoleText(t, args[1:])
			if err != nil {
				return vm.Null, err
			}
			if nl {
				s += "\n"
			}
			return vm.Null, tw.emit(t, s)
		}
		w.AddMethod(name, 0, -1, write)
		least := 1 // WriteAsync(value); WriteLineAsync() too
		if nl {
			least = 0
		}
		w.AddMethod(name+"Async", least, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			_, err := write(t, args)
			return doneTask(t, nil, vm.Null, err)
		})
	}
	// A program's writer's Flush, Dispose and Close bases do nothing.
	flush := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if tw, ok := args[0].AsNative().(*textWriter); ok && tw.file != nil {
			return vm.Null, tw.file.flush(t)
		}
		return vm.Null, nil
	}
	dispose := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if tw, ok := args[0].AsNative().(*textWriter); ok && tw.file != nil {
			return vm.Null, tw.file.dispose(t)
		}
		return vm.Null, nil
	}
	// Encoding: UTF-8 without a preamble for the console and a
	// StreamWriter, UTF-16 for a StringWriter, as .NET's.
	w.AddProperty("Encoding", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if tw, ok := args[0].AsNative().(*textWriter); ok && !tw.sb.IsNull() {
			return encUTF16LE, nil
		}
		return encUTF8NoBOM, nil
	}, nil)
	tTextWriter.Derivable = true
	w.AddMethod("Flush", 0, 0, flush)
	w.AddMethod("FlushAsync", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		_, err := flush(t, args)
		return doneTask(t, nil, vm.Null, err)
	})
	w.AddMethod("Dispose", 0, 0, dispose)
	w.AddMethod("Close", 0, 0, dispose)
	w.AddMethod("DisposeAsync", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if _, err := dispose(t, args); err != nil {
			return vm.Null, err
		}
		return doneValueTask(t)
	})
	implements(w, []string{"System.IDisposable"})
	implements(tStringWriter, []string{"System.IDisposable"})
	sw := tStringWriter
	sw.AddStatic(".ctor", 0, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		sb := vm.NewNative(tStringBuilder, &builder{})
		if len(args) > 0 && !args[0].IsNull() {
			sb = args[0]
		}
		return vm.NewNative(tStringWriter, &textWriter{sb: sb}), nil
	})
	sw.AddMethod("GetStringBuilder", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return args[0].AsNative().(*textWriter).sb, nil
	})
	sw.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(string(sbOf(args[0].AsNative().(*textWriter).sb).text())), nil
	})
}
