package lang

import (
	"reflect"
	"strconv"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Query expressions (C# §12.20) and anonymous object creation. A query is
// translated here, as it is converted, into the method calls, lambdas and
// anonymous objects of the specification's syntactic translation
// (§12.20.3): every later phase sees only ordinary expressions, and the
// binder resolves Select, Where, SelectMany, Join, GroupJoin, OrderBy,
// ThenBy, GroupBy and Cast like any call. The translated calls' member
// expressions name their clause (MemberExpr.Query) and their lambdas are
// marked (LambdaExpr.Query), so the binder words its errors as C# does for
// queries. Range variables beyond the first are carried by transparent
// identifiers: anonymous objects (AnonObjectExpr.Transparent) whose
// members the translation's lambdas read. Roslyn names them
// `<>h__TransparentIdentifier0`; here they are `__TransparentIdentifier0`,
// a name C# reserves for the implementation (two underscores) that still
// parses, so Print, which writes the translation, prints a query as method
// calls that parse back to the same tree.

// queryGuard is C#'s rule for a query expression: `from` followed by an
// identifier and `in`, or by a type, an identifier and `in`.
type queryGuard struct{}

func (*queryGuard) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	if !isWordTok(c.tok(), "from") {
		return participle.NextMatch
	}
	c.next()
	if isNameTok(c.tok()) && isWordTok(c.peek(1), "in") {
		return nil
	}
	if _, ok := c.skipType(); ok && isNameTok(c.tok()) && isWordTok(c.peek(1), "in") {
		return nil
	}
	return participle.NextMatch
}

type gQuery struct {
	From *gFrom      `parser:"@@"`
	Body *gQueryBody `parser:"@@"`
}

// gFrom is `from T? x in e`; it is also a query body clause.
type gFrom struct {
	Pos  lexer.Position
	Type *gType `parser:"'from' ( (?! Ident 'in' ) @@ )?"`
	Name *gName `parser:"@@ 'in'"`
	X    *gExpr `parser:"@@"`
}

type gQueryBody struct {
	Clauses []*gQueryClause `parser:"@@*"`
	End     *gSelectOrGroup `parser:"@@"`
	Into    *gQueryCont     `parser:"@@?"`
}

type gQueryClause struct {
	Pos     lexer.Position
	From    *gFrom       `parser:"  @@"`
	Let     *gLet        `parser:"| @@"`
	Where   *gExpr       `parser:"| 'where' @@"`
	Join    *gJoin       `parser:"| @@"`
	OrderBy []*gOrdering `parser:"| 'orderby' @@ ( ',' @@ )*"`
}

type gLet struct {
	Name *gName `parser:"'let' @@ '='"`
	X    *gExpr `parser:"@@"`
}

// gJoin is `join T? x in e on k1 equals k2 (into g)?`.
type gJoin struct {
	Type *gType `parser:"'join' ( (?! Ident 'in' ) @@ )?"`
	Name *gName `parser:"@@ 'in'"`
	In   *gExpr `parser:"@@"`
	On   *gExpr `parser:"'on' @@"`
	Eq   *gExpr `parser:"'equals' @@"`
	Into *gName `parser:"( 'into' @@ )?"`
}

type gOrdering struct {
	Pos lexer.Position
	X   *gExpr `parser:"@@"`
	Dir string `parser:"@( 'ascending' | 'descending' )?"`
}

type gSelectOrGroup struct {
	Pos    lexer.Position
	Select *gExpr         `parser:"  'select' @@"`
	Group  *gExpr         `parser:"| 'group' @@"`
	By     *gExpr         `parser:"  'by' @@"`
	Err    *queryEndError `parser:"| @@"`
}

type gQueryCont struct {
	Pos  lexer.Position
	Name *gName      `parser:"'into' @@"`
	Body *gQueryBody `parser:"@@"`
}

// queryEndError is C#'s CS0742 for a query body without its select or
// group clause.
type queryEndError struct{}

func (*queryEndError) Parse(lex *lexer.PeekingLexer) error {
	return fail(lex, "error CS0742: A query body must end with a select clause or a group clause")
}

// gAnonInit is the member list of `new { ... }`.
type gAnonInit struct {
	Pos     lexer.Position
	Members []*gAnonMember `parser:"'{' ( (?! '}' ) @@ ( ',' ( (?! '}' ) @@ )? )* )? '}'"`
}

type gAnonMember struct {
	Pos  lexer.Position
	Name string `parser:"( (?= Ident '=' ) @Ident '=' )?"`
	X    *gExpr `parser:"@@"`
}

func (st *parseState) anonObject(g *gAnonInit, pos Pos) Expr {
	n := &AnonObjectExpr{Pos: pos, Members: []*Arg{}}
	for _, m := range g.Members {
		a := &Arg{Pos: st.pos(m.Pos), Name: name(m.Name), X: st.expr(m.X)}
		if a.Name == "" {
			a.Name = ProjectedName(a.X)
		}
		n.Members = append(n.Members, a)
	}
	return n
}

// ProjectedName is the member name a projection initializer gives an
// anonymous type's member (§12.8.17.7): the identifier of a simple name or
// the member name of a member access, else "".
func ProjectedName(x Expr) string {
	switch x := x.(type) {
	case *Ident:
		if len(x.TypeArgs) == 0 {
			return x.Name
		}
	case *MemberExpr:
		if len(x.TypeArgs) == 0 && !x.NullCond {
			return x.Name
		}
	}
	return ""
}

// qscope is what a query clause's expressions see: the parameter of the
// lambda they are compiled into, and the range variables in scope, each
// reached from that parameter through a path of transparent identifier
// members (empty for the parameter itself).
type qscope struct {
	param string
	vars  map[string][]string
	at    Pos // where param is declared, when it is a range variable
}

func oneVar(name string, at Pos) *qscope {
	return &qscope{param: name, vars: map[string][]string{name: nil}, at: at}
}

// rangeName is a range variable's name and where it is declared.
func (st *parseState) rangeName(g *gName) (string, Pos) { return name(g.Name), st.pos(g.Pos) }

func (s *qscope) single() bool { return len(s.vars) == 1 && s.vars[s.param] == nil }

// query translates a query expression.
func (st *parseState) query(g *gQuery) Expr {
	pos := st.pos(g.From.Pos)
	src := st.expr(g.From.X)
	if g.From.Type != nil {
		src = st.queryCall(pos, "from", src, "Cast", []*TypeRef{st.typ(g.From.Type)})
	}
	return st.queryBody(src, oneVar(st.rangeName(g.From.Name)), g.Body)
}

func (st *parseState) queryBody(q Expr, s *qscope, body *gQueryBody) Expr {
	end := body.End
	endPos := st.pos(end.Pos)
	var v Expr // the select clause's expression, when a from or join consumed it
	for i, cl := range body.Clauses {
		pos := st.pos(cl.Pos)
		last := i == len(body.Clauses)-1 && end.Select != nil
		switch {
		case cl.From != nil:
			y, yat := st.rangeName(cl.From.Name)
			st.rangeVar(s, y, yat)
			inner := st.expr(cl.From.X)
			if cl.From.Type != nil {
				inner = st.queryCall(pos, "from", inner, "Cast", []*TypeRef{st.typ(cl.From.Type)})
			}
			if last {
				v = st.expr(end.Select)
				q = st.queryCall(pos, "from", q, "SelectMany", nil, st.queryLambda(pos, s, inner), st.queryLambda2(endPos, s, y, yat, v))
				break
			}
			anon, ns := st.transparent(pos, s, y, &Ident{Pos: yat, Name: y})
			q = st.queryCall(pos, "from", q, "SelectMany", nil, st.queryLambda(pos, s, inner), st.queryLambda2(pos, s, y, yat, anon))
			s = ns
		case cl.Let != nil:
			y, yat := st.rangeName(cl.Let.Name)
			st.rangeVar(s, y, yat)
			anon, ns := st.transparent(pos, s, y, st.expr(cl.Let.X))
			q = st.queryCall(pos, "let", q, "Select", nil, st.queryLambda(pos, s, anon))
			s = ns
		case cl.Where != nil:
			q = st.queryCall(pos, "where", q, "Where", nil, st.queryLambda(pos, s, st.expr(cl.Where)))
		case cl.Join != nil:
			j := cl.Join
			y, yat := st.rangeName(j.Name)
			st.rangeVar(s, y, yat)
			inner := st.expr(j.In)
			if j.Type != nil {
				inner = st.queryCall(pos, "join", inner, "Cast", []*TypeRef{st.typ(j.Type)})
			}
			outerKey := st.queryLambda(pos, s, st.expr(j.On))
			innerKey := st.queryLambda(pos, oneVar(y, yat), st.expr(j.Eq))
			method, second, secondAt := "Join", y, yat
			if j.Into != nil {
				method = "GroupJoin"
				second, secondAt = st.rangeName(j.Into)
				if second != y {
					st.rangeVar(s, second, secondAt)
				}
			}
			if last {
				v = st.expr(end.Select)
				q = st.queryCall(pos, "join", q, method, nil, inner, outerKey, innerKey, st.queryLambda2(endPos, s, second, secondAt, v))
				break
			}
			anon, ns := st.transparent(pos, s, second, &Ident{Pos: secondAt, Name: second})
			q = st.queryCall(pos, "join", q, method, nil, inner, outerKey, innerKey, st.queryLambda2(pos, s, second, secondAt, anon))
			s = ns
		case cl.OrderBy != nil:
			for k, o := range cl.OrderBy {
				method := "OrderBy"
				if k > 0 {
					method = "ThenBy"
				}
				if o.Dir == "descending" {
					method += "Descending"
				}
				opos := st.pos(o.Pos)
				q = st.queryCall(opos, "orderby", q, method, nil, st.queryLambda(opos, s, st.expr(o.X)))
			}
		}
	}
	switch {
	case v != nil:
	case end.Select != nil:
		sel := st.expr(end.Select)
		// The identity select is dropped after other clauses; a degenerate
		// query keeps it, so a query's result is never its source (§12.20.3.4).
		if id, ok := sel.(*Ident); !ok || len(body.Clauses) == 0 || !s.single() || id.Name != s.param || len(id.TypeArgs) > 0 {
			q = st.queryCall(endPos, "select", q, "Select", nil, st.queryLambda(endPos, s, sel))
		}
	case end.Group != nil:
		elem := st.expr(end.Group)
		key := st.queryLambda(endPos, s, st.expr(end.By))
		if id, ok := elem.(*Ident); ok && s.single() && id.Name == s.param && len(id.TypeArgs) == 0 {
			q = st.queryCall(endPos, "group", q, "GroupBy", nil, key)
		} else {
			q = st.queryCall(endPos, "group", q, "GroupBy", nil, key, st.queryLambda(endPos, s, elem))
		}
	}
	if c := body.Into; c != nil {
		return st.queryBody(q, oneVar(st.rangeName(c.Name)), c.Body)
	}
	return q
}

// rangeVar reports CS1930 when y is already a range variable in s.
func (st *parseState) rangeVar(s *qscope, y string, at Pos) {
	if _, dup := s.vars[y]; dup {
		st.report(at.offsetIn(st), "error CS1930: The range variable '"+y+"' has already been declared", false)
	}
}

// transparent builds the anonymous object that carries the range
// variables of s and y (valued yval) to the next clause, and the scope
// that clause sees through its transparent identifier.
func (st *parseState) transparent(pos Pos, s *qscope, y string, yval Expr) (Expr, *qscope) {
	ti := "__TransparentIdentifier" + strconv.Itoa(st.queryTI)
	st.queryTI++
	ns := &qscope{param: ti, vars: map[string][]string{}}
	var first *Arg
	if s.single() {
		first = &Arg{Pos: pos, Name: s.param, X: &Ident{Pos: pos, Name: s.param}}
		ns.vars[s.param] = []string{s.param}
	} else {
		first = &Arg{Pos: pos, Name: s.param, X: &Ident{Pos: pos, Name: s.param}}
		for v, path := range s.vars {
			ns.vars[v] = append([]string{s.param}, path...)
		}
	}
	ns.vars[y] = []string{y}
	anon := &AnonObjectExpr{Pos: pos, Transparent: true, Members: []*Arg{first, {Pos: pos, Name: y, X: yval}}}
	return anon, ns
}

func (st *parseState) queryCall(pos Pos, clause string, recv Expr, method string, typeArgs []*TypeRef, args ...Expr) Expr {
	call := &CallExpr{Pos: pos, Fun: &MemberExpr{Pos: pos, X: recv, Name: method, TypeArgs: typeArgs, Query: clause}}
	for _, a := range args {
		call.Args = append(call.Args, &Arg{Pos: a.Position(), X: a})
	}
	return call
}

// queryLambda is `p => body` over the range variables of s.
func (st *parseState) queryLambda(pos Pos, s *qscope, body Expr) *LambdaExpr {
	return &LambdaExpr{Pos: pos, Query: true, Params: []*Param{s.paramDecl(pos)}, ExprBody: rangeRefs(body, s)}
}

// queryLambda2 is `(p, y) => body`, a result selector over s and y.
func (st *parseState) queryLambda2(pos Pos, s *qscope, y string, yat Pos, body Expr) *LambdaExpr {
	return &LambdaExpr{Pos: pos, Query: true, Params: []*Param{s.paramDecl(pos), {Pos: yat, Name: y}}, ExprBody: rangeRefs(body, s)}
}

// paramDecl is the parameter of a lambda over s, positioned at the range
// variable it is, else at pos.
func (s *qscope) paramDecl(pos Pos) *Param {
	if s.at.IsValid() {
		pos = s.at
	}
	return &Param{Pos: pos, Name: s.param}
}

var exprType = reflect.TypeOf((*Expr)(nil)).Elem()

// rangeRefs rewrites, in place, each simple name in x that is a range
// variable of s reached through a transparent identifier into the member
// access that reads it; a nested lambda whose parameter has the name
// hides it.
func rangeRefs(x Expr, s *qscope) Expr {
	if s.single() {
		return x
	}
	if r := rangeRef(x, s); r != nil {
		return r
	}
	rangeRefsIn(reflect.ValueOf(x), s)
	return x
}

func rangeRef(x Expr, s *qscope) Expr {
	id, ok := x.(*Ident)
	if !ok || len(id.TypeArgs) > 0 {
		return nil
	}
	path := s.vars[id.Name]
	if path == nil {
		return nil
	}
	var r Expr = &Ident{Pos: id.Pos, Name: s.param}
	for _, m := range path {
		r = &MemberExpr{Pos: id.Pos, X: r, Name: m}
	}
	return r
}

func rangeRefsIn(v reflect.Value, s *qscope) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if l, ok := v.Interface().(*LambdaExpr); ok {
			for _, p := range l.Params {
				if _, hides := s.vars[p.Name]; hides {
					return
				}
			}
		}
		if _, ok := v.Interface().(*TypeRef); ok {
			return
		}
		rangeRefsIn(v.Elem(), s)
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Type() == exprType {
			if r := rangeRef(v.Interface().(Expr), s); r != nil {
				if v.CanSet() {
					v.Set(reflect.ValueOf(r))
				}
				return
			}
		}
		rangeRefsIn(v.Elem(), s)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			rangeRefsIn(v.Index(i), s)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				rangeRefsIn(f, s)
			}
		}
	}
}
