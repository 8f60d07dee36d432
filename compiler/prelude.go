package compiler

//go:generate go run prelude_gen.go
