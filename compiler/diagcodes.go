package compiler

// csCodes gives the C# error code of each diagnostic code generation
// reports, keyed by its message format: one table, so the wording and the
// code are stated together. errorf prefixes the message with
// "error CSxxxx: " as Roslyn prints it.
var csCodes = map[string]string{
	"An object reference is required for the non-static field, method, or property '%s.%s'":                                                                            "CS0120",
	"'%s' does not contain a definition for '%s'":                                                                                                                      "CS0117",
	"No overload for method '%s' takes %d arguments":                                                                                                                   "CS1501",
	"'%s' does not contain a constructor that takes %d arguments":                                                                                                      "CS1729",
	"The type or namespace name '%s' could not be found (are you missing a using directive or an assembly reference?)":                                                 "CS0246",
	"Only assignment, call, increment, decrement, await, and new object expressions can be used as a statement":                                                        "CS0201",
	"The type '%s' already contains a definition for '%s'":                                                                                                             "CS0102",
	"The return type of an async method must be void, Task, Task<T>, ValueTask or ValueTask<T>":                                                                        "CS1983",
	"The namespace '%s' already contains a definition for '%s'":                                                                                                        "CS0101",
	"Since '%s' is an async method that returns '%s', a return keyword must not be followed by an object expression":                                                   "CS1997",
	"No enclosing loop out of which to break or continue":                                                                                                              "CS0139",
	"Cannot await in the body of a lock statement":                                                                                                                     "CS1996",
	"'%s' is a type, which is not valid in the given context":                                                                                                          "CS0119",
	"The type of the target-typed new expression cannot be inferred here":                                                                                              "CS8754",
	"The left-hand side of an assignment must be a variable, property or indexer":                                                                                      "CS0131",
	"The label '%s' is a duplicate":                                                                                                                                    "CS0140",
	"The expression being assigned to '%s.%s' must be constant":                                                                                                        "CS0133",
	"The best overload for '%s' does not have a parameter named '%s'":                                                                                                  "CS1739",
	"The 'await' operator can only be used within an async method. Consider marking this method with the 'async' modifier and changing its return type to 'Task'.":     "CS4033",
	"The 'await' operator can only be used within an async method. Consider marking this method with the 'async' modifier and changing its return type to 'Task<%s>'.": "CS4032",
	"Since this is a constructor, a 'return' keyword must not be followed by an object expression":                                                                     "CS0127",
	"Since '%s' returns void, a return keyword must not be followed by an object expression":                                                                           "CS0127",
	"Property or indexer '%s.%s' cannot be assigned to -- it is read only":                                                                                             "CS0200",
	"Program has more than one entry point defined.":                                                                                                                   "CS0017",
	"Program does not contain a static 'Main' method suitable for an entry point":                                                                                      "CS5001",
	"Only one compilation unit can have top-level statements.":                                                                                                         "CS8802",
	"No such label 'default:' within the scope of the goto statement":                                                                                                  "CS0159",
	"No such label 'case %s:' within the scope of the goto statement":                                                                                                  "CS0159",
	"No such label '%s' within the scope of the goto statement":                                                                                                        "CS0159",
	"Named argument specifications must appear after all fixed arguments have been specified":                                                                          "CS1738",
	"Method must have a return type":                                                                                                                                   "CS1520",
	"Keyword 'this' is not valid in a static property, static method, or static field initializer":                                                                     "CS0026",
	"Keyword 'base' is not available in a static method":                                                                                                               "CS1511",
	"Implicitly-typed variables must be initialized":                                                                                                                   "CS0818",
	"Expression does not have a name.":                                                                                                                                 "CS8081",
	"Expected a constant value":                                                                                                                                        "CS0150",
	"Embedded statement cannot be a declaration or labeled statement":                                                                                                  "CS1023",
	"Default parameter value for '%s' must be a compile-time constant":                                                                                                 "CS1736",
	"Class '%s' cannot have multiple base classes":                                                                                                                     "CS1721",
	"Circular base type dependency involving '%s'":                                                                                                                     "CS0146",
	"Cannot create an instance of the static class '%s'":                                                                                                               "CS0712",
	"Cannot create an instance of the abstract type or interface '%s'":                                                                                                 "CS0144",
	"Cannot assign <null> to an implicitly-typed variable":                                                                                                             "CS0815",
	"An object of a type convertible to '%s' is required":                                                                                                              "CS0126",
	"A throw statement with no arguments is not allowed outside of a catch clause":                                                                                     "CS0156",
	"A ref or out value must be an assignable variable":                                                                                                                "CS1510",
	"A local variable or function named '%s' is already defined in this scope":                                                                                         "CS0128",
	"A local or parameter named '%s' cannot be declared in this scope because that name is used in an enclosing local scope to define a local or parameter":            "CS0136",
	"A goto case is only valid inside a switch statement":                                                                                                              "CS0153",
	"A declaration is not allowed in this context.":                                                                                                                    "CS1525",
	"'%s.%s()' must declare a body because it is not marked abstract, extern, or partial":                                                                              "CS0501",
	"'%s' does not contain a static member '%s'":                                                                                                                       "CS0117",
}

// undefinedCode is the code of "The name 'x' does not exist in the
// current context" (reported through the "%s" format with a suggestion).
const undefinedCode = "CS0103"
