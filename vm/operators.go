package vm

// Library value types (TimeSpan, DateTime) define their operators as static
// natives named as .NET names them (op_Addition, op_LessThan, ...). The
// arithmetic, comparison, equality and negation slow paths call them when an
// operand is such a type.

// arithOperatorNames maps arithmetic opcodes to operator method names.
var arithOperatorNames = map[Op]string{
	OpAdd: "op_Addition", OpSub: "op_Subtraction", OpMul: "op_Multiply",
	OpDiv: "op_Division", OpRem: "op_Modulus",
}

// libOperator calls the named operator of b's or c's library type; found is
// false when neither defines it.
func (t *Thread) libOperator(name string, b, c Value) (r Value, found bool, err error) {
	for _, v := range [2]Value{b, c} {
		if v.AsNative() == nil {
			continue
		}
		if f := v.Type().LookupStatic(name, 2); f != nil && f.Native != nil {
			r, err = f.Native(t, []Value{b, c})
			return r, true, err
		}
	}
	return Null, false, nil
}
