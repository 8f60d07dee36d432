// Package lang is the front end of asyncvm: positions and diagnostics, a
// lexer and parser for the C# subset in docs/language.md, the AST that
// compiler and sm consume, Inspect, and a printer (Print) whose output
// parses back to the same tree.
//
// The parser is github.com/alecthomas/participle/v2 driven by the grammar in
// grammar.go: one struct per production, its syntax in `parser:"..."` tags.
// That grammar is the single statement of the syntax (docs/grammar.ebnf is
// generated from it). It is built once per process and parses with
// UseLookahead(0), so it never backtracks silently, and it keeps one rule:
// every choice is decided by its first token, or by a predicate that states
// C#'s own rule for the ambiguity — a lookahead group (?= ...) over a head
// production, or, where the rule scans a balanced or unbounded stretch of
// tokens (casts, lambdas, local declarations and functions, type patterns,
// out declarations), a predicate written in Go beside the grammar
// (guards.go). No alternative may match empty input.
//
// The tokens come from the hand-written lexer (lexer.go) behind participle's
// lexer.Definition: it decodes literals, reports lexical errors in C#'s
// words, and splits interpolated strings so that their holes are ordinary
// expressions. Binary operators are parsed as flat operand lists and the
// conversion to the AST (convert.go) applies C#'s precedence. List elements
// (members, statements, namespace items) are parsed by sub-parsers that skip
// to the next ';' or balanced '}' after a syntax error, so one parse reports
// several errors; error alternatives word the expectation or report a C#
// construct the language does not have. Nesting is capped by an estimate on
// the token stream before parsing.
//
// Node positions follow one convention: the start of the node, except that
// binary, assignment, conditional, is and as expressions are positioned at
// their operator, member accesses at the member name, calls at their callee,
// and index expressions at the '['.
package lang
