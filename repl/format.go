package repl

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	"asyncvm/vm"
)

// maxItems bounds how many elements of a collection are shown.
const maxItems = 100

// maxDepth bounds how deeply nested collections and objects are shown.
const maxDepth = 3

// formatValue renders an echoed value the way C# interactive does: strings
// and chars quoted, null as null, collections as `List<int>(3) { 1, 2, 3 }`
// and arrays as `int[3] { 1, 2, 3 }`, other objects by their ToString.
func formatValue(t *vm.Thread, v vm.Value) (string, error) {
	var b strings.Builder
	err := writeValue(t, &b, v, 0)
	return b.String(), err
}

func writeValue(t *vm.Thread, b *strings.Builder, v vm.Value, depth int) error {
	if v.IsNull() {
		b.WriteString("null")
		return nil
	}
	if s := v.AsStr(); s != nil {
		b.WriteString(quoteString(s.S))
		return nil
	}
	if pt := v.PrimType(); pt != nil {
		switch pt {
		case vm.TBool:
			b.WriteString(strconv.FormatBool(v.AsBool()))
			return nil
		case vm.TChar:
			b.WriteString(quoteChar(v.AsChar()))
			return nil
		}
		text, err := t.ToString(v)
		if err != nil {
			return err
		}
		if pt.Kind == vm.KindEnum {
			text = pt.Name + "." + text
		}
		b.WriteString(text)
		return nil
	}
	ty := v.Type()
	if depth >= maxDepth {
		b.WriteString(typeDisplay(ty, nil))
		b.WriteString(" { ... }")
		return nil
	}
	if arr, ok := v.Obj().(*vm.Array); ok {
		elem := "object"
		if arr.Elem != nil {
			elem = typeDisplay(arr.Elem, nil)
		}
		if i := strings.IndexByte(elem, '['); i >= 0 {
			fmt.Fprintf(b, "%s[%d]%s", elem[:i], len(arr.V), elem[i:])
		} else {
			fmt.Fprintf(b, "%s[%d]", elem, len(arr.V))
		}
		return writeItems(t, b, arr.V, depth)
	}
	if items, elem, ok := enumerate(t, v); ok {
		name := ty.Name
		if i := strings.IndexByte(name, '`'); i >= 0 {
			name = name[:i]
		}
		if i := strings.LastIndexByte(name, '+'); i >= 0 {
			name = name[i+1:]
		}
		args := genericArgs(t, ty, items, elem)
		b.WriteString(name)
		if len(args) > 0 {
			b.WriteString("<" + strings.Join(args, ", ") + ">")
		}
		if ty.Namespace == "System.Collections.Generic" || ty.Namespace == "System.Collections.Concurrent" {
			fmt.Fprintf(b, "(%d)", len(items))
		}
		return writeItems(t, b, items, depth)
	}
	if ty.Kind == vm.KindNative && ty.Name == "KeyValuePair`2" {
		return writePair(t, b, v, depth, "KeyValuePair")
	}
	text, err := t.ToString(v)
	if err != nil {
		return err
	}
	if inst, ok := v.Obj().(*vm.Instance); ok && text == vm.DisplayTypeName(ty) && !isException(ty) {
		b.WriteString(typeDisplay(ty, nil))
		if len(ty.Fields) == 0 {
			b.WriteString(" { }")
			return nil
		}
		b.WriteString(" { ")
		for i, f := range ty.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strings.TrimSuffix(strings.TrimPrefix(f.Name, "<"), ">k__BackingField") + "=")
			if i < len(inst.F) {
				if err := writeValue(t, b, inst.F[i], depth+1); err != nil {
					return err
				}
			}
		}
		b.WriteString(" }")
		return nil
	}
	b.WriteString("[" + text + "]")
	return nil
}

func isException(ty *vm.Type) bool {
	for c := ty; c != nil; c = c.Super {
		if c.FullName() == "System.Exception" {
			return true
		}
	}
	return false
}

