// Package lang is the front end of asyncvm: positions and diagnostics, a
// lexer and parser for the C# subset in docs/language.md, the AST
// that compiler and sm consume, Inspect, and a printer (Print) whose output
// parses back to the same tree.
//
// The parser is hand-written recursive descent (statements, declarations and
// patterns) with precedence climbing for binary operators, rather than a
// participle struct-tag grammar: it needs multi-error recovery, C#'s
// generic/cast/lambda disambiguation by lookahead, interpolated-string holes
// parsed in place, precise "expected ';' after expression" messages, and a
// nesting cap, all of which were simpler and faster to get right by hand.
// Node positions follow one convention: the start of the node, except that
// binary, assignment, conditional, is and as expressions are positioned at
// their operator, member accesses at the member name, calls at their callee,
// and index expressions at the '['.
package lang
