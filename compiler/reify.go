package compiler

import (
	"reflect"
	"strings"

	"asyncvm/lang"
	"asyncvm/vm"
)

// Type arguments of generic classes at run time. An instance of a generic
// class carries its type arguments in hidden fields, one per type
// parameter (named typeParamPrefix+T, which no C# identifier can be), set
// by `new C<...>(...)` before the constructor runs. In the class's
// instance members, default(T) and typeof(T) read them: reifyTypeArgs
// rewrites them, before the sm lowering, into
//
//	Internal.VM.DefaultOf(this.<type>T)    Internal.VM.TypeArg(this.<type>T)
//
// so that both models see the same code, the sm lowering carrying `this`
// into the state machine as it does for any member access. For the same
// reason `new C<T>(...)` there, with T the class's own type parameter,
// passes T by an object initializer, `{ <type>U = this.<type>T }`: it is
// set after C's constructor runs. Static members have no instance: there T
// is still erased (docs/deviations.md).

// reifyTypeArgs rewrites the instance members of the generic classes in
// files.
func reifyTypeArgs(files []*lang.File) {
	generics := map[genericKey]*lang.TypeDecl{}
	var collectGenerics func(td *lang.TypeDecl)
	collectGenerics = func(td *lang.TypeDecl) {
		if td.Kind == lang.KindClass && len(td.TypeParams) > 0 {
			generics[genericKey{td.Name, len(td.TypeParams)}] = td
		}
		for _, m := range td.Members {
			if nt, ok := m.(*lang.TypeDecl); ok {
				collectGenerics(nt)
			}
		}
	}
	var visit func(td *lang.TypeDecl)
	visit = func(td *lang.TypeDecl) {
		for _, m := range td.Members {
			if nt, ok := m.(*lang.TypeDecl); ok {
				visit(nt)
			}
		}
		if td.Kind != lang.KindClass || len(td.TypeParams) == 0 {
			return
		}
		params := map[string]bool{}
		for _, p := range td.TypeParams {
			params[p] = true
		}
		for _, m := range td.Members {
			switch m := m.(type) {
			case *lang.MethodDecl:
				if !m.Modifiers.Has(lang.ModStatic) {
					own := withoutNames(params, m.TypeParams)
					replaceTypeArgUses(reflect.ValueOf(m).Elem(), own, generics)
				}
			case *lang.CtorDecl:
				if !m.Modifiers.Has(lang.ModStatic) {
					replaceTypeArgUses(reflect.ValueOf(m).Elem(), params, generics)
				}
			case *lang.PropertyDecl:
				if !m.Modifiers.Has(lang.ModStatic) {
					replaceTypeArgUses(reflect.ValueOf(m).Elem(), params, generics)
				}
			}
		}
	}
	for _, f := range files {
		for _, td := range f.Types {
			collectGenerics(td)
		}
	}
	for _, f := range files {
		for _, td := range f.Types {
			visit(td)
		}
	}
}

// generics maps a generic class's name and arity to its declaration.
type genericKey struct {
	name  string
	arity int
}

// withoutNames returns params less the names a method redeclares.
func withoutNames(params map[string]bool, names []string) map[string]bool {
	if len(names) == 0 {
		return params
	}
	out := map[string]bool{}
	for k := range params {
		out[k] = true
	}
	for _, n := range names {
		delete(out, n)
	}
	return out
}

var exprType = reflect.TypeOf((*lang.Expr)(nil)).Elem()

// replaceTypeArgUses walks a syntax node and replaces, in every field of
// type lang.Expr, default(T) and typeof(T) for a type parameter T in
// params by reads of the hidden type-argument field.
func replaceTypeArgUses(v reflect.Value, params map[string]bool, generics map[genericKey]*lang.TypeDecl) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if m, ok := v.Interface().(*lang.MethodDecl); ok && len(m.TypeParams) > 0 {
			params = withoutNames(params, m.TypeParams) // a local function's own T
		}
		if _, ok := v.Interface().(*lang.TypeRef); ok {
			return
		}
		if n, ok := v.Interface().(*lang.NewExpr); ok {
			passTypeArgs(n, params, generics)
		}
		replaceTypeArgUses(v.Elem(), params, generics)
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Type() == exprType && v.CanSet() {
			if r := typeArgUse(v.Interface().(lang.Expr), params); r != nil {
				v.Set(reflect.ValueOf(r))
				return
			}
		}
		replaceTypeArgUses(v.Elem(), params, generics)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			elem := v.Index(i)
			if elem.Kind() == reflect.Interface && elem.Type() == exprType && !elem.IsNil() {
				if r := typeArgUse(elem.Interface().(lang.Expr), params); r != nil {
					elem.Set(reflect.ValueOf(r))
					continue
				}
			}
			replaceTypeArgUses(elem, params, generics)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				replaceTypeArgUses(v.Field(i), params, generics)
			}
		}
	}
}

