package lang

// Operator declarations are methods with .NET's metadata names: the
// binder finds `a + b`'s user-defined operator as the static method
// op_Addition of a's or b's type, and the VM's slow paths call library
// types' operators by the same names.

var binaryOperatorNames = map[string]string{
	"+": "op_Addition", "-": "op_Subtraction", "*": "op_Multiply", "/": "op_Division",
	"%": "op_Modulus", "&": "op_BitwiseAnd", "|": "op_BitwiseOr", "^": "op_ExclusiveOr",
	"<<": "op_LeftShift", ">>": "op_RightShift", ">>>": "op_UnsignedRightShift",
	"==": "op_Equality", "!=": "op_Inequality", "<": "op_LessThan", ">": "op_GreaterThan",
	"<=": "op_LessThanOrEqual", ">=": "op_GreaterThanOrEqual",
}

var unaryOperatorNames = map[string]string{
	"+": "op_UnaryPlus", "-": "op_UnaryNegation", "!": "op_LogicalNot", "~": "op_OnesComplement",
	"++": "op_Increment", "--": "op_Decrement", "true": "op_True", "false": "op_False",
}

// BinaryOperatorName is the metadata name of binary operator op, "" when
// op cannot be overloaded (&&, ||, ??, =).
func BinaryOperatorName(op string) string { return binaryOperatorNames[op] }

// UnaryOperatorName is the metadata name of unary operator op.
func UnaryOperatorName(op string) string { return unaryOperatorNames[op] }

// ConversionOperatorName is the metadata name of an implicit or explicit
// conversion operator.
func ConversionOperatorName(kind string) string {
	if kind == "implicit" {
		return "op_Implicit"
	}
	return "op_Explicit"
}
