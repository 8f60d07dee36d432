package vm

// Continuation is a suspended rt async frame: see rtasync.
type Continuation struct {
	Fn   *Func
	PC   int // resume pc
	Dst  int // register receiving the awaited result
	Regs []Value
	Next *Continuation
}

// await executes the await instructions.
func (t *Thread) await(ins Instr, regs []Value) error {
	var v Value
	switch ins.Op() {
	case OpAwait:
		v = regs[ins.B()]
	default:
		return &Fatal{Msg: "internal error: await calls not implemented", Code: 70}
	}
	a, err := t.GetAwaiter(v)
	if err != nil {
		return err
	}
	r, err := a.GetResult(t)
	if err != nil {
		return err
	}
	regs[ins.A()] = r
	return nil
}