func writeItems(t *vm.Thread, b *strings.Builder, items []vm.Value, depth int) error {
	if len(items) == 0 {
		b.WriteString(" { }")
		return nil
	}
	b.WriteString(" { ")
	for i, it := range items {
		if i == maxItems {
			b.WriteString(", ...")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		var err error
		if pt := it.Type(); pt != nil && pt.Kind == vm.KindNative && pt.Name == "KeyValuePair`2" {
			err = writePair(t, b, it, depth+1, "")
		} else {
			err = writeValue(t, b, it, depth+1)
		}
		if err != nil {
			return err
		}
	}
	b.WriteString(" }")
	return nil
}

// writePair renders a KeyValuePair as `{ key, value }` inside a dictionary,
// or `KeyValuePair<K, V>(key, value)`-like on its own.
func writePair(t *vm.Thread, b *strings.Builder, v vm.Value, depth int, prefix string) error {
	k, err := t.GetMember(v, &vm.Site{Name: "Key"})
	if err != nil {
		return err
	}
	val, err := t.GetMember(v, &vm.Site{Name: "Value"})
	if err != nil {
		return err
	}
	if prefix != "" {
		b.WriteString("[")
	} else {
		b.WriteString("{ ")
	}
	if err := writeValue(t, b, k, depth); err != nil {
		return err
	}
	b.WriteString(", ")
	if err := writeValue(t, b, val, depth); err != nil {
		return err
	}
	if prefix != "" {
		b.WriteString("]")
	} else {
		b.WriteString(" }")
	}
	return nil
}

// enumerate lists the elements of a library collection or sequence (not a
// string) through LINQ's ToArray, with the element type it reports.
func enumerate(t *vm.Thread, v vm.Value) ([]vm.Value, *vm.Type, bool) {
	ty := v.Type()
	if ty == nil || ty.Kind == vm.KindString || ty.LookupMethod("GetEnumerator", 0) == nil {
		return nil, nil, false
	}
	for _, f := range vm.LibraryExtensions()["ToArray"] {
		if f.Native == nil {
			continue
		}
		r, err := f.Native(t, []vm.Value{v})
		if err != nil {
			return nil, nil, false
		}
		if arr, ok := r.Obj().(*vm.Array); ok {
			return arr.V, arr.Elem, true
		}
	}
	return nil, nil, false
}

// genericArgs guesses a collection's type arguments: the element type the
// library keeps, or for dictionaries the types of the first entry.
func genericArgs(t *vm.Thread, ty *vm.Type, items []vm.Value, elem *vm.Type) []string {
	arity := 0
	if i := strings.IndexByte(ty.Name, '`'); i >= 0 {
		arity, _ = strconv.Atoi(ty.Name[i+1:])
	}
	if arity == 0 {
		return nil
	}
	if arity == 2 {
		k, v := "object", "object"
		if len(items) > 0 {
			if kv, err := t.GetMember(items[0], &vm.Site{Name: "Key"}); err == nil {
				k = valueTypeName(kv)
			}
			if vv, err := t.GetMember(items[0], &vm.Site{Name: "Value"}); err == nil {
				v = valueTypeName(vv)
			}
		}
		return []string{k, v}
	}
	name := "object"
	if elem != nil {
		name = typeDisplay(elem, nil)
	} else if len(items) > 0 {
		name = valueTypeName(items[0])
	}
	return []string{name}
}

func valueTypeName(v vm.Value) string {
	if v.IsNull() {
		return "object"
	}
	return typeDisplay(v.Type(), nil)
}

// typeDisplay is the C# spelling of a type: keywords for primitives,
// simple names for classes.
func typeDisplay(ty *vm.Type, _ []string) string {
	if ty == nil {
		return "object"
	}
	if ty.Kind == vm.KindArray && ty.Elem != nil {
		return typeDisplay(ty.Elem, nil) + "[]"
	}
	if ty.CSName != "" {
		return ty.CSName
	}
	name := ty.Name
	if i := strings.IndexByte(name, '`'); i >= 0 {
		name = name[:i]
	}
	return name
}

// quoteString writes s as a C# regular string literal.
func quoteString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		b.WriteString(escapeRune(r, '"'))
	}
	b.WriteByte('"')
	return b.String()
}

// quoteChar writes a UTF-16 code unit as a C# character literal.
func quoteChar(c uint16) string {
	r := rune(c)
	if utf16.IsSurrogate(r) {
		return fmt.Sprintf(`'\u%04x'`, c)
	}
	return "'" + escapeRune(r, '\'') + "'"
}

func escapeRune(r rune, quote rune) string {
	switch r {
	case quote:
		return `\` + string(r)
	case '\\':
		return `\\`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case 0:
		return `\0`
	}
	if r < 0x20 || r == 0x7f {
		return fmt.Sprintf(`\u%04x`, r)
	}
	return string(r)
}
