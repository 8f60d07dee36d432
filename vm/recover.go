package vm

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"
)

// ExitInternal is the exit status of an internal error: a Go panic inside
// asyncvm, which is always a bug in asyncvm and never the program's fault.
const ExitInternal = 70

// InternalErrorPrefix begins every internal error report, from the compiler
// (a diagnostic) or the interpreter (a Fatal error).
const InternalErrorPrefix = "internal error: "

// InternalErrorMsg describes a recovered Go panic r. It must be called from
// the deferred function that recovered r: with ASYNCVM_DEBUG set in the
// environment it appends the Go stack of the panic.
func InternalErrorMsg(r any) string {
	msg := InternalErrorPrefix + fmt.Sprint(r)
	if os.Getenv("ASYNCVM_DEBUG") != "" {
		msg += "\n" + string(debug.Stack())
	}
	return msg
}

// IsInternalError reports whether msg is an internal error report.
func IsInternalError(msg string) bool { return strings.HasPrefix(msg, InternalErrorPrefix) }

// recoverRun is deferred by run, the one entry into bytecode execution: a Go
// panic below it (in an instruction, a helper, or a native the instruction
// called) becomes a Fatal error with exit status ExitInternal naming the
// function and instruction being executed, and the run's frames are dropped.
// The instruction is the last one whose pc the loop saved: exact for every
// instruction that calls out of the loop, which is where a panic can happen.
func (t *Thread) recoverRun(depth int, prevRun uint64, err *error) {
	r := recover()
	if r == nil {
		return
	}
	msg := InternalErrorMsg(r)
	if len(t.frames) >= depth && depth > 0 {
		fr := &t.frames[len(t.frames)-1]
		msg += "\n   while executing " + fr.fn.QualifiedName()
		if pc := fr.pc - 1; pc >= 0 && pc < len(fr.fn.Code) {
			msg += fmt.Sprintf(" at pc %d (%s)", pc, strings.TrimSpace(fr.fn.Code[pc].String()))
		}
		if fr.fn.File != "" {
			msg += fmt.Sprintf(" in %s:line %d", fr.fn.File, fr.fn.LineAt(fr.pc-1))
		}
		t.frames = t.frames[:depth-1]
	}
	t.pendingErr, t.match = nil, nil
	t.curRun = prevRun
	*err = &Fatal{Msg: msg, Code: ExitInternal}
}
