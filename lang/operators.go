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

var compoundOperatorNames = map[string]string{
	"+=": "op_AdditionAssignment", "-=": "op_SubtractionAssignment", "*=": "op_MultiplicationAssignment",
	"/=": "op_DivisionAssignment", "%=": "op_ModulusAssignment", "&=": "op_BitwiseAndAssignment",
	"|=": "op_BitwiseOrAssignment", "^=": "op_ExclusiveOrAssignment", "<<=": "op_LeftShiftAssignment",
	">>=": "op_RightShiftAssignment", ">>>=": "op_UnsignedRightShiftAssignment",
	"++": "op_IncrementAssignment", "--": "op_DecrementAssignment",
}

// CompoundOperatorName is the metadata name of the instance compound
// assignment operator op (C# 14: `void operator +=(T x)`, and the
// parameterless `void operator ++()`), "" when op is none.
func CompoundOperatorName(op string) string { return compoundOperatorNames[op] }

var checkable = map[string]bool{
	"op_Addition": true, "op_Subtraction": true, "op_Multiply": true, "op_Division": true,
	"op_UnaryNegation": true, "op_Increment": true, "op_Decrement": true, "op_Explicit": true,
	"op_AdditionAssignment": true, "op_SubtractionAssignment": true, "op_MultiplicationAssignment": true,
	"op_DivisionAssignment": true, "op_IncrementAssignment": true, "op_DecrementAssignment": true,
}

// CheckedOperatorName is the metadata name of the checked form (C# 11:
// `operator checked +`) of the operator named name, "" when the operator
// has no checked form.
func CheckedOperatorName(name string) string {
	if !checkable[name] {
		return ""
	}
	return "op_Checked" + name[len("op_"):]
}
