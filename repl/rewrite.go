package repl

import (
	"fmt"
	"strings"

	"asyncvm/lang"
)

// evalName is the name of the method each submission's statements become.
const evalName = "<Eval>"

// CurrentFile is the file name diagnostics of the current input carry.
const CurrentFile = "<input>"

// chunkFile names the i-th (0-based) accepted submission when it is parsed
// again for its declarations.
func chunkFile(i int) string { return fmt.Sprintf("input#%d", i+1) }

// topVar is a top-level variable: a static field of the host class.
type topVar struct {
	name string
	typ  *lang.TypeRef // nil: dynamic
}

// decls accumulates what submissions declare: using directives, types,
// top-level methods, variables and constants, later ones replacing earlier
// ones of the same name as C# interactive's shadowing does.
type decls struct {
	usings  []*lang.UsingDirective
	types   []*lang.TypeDecl
	methods []*lang.MethodDecl
	vars    []topVar
	consts  []*lang.FieldDecl
	owner   map[*lang.TypeDecl]int // which parsed file a type came from
}

func newDecls() *decls { return &decls{owner: map[*lang.TypeDecl]int{}} }

func (d *decls) addUsing(u *lang.UsingDirective) {
	for _, o := range d.usings {
		if o.Name == u.Name && o.Alias == u.Alias && o.IsStatic == u.IsStatic {
			return
		}
	}
	d.usings = append(d.usings, u)
}

func (d *decls) addType(td *lang.TypeDecl, file int) {
	for i, o := range d.types {
		if o.Name == td.Name && o.Namespace == td.Namespace {
			delete(d.owner, o)
			d.types = append(d.types[:i], d.types[i+1:]...)
			break
		}
	}
	d.types = append(d.types, td)
	d.owner[td] = file
}

func (d *decls) addMethod(m *lang.MethodDecl) {
	for i, o := range d.methods {
		if o.Name == m.Name && len(o.Params) == len(m.Params) {
			d.methods = append(d.methods[:i], d.methods[i+1:]...)
			break
		}
	}
	d.removeName(m.Name, false)
	d.methods = append(d.methods, m)
}

// removeName drops a variable or constant called name (a later declaration
// of any kind shadows it).
func (d *decls) removeName(name string, methods bool) {
	for i, v := range d.vars {
		if v.name == name {
			d.vars = append(d.vars[:i], d.vars[i+1:]...)
			break
		}
	}
	for i, c := range d.consts {
		if c.Decls[0].Name == name {
			d.consts = append(d.consts[:i], d.consts[i+1:]...)
			break
		}
	}
	if methods {
		out := d.methods[:0]
		for _, m := range d.methods {
			if m.Name != name {
				out = append(out, m)
			}
		}
		d.methods = out
	}
}

func (d *decls) addVar(v topVar) {
	d.removeName(v.name, true)
	d.vars = append(d.vars, v)
}

func (d *decls) addConst(pos lang.Pos, typ *lang.TypeRef, decl *lang.Declarator) {
	d.removeName(decl.Name, true)
	d.consts = append(d.consts, &lang.FieldDecl{Pos: pos, Modifiers: lang.ModStatic | lang.ModConst | lang.ModPublic,
		Type: typ, Decls: []*lang.Declarator{decl}})
}

// submission is one input rewritten for compilation.
type submission struct {
	body       []lang.Stmt
	echo       bool // the last statement is an expression whose value is printed
	quietNull  bool // the echoed expression is a call or await: null means void, print nothing
	async      bool
	redeclared map[string]bool
}

// collect records the declarations of a parsed input and, when keep is
// set, rewrites its statements into the body of the eval method:
// top-level variable declarations become assignments to the host class's
// static fields, top-level local functions become its static methods.
func (d *decls) collect(f *lang.File, file int, keep bool) *submission {
	for _, u := range f.Usings {
		d.addUsing(u)
	}
	for _, td := range f.Types {
		d.addType(td, file)
		d.removeName(td.Name, true)
	}
	sub := &submission{redeclared: map[string]bool{}}
	for _, s := range f.Stmts {
		switch s := s.(type) {
		case *lang.LocalDeclStmt:
			if s.IsConst {
				for _, dc := range s.Decls {
					d.addConst(s.Pos, s.Type, dc)
				}
				continue
			}
			for _, dc := range s.Decls {
				typ := s.Type
				if typ == nil {
					typ = inferType(dc.Init)
				}
				d.addVar(topVar{name: dc.Name, typ: typ})
				sub.redeclared[dc.Name] = true
				if keep {
					sub.body = append(sub.body, assignDecl(s, dc))
				}
			}
		case *lang.LocalFuncStmt:
			m := *s.Func
			m.Modifiers |= lang.ModStatic
			d.addMethod(&m)
		default:
			if keep {
				sub.body = append(sub.body, s)
			}
		}
	}
	return sub
}

// mayBeVoid reports whether x is a call or an await, which C# interactive
// prints nothing for when they return void. The compiler does not type
// void as an error in a value position, so a null result from one of these
// is taken as void.
func mayBeVoid(x lang.Expr) bool {
	switch x.(type) {
	case *lang.CallExpr, *lang.AwaitExpr:
		return true
	}
	return false
}

