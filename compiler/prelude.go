package compiler

//go:generate go run asyncvm/internal/astgen -in prelude.cs -out prelude_ast.go -pkg compiler -func preludeAST -name <prelude> -posfile PreludeFile
