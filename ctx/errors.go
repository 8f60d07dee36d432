package ctx

import (
	"fmt"
	"os"
)

// Error is an exception raised by this package. Type is the .NET exception
// type name without namespace (for example "InvalidOperationException") and
// Msg its exact message, so the VM can turn it into the .NET exception.
type Error struct {
	Type string
	Msg  string
}

// Error returns "Type: Msg".
func (e *Error) Error() string { return e.Type + ": " + e.Msg }

// Exact .NET messages of the errors this package returns.
const (
	MsgNullContext          = "Cannot call Set on a null context"
	MsgNullExecutionContext = "Value cannot be null. (Parameter 'executionContext')"
	MsgNullReference        = "Object reference not set to an instance of an object."
	MsgRestoreNotSuppressed = "Cannot restore context flow when it is not suppressed."
	MsgFlowControlThread    = "AsyncFlowControl object must be used on the thread where it was created."
	MsgFlowControlMismatch  = "AsyncFlowControl objects can be used to restore flow only on a Context that had its flow suppressed."
)

// FailFastMessage is the message printed when a change handler fails during a
// context switch.
const FailFastMessage = "An exception was not handled in an AsyncLocal<T> notification callback."

// FailFast is called with a change handler's error during a context switch
// when the Thread has no FailFast hook of its own. The default prints
// FailFastMessage and the error to stderr and exits with status 1. Set it
// once at start-up, before any Thread runs; it must not be changed while
// threads are running.
var FailFast = func(err error) {
	fmt.Fprintf(os.Stderr, "%s\n%v\n", FailFastMessage, err)
	os.Exit(1)
}

func invalidOperation(msg string) *Error {
	return &Error{Type: "InvalidOperationException", Msg: msg}
}