// assignDecl turns one declarator of a top-level declaration into an
// assignment to its static field (`int x;` assigns default(int), so that
// declaring again resets the variable as a new one would be).
func assignDecl(s *lang.LocalDeclStmt, dc *lang.Declarator) lang.Stmt {
	init := dc.Init
	if il, ok := init.(*lang.InitListExpr); ok && s.Type != nil && s.Type.ArrayRank > 0 {
		init = &lang.NewArrayExpr{Pos: il.Pos, Elem: s.Type.Elem, Rank: s.Type.ArrayRank, Init: il.Elems, HasInit: true}
	}
	if init == nil {
		init = &lang.DefaultExpr{Pos: dc.Pos, Type: s.Type}
	}
	return &lang.ExprStmt{Pos: dc.Pos, X: &lang.AssignExpr{Pos: dc.Pos, Op: "=",
		Left: &lang.Ident{Pos: dc.Pos, Name: dc.Name}, Right: init}}
}

// inferType gives a `var` variable the static type of its initializer when
// that is evident from the syntax; otherwise the field is dynamic, which
// the VM handles by looking members up at run time.
func inferType(x lang.Expr) *lang.TypeRef {
	switch x := x.(type) {
	case *lang.Literal:
		if x.Kind == lang.LitNull {
			return nil
		}
		return &lang.TypeRef{Pos: x.Pos, Name: x.Kind.String()}
	case *lang.InterpolatedString:
		return &lang.TypeRef{Pos: x.Pos, Name: "string"}
	case *lang.NewExpr:
		return x.Type
	case *lang.NewArrayExpr:
		if x.Elem == nil {
			return nil
		}
		return &lang.TypeRef{Pos: x.Pos, ArrayRank: max(x.Rank, 1), Elem: x.Elem}
	case *lang.CastExpr:
		return x.Type
	}
	return nil
}

// hasAwait reports whether statements await outside nested functions.
func hasAwait(stmts []lang.Stmt) bool {
	found := false
	for _, s := range stmts {
		lang.Inspect(s, func(n lang.Node) bool {
			switch n := n.(type) {
			case *lang.LambdaExpr, *lang.LocalFuncStmt:
				return false
			case *lang.AwaitExpr:
				found = true
			case *lang.ForeachStmt:
				if n.IsAwait {
					found = true
				}
			case *lang.UsingDeclStmt:
				found = found || strings.HasPrefix(strings.TrimSpace(lang.Print(n)), "await")
			}
			return !found
		})
	}
	return found
}

// endsWithoutSemicolon reports whether src, ignoring trailing blanks and
// comments, does not end with ';': its last expression statement's value
// is to be printed.
func endsWithoutSemicolon(src string) bool {
	s := strings.TrimSpace(stripComments(src))
	return s != "" && !strings.HasSuffix(s, ";")
}

// stripComments blanks out comments, leaving string and character literals
// alone.
func stripComments(src string) string {
	var b strings.Builder
	sc := newScanner(src)
	for sc.i < len(src) {
		start := sc.i
		kind := sc.step()
		if kind == tokComment {
			b.WriteByte(' ')
			continue
		}
		b.WriteString(src[start:sc.i])
	}
	return b.String()
}

// program assembles the files to compile: one per earlier input (its
// surviving types), and the current one with the host class.
func (d *decls) program(host string, files []*lang.File, cur int, sub *submission) []*lang.File {
	out := make([]*lang.File, len(files))
	for i, f := range files {
		nf := &lang.File{Pos: f.Pos, Name: f.Name, Usings: d.usings, Namespace: f.Namespace}
		out[i] = nf
	}
	for _, td := range d.types {
		out[d.owner[td]].Types = append(out[d.owner[td]].Types, td)
	}
	pos := lang.Pos{File: files[cur].Name, Line: 1, Col: 1}
	hostDecl := &lang.TypeDecl{Pos: pos, Kind: lang.KindClass, Name: host, Modifiers: lang.ModStatic | lang.ModPublic}
	for _, v := range d.vars {
		typ := v.typ
		if typ == nil {
			typ = &lang.TypeRef{Pos: pos, Name: "dynamic"}
		}
		hostDecl.Members = append(hostDecl.Members, &lang.FieldDecl{Pos: pos, Modifiers: lang.ModStatic | lang.ModPublic,
			Type: typ, Decls: []*lang.Declarator{{Pos: pos, Name: v.name}}})
	}
	for _, c := range d.consts {
		hostDecl.Members = append(hostDecl.Members, c)
	}
	for _, m := range d.methods {
		hostDecl.Members = append(hostDecl.Members, m)
	}
	if sub != nil {
		hostDecl.Members = append(hostDecl.Members, evalMethod(pos, sub))
	}
	out[cur].Types = append(out[cur].Types, hostDecl)
	return out
}

// evalMethod is the method a submission's statements run in: async when
// they await, returning the echoed value as object.
func evalMethod(pos lang.Pos, sub *submission) *lang.MethodDecl {
	body := sub.body
	if sub.echo && len(body) > 0 {
		last := body[len(body)-1].(*lang.ExprStmt)
		body = append(body[:len(body)-1:len(body)-1], &lang.ReturnStmt{Pos: last.Pos, X: last.X})
	}
	ret := &lang.TypeRef{Pos: pos, Name: "void"}
	if sub.echo {
		ret = &lang.TypeRef{Pos: pos, Name: "object"}
	}
	mods := lang.ModStatic | lang.ModPublic
	if sub.async {
		mods |= lang.ModAsync
		if sub.echo {
			ret = &lang.TypeRef{Pos: pos, Name: "Task", Args: []*lang.TypeRef{ret}}
		} else {
			ret = &lang.TypeRef{Pos: pos, Name: "Task"}
		}
	}
	return &lang.MethodDecl{Pos: pos, Modifiers: mods, ReturnType: ret, Name: evalName,
		Body: &lang.BlockStmt{Pos: pos, Stmts: body}}
}