// passTypeArgs adds to `new C<..., T, ...>(...)`, T a type parameter in
// params, the initializers that pass T's run-time type to the new object.
func passTypeArgs(n *lang.NewExpr, params map[string]bool, generics map[genericKey]*lang.TypeDecl) {
	if n.Type == nil || len(n.Type.Args) == 0 || n.Init != nil && len(n.Init.Elems) > 0 {
		return
	}
	name := n.Type.Name
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	td := generics[genericKey{name, len(n.Type.Args)}]
	if td == nil {
		return
	}
	for i, a := range n.Type.Args {
		if a.ArrayRank > 0 || len(a.Args) > 0 || a.Nullable || !params[a.Name] {
			continue
		}
		if n.Init == nil {
			n.Init = &lang.Initializer{Pos: n.Pos}
		}
		field := &lang.MemberExpr{Pos: n.Pos, X: &lang.ThisExpr{Pos: n.Pos}, Name: typeParamPrefix + a.Name}
		n.Init.Members = append(n.Init.Members, &lang.MemberInit{Pos: n.Pos, Name: typeParamPrefix + td.TypeParams[i], Value: field})
	}
}

// typeArgUse returns the replacement of default(T) or typeof(T), or nil.
func typeArgUse(e lang.Expr, params map[string]bool) lang.Expr {
	var tr *lang.TypeRef
	var fn string
	var pos lang.Pos
	switch e := e.(type) {
	case *lang.DefaultExpr:
		tr, fn, pos = e.Type, "DefaultOf", e.Pos
	case *lang.TypeOfExpr:
		tr, fn, pos = e.Type, "TypeArg", e.Pos
	default:
		return nil
	}
	if tr == nil || !params[tr.Name] || tr.ArrayRank > 0 || tr.Nullable || len(tr.Args) > 0 {
		return nil
	}
	internal := &lang.MemberExpr{Pos: pos, X: &lang.Ident{Pos: pos, Name: "Internal"}, Name: "VM"}
	field := &lang.MemberExpr{Pos: pos, X: &lang.ThisExpr{Pos: pos}, Name: typeParamPrefix + tr.Name}
	return &lang.CallExpr{Pos: pos, Fun: &lang.MemberExpr{Pos: pos, X: internal, Name: fn}, Args: []*lang.Arg{{Pos: pos, X: field}}}
}

// declareTypeArgFields gives a generic class its hidden type-argument
// fields.
func (c *Compiler) declareTypeArgFields(ci *classInfo) {
	if ci.decl.Kind != lang.KindClass {
		return
	}
	for _, tp := range ci.decl.TypeParams {
		c.addField(ci, typeParamPrefix+tp, ci.decl, nil, false, false, nil)
	}
}

// setTypeArgs stores into the new instance in register obj of the generic
// class ci the type arguments written on its creation, and those its
// generic base classes receive through ci's base clause.
func (fs *funcState) setTypeArgs(obj int, ci *classInfo, args []*lang.TypeRef) {
	defer fs.setTop(fs.top)
	known := map[string]int{} // ci's type parameters, by register
	for depth := 0; ci != nil && depth < 64; depth++ {
		if len(args) != len(ci.decl.TypeParams) {
			return
		}
		next := map[string]int{}
		for i, tp := range ci.decl.TypeParams {
			fi := ci.fields[typeParamPrefix+tp]
			if fi == nil || fi.owner != ci {
				return
			}
			r := fs.alloc()
			fs.typeArgInto(args[i], r, known)
			fs.emitABC(vm.OpSetField, obj, fs.field(fi), r)
			next[tp] = r
		}
		known = next
		if ci.base == nil || len(ci.decl.Bases) == 0 {
			return
		}
		args = ci.decl.Bases[0].Args
		ci = ci.base
	}
}

// typeArgInto loads the run-time type a type argument names into r: a
// type parameter of the class being created (known) or of the generic
// method being compiled; else the type itself (null when it is not known:
// a class type parameter, which reifyTypeArgs passes by an initializer).
func (fs *funcState) typeArgInto(tr *lang.TypeRef, r int, known map[string]int) {
	simple := tr.ArrayRank == 0 && len(tr.Args) == 0 && !tr.Nullable
	if src, ok := known[tr.Name]; ok && simple {
		fs.emitABC(vm.OpMove, r, src, 0)
		return
	}
	if l := fs.typeParamLocal(tr); l != nil {
		fs.readVar(l, r)
		return
	}
	t, _ := fs.c.resolveTypeRef(tr, fs.cls, false)
	if t == nil {
		fs.loadConst(r, vm.Null)
		return
	}
	fs.emitABC(vm.OpTypeOf, r, fs.c.addType(t), 0)
}
