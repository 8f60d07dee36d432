package compiler

// prelude_ast.go holds prelude.cs's syntax tree as Go code (preludeAST), so
// that a compilation does not parse the prelude; each call builds a fresh
// tree because the sm lowering rewrites it. TestPreludeAST fails while the
// file is stale.
//go:generate go run asyncvm/internal/astgen -in prelude.cs -out prelude_ast.go -pkg compiler -func preludeAST -name <prelude> -posfile PreludeFile
