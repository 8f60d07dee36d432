package compiler

import (
	"asyncvm/lang"
	"asyncvm/vm"
)

// `using static T;` brings T's static members (fields, constants,
// properties, methods, enum members) and its nested types into scope
// unqualified. They are found after everything else a simple name can mean
// (locals, members of the current and enclosing classes, types), as in C#,
// where using directives are the outermost scope. Instance members are not
// imported; extension methods are not callable unqualified.

// staticImport is a type named by a `using static` directive; ci is set when
// it is declared in source.
type staticImport struct {
	t  *vm.Type
	ci *classInfo
}

// staticImports returns the types imported by the `using static` directives
// of ci's file, in order.
func (c *Compiler) staticImports(ci *classInfo) []staticImport {
	if ci == nil || ci.file == nil {
		return nil
	}
	if imps, ok := c.imports[ci.file]; ok {
		return imps
	}
	var imps []staticImport
	for _, u := range ci.file.Usings {
		if !u.IsStatic || u.Alias != "" {
			continue
		}
		t, tci := c.lookupTypeName(u.Name, nil)
		if t == nil && ci.file.Namespace != "" {
			t, tci = c.lookupTypeName(ci.file.Namespace+"."+u.Name, nil)
		}
		if t != nil {
			imps = append(imps, staticImport{t, tci})
		}
	}
	if c.imports == nil {
		c.imports = map[*lang.File][]staticImport{}
	}
	c.imports[ci.file] = imps
	return imps
}

// checkStaticUsings reports `using static` directives that name no type.
func (c *Compiler) checkStaticUsings(f *lang.File) {
	for _, u := range f.Usings {
		if !u.IsStatic || u.Alias != "" {
			continue
		}
		t, _ := c.lookupTypeName(u.Name, nil)
		if t == nil && f.Namespace != "" {
			t, _ = c.lookupTypeName(f.Namespace+"."+u.Name, nil)
		}
		if t == nil {
			pos := u.NamePos
			if pos.Line == 0 {
				pos = u.Pos
			}
			c.errorf(pos, "The type or namespace name '%s' could not be found (are you missing a using directive or an assembly reference?)", u.Name)
		}
	}
}

// hasStaticValue reports whether imp has a static field, constant, property,
// enum member or method group called name.
func (imp staticImport) hasStaticValue(c *Compiler, name string) bool {
	if imp.t.IsEnum {
		for _, m := range imp.t.EnumNames {
			if m.Name == name {
				return true
			}
		}
		if imp.ci != nil {
			for _, m := range imp.ci.decl.EnumMembers {
				if m.Name == name {
					return true
				}
			}
		}
		return false
	}
	if imp.ci != nil {
		for b := imp.ci; b != nil; b = b.base {
			if _, ok := b.statics[name]; ok {
				return true
			}
			if pi, ok := b.props[name]; ok && pi.static && pi.get != nil {
				return true
			}
			if _, ok := b.smethods[name]; ok {
				return true
			}
		}
		return false
	}
	return imp.t.LookupStatic("get_"+name, 0) != nil || len(imp.t.Statics[name]) > 0
}

// hasStaticMethod reports whether imp has a static method called name.
func (imp staticImport) hasStaticMethod(name string) bool {
	if imp.ci != nil {
		for b := imp.ci; b != nil; b = b.base {
			if len(b.smethods[name]) > 0 {
				return true
			}
		}
		return false
	}
	return !imp.t.IsEnum && len(imp.t.Statics[name]) > 0
}

// importedValue loads an imported static member called name into dst; it
// reports false when no `using static` type has one.
func (fs *funcState) importedValue(name string, pos lang.Pos, dst int) (*vm.Type, bool) {
	for _, imp := range fs.c.staticImports(fs.cls) {
		if imp.hasStaticValue(fs.c, name) {
			return fs.staticMember(imp.t, imp.ci, name, pos, dst), true
		}
	}
	return nil, false
}

// importedCall compiles a call of an imported static method; it reports
// false when no `using static` type has a method called fun.Name.
func (fs *funcState) importedCall(fun *lang.Ident, e *lang.CallExpr, dst int, opCall, opVirt vm.Op) (*vm.Type, bool) {
	for _, imp := range fs.c.staticImports(fs.cls) {
		if !imp.hasStaticMethod(fun.Name) {
			continue
		}
		if imp.ci != nil {
			var cands []*methodInfo
			for b := imp.ci; b != nil; b = b.base {
				cands = append(cands, b.smethods[fun.Name]...)
			}
			m := fs.c.pickMethod(cands, e.Args, e)
			if m == nil {
				fs.errorf(e.Pos, "No overload for method '%s' takes %d arguments", fun.Name, len(e.Args))
				return nil, true
			}
			return fs.callUser(m, e, dst, -1, opCall, opVirt, false), true
		}
		member := &lang.MemberExpr{Pos: fun.Pos, X: &lang.Ident{Pos: fun.Pos, Name: imp.t.Name}, Name: fun.Name}
		return fs.callLibStatic(imp.t, member, e, dst, opCall), true
	}
	// A static field or property holding a delegate.
	for _, imp := range fs.c.staticImports(fs.cls) {
		if imp.hasStaticValue(fs.c, fun.Name) {
			w := fs.alloc()
			fs.staticMember(imp.t, imp.ci, fun.Name, fun.Pos, w)
			n, backs := fs.args(e.Args, w+1, nil, nil, nil)
			_, _, opDel := callOps(opCall == vm.OpCallAw)
			fs.emitABC(opDel, w, 0, n)
			fs.copyBack(backs)
			fs.move(dst, w)
			return nil, true
		}
	}
	return nil, false
}

// importedLValue finds an assignable imported static field or property.
func (fs *funcState) importedLValue(name string) (lvalue, bool) {
	for _, imp := range fs.c.staticImports(fs.cls) {
		if imp.ci != nil {
			for b := imp.ci; b != nil; b = b.base {
				if fi, ok := b.statics[name]; ok {
					return lvalue{kind: lvStatic, idx: fs.c.static(b.t, fi.index), conv: fi.typ, typ: fi.typ}, true
				}
				if pi, ok := b.props[name]; ok && pi.static {
					lv := lvalue{kind: lvStaticProp, conv: pi.typ, typ: pi.typ}
					if pi.get != nil {
						lv.getter = pi.get.fn
					}
					if pi.set != nil {
						lv.setter = pi.set.fn
					}
					return lv, true
				}
			}
			continue
		}
		if setter := imp.t.LookupStatic("set_"+name, 1); setter != nil {
			return lvalue{kind: lvStaticProp, getter: imp.t.LookupStatic("get_"+name, 0), setter: setter}, true
		}
	}
	return lvalue{}, false
}

// importedType finds a nested type of a `using static` type.
func (c *Compiler) importedType(name string, from *classInfo) (*vm.Type, *classInfo) {
	for _, imp := range c.staticImports(from) {
		if imp.ci == nil {
			continue
		}
		for b := imp.ci; b != nil; b = b.base {
			if n, ok := b.nested[name]; ok {
				return n.t, n
			}
		}
	}
	return nil, nil
}
