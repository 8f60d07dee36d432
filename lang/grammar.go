package lang

import "github.com/alecthomas/participle/v2/lexer"

// The grammar. Each struct is one production; its `parser` tags are the
// syntax, read top to bottom, and docs/grammar.ebnf is generated from them.
// Every choice is decided by its first token or by a lookahead group (?= )
// that states C#'s own rule; a name ending in Head is such a predicate, a
// name ending in Guard is a predicate written in Go because it scans a
// balanced or unbounded stretch of tokens, and a name starting with Unsup or
// ending in Error is an error alternative that reports a C# construct the
// language does not have, or the expectation, at the offending token.
// Items of lists (XxxItem) parse one element with a sub-parser and recover
// from a syntax error by skipping to the next ';' or balanced '}'.

// gRoots makes every production a sub-parser starts from reachable from one
// root, so a single Build covers the whole grammar. It is never parsed.
type gRoots struct {
	File   *gFile   `parser:"  @@"`
	Stmts  *gStmts  `parser:"| @@"`
	Top    *gTop    `parser:"| @@"`
	NsTop  *gNsTop  `parser:"| @@"`
	Member *gMember `parser:"| @@"`
	Stmt   *gStmt   `parser:"| @@"`
	Expr   *gExpr   `parser:"| @@"`
	Type   *gType   `parser:"| @@"`
}

// ---- compilation unit ----

type gFile struct {
	Items []*topItem `parser:"@@*"`
}

// gStmts is ParseStatements' input: statements as inside a block.
type gStmts struct {
	Items []*topStmtItem `parser:"@@*"`
}

// gTop is one item at file level or in a file-scoped namespace.
type gTop struct {
	Pos       lexer.Position
	Global    bool         `parser:"( (?= 'global' 'using' ) @'global' )?"`
	UsingHead *gUsingHead  `parser:"( (?= @@)"`
	Using     *gUsing      `parser:"  @@"`
	Namespace *gNamespace  `parser:"| @@"`
	Assembly  []*gAttrList `parser:"| (?= '[' ( 'assembly' | 'module' ) ':' ) @@+"`
	TypeHead  *gTypeHead   `parser:"| (?= @@)"`
	Type      *gTypeDecl   `parser:"  @@"`
	Stmt      *gStmt       `parser:"| @@ )"`
}

// gNsTop is one item in a braced namespace, where statements are not allowed.
type gNsTop struct {
	Pos       lexer.Position
	Global    bool           `parser:"( (?= 'global' 'using' ) @'global' )?"`
	UsingHead *gUsingHead    `parser:"( (?= @@)"`
	Using     *gUsing        `parser:"  @@"`
	Namespace *gNamespace    `parser:"| @@"`
	Assembly  []*gAttrList   `parser:"| (?= '[' ( 'assembly' | 'module' ) ':' ) @@+"`
	TypeHead  *gTypeHead     `parser:"| (?= @@)"`
	Type      *gTypeDecl     `parser:"  @@"`
	Err       *typeDeclError `parser:"| @@ )"`
}

// gUsingHead is C#'s using directive: `using static`, `using Alias =`, or
// `using` a dotted name and ';' (anything else is a using statement).
type gUsingHead struct {
	X bool `parser:"'using' ( 'static' | Ident ( '=' | ( ( '.' | '::' ) Ident )* ';' ) )"`
}

// gUsing is a using directive; an alias's target is any type (C# 12):
// `using Day = System.DayOfWeek;`, `using Point = (int X, int Y);`.
type gUsing struct {
	Pos    lexer.Position
	Static bool     `parser:"'using' @'static'?"`
	Name   *gDotted `parser:"@@"`
	Target *gType   `parser:"( '=' @@ )? ';'"`
}

type gDotted struct {
	Pos    lexer.Position
	Global bool     `parser:"( (?= 'global' '::') @'global' '::' )?"`
	Parts  []string `parser:"@Ident ( '.' @Ident )*"`
}

type gNamespace struct {
	Pos    lexer.Position
	Name   *gDotted   `parser:"'namespace' @@"`
	Semi   bool       `parser:"( @';'"`
	Flat   []*topItem `parser:"  @@*"`
	Braced []*nsItem  `parser:"| '{' @@* '}' )"`
}

// ---- attributes and declarations ----

type gAttrList struct {
	Target bool     `parser:"'[' ( (?= ( Ident | Keyword ) ':' ) @( Ident | Keyword ) ':' )?"`
	Attrs  []*gAttr `parser:"@@ ( ',' @@? )* ']'"`
}

type gAttr struct {
	Pos  lexer.Position
	Name *gDotted    `parser:"@@"`
	Args []*gAttrArg `parser:"( '(' ( (?! ')' ) @@ ( ',' @@ )* )? ')' )?"`
}

type gAttrArg struct {
	Pos  lexer.Position
	Name string `parser:"( (?= Ident '=' ) @Ident '=' )?"`
	Arg  *gArg  `parser:"@@"`
}

// gTypeHead is C#'s test for a type declaration: attributes and modifiers
// followed by a type keyword.
type gTypeHead struct {
	Attrs []*gAttrList `parser:"@@*"`
	Mods  []string     `parser:"@( 'public' | 'private' | 'protected' | 'internal' | 'static' | 'sealed' | 'abstract' | 'partial' | 'readonly' | 'const' | 'async' | 'virtual' | 'override' | 'new' | 'extern' | 'volatile' | 'required' | 'unsafe' | 'file' | 'ref' )*"`
	Kind  string       `parser:"@( 'class' | 'interface' | 'enum' | 'struct' | 'delegate' | 'record' ( Ident | 'class' | 'struct' ) )"`
}

type gTypeDecl struct {
	Pos   lexer.Position
	Attrs []*gAttrList `parser:"@@*"`
	Mods  *modifiers   `parser:"@@"`
	Tail  *gTypeTail   `parser:"@@"`
}

// gTypeTail is a type declaration from its keyword on.
type gTypeTail struct {
	Pos      lexer.Position
	Class    *gClassDecl    `parser:"  @@"`
	Delegate *gDelegateDecl `parser:"| @@"`
	Enum     *gEnumDecl     `parser:"| @@"`
	Err      *typeKindError `parser:"| @@"`
}

// gDelegateDecl is a delegate type: its Invoke signature after 'delegate'.
type gDelegateDecl struct {
	Ret        *gType          `parser:"'delegate' @@"`
	Name       *gName          `parser:"@@"`
	TypeParams []*gTypeParam   `parser:"( '<' @@ ( ',' @@ )* '>' )?"`
	Params     *gParams        `parser:"@@"`
	Where      []*gConstraints `parser:"@@* ';'"`
}

type gClassDecl struct {
	Record     *gRecordKw      `parser:"( @@"`
	Kind       string          `parser:"| @( 'class' | 'interface' | 'struct' ) )"`
	Name       string          `parser:"@Ident"`
	TypeParams []*gTypeParam   `parser:"( '<' @@ ( ',' @@ )* '>' )?"`
	Primary    *gParams        `parser:"@@?"`
	Bases      []*gBase        `parser:"( ':' @@ ( ',' @@ )* )?"`
	Where      []*gConstraints `parser:"@@*"`
	Semi       bool            `parser:"( @';'"`
	Open       bool            `parser:"| @'{'"`
	Members    []*memberItem   `parser:"  @@*"`
	Close      lexer.Position  `parser:"  '}' ';'? )"`
}

// gRecordKw is `record`, `record class` or `record struct`.
type gRecordKw struct {
	Class  bool `parser:"'record' ( @'class'"`
	Struct bool `parser:"         | @'struct' )?"`
}

type gEnumDecl struct {
	Name    string         `parser:"'enum' @Ident"`
	Bases   []*gBase       `parser:"( ':' @@ ( ',' @@ )* )?"`
	Members []*gEnumMember `parser:"'{' ( @@ ( ',' @@? )* )? '}' ';'?"`
}

type gEnumMember struct {
	Attrs []*gAttrList `parser:"@@*"`
	Pos   lexer.Position
	Name  *gName `parser:"@@"`
	Value *gExpr `parser:"( '=' @@ )?"`
}

type gName struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type gBase struct {
	Type *gType `parser:"@@"`
	Args *gArgs `parser:"@@?"`
}

type gTypeParam struct {
	Attrs []*gAttrList `parser:"@@*"`
	Var   string       `parser:"@( 'in' | 'out' )?"`
	Name  string       `parser:"@Ident"`
}

// gConstraints is `where T : ...`.
type gConstraints struct {
	Name  string         `parser:"(?= 'where' Ident ':' ) 'where' @Ident ':'"`
	Items []*gConstraint `parser:"@@ ( ',' @@ )*"`
}

type gConstraint struct {
	// Allows is the anti-constraint `allows ref struct` (C# 13), which
	// admits ref struct type arguments.
	Allows bool   `parser:"  @'allows' 'ref' 'struct'"`
	New    bool   `parser:"| @'new' '(' ')'"`
	Kind   string `parser:"| @( 'class' | 'struct' | 'notnull' | 'unmanaged' | 'default' ) '?'?"`
	Type   *gType `parser:"| @@"`
}

type gParams struct {
	Params []*gParam `parser:"'(' ( (?! ')' ) @@ ( ',' @@ )* )? ')'"`
}

type gParam struct {
	Attrs []*gAttrList `parser:"@@*"`
	Rest  *gParamRest  `parser:"@@"`
}

// gParamRest is a parameter after its attributes. Its Mod is "refreadonly"
// for `ref readonly` (the captured tokens concatenated).
type gParamRest struct {
	Pos     lexer.Position
	This    bool            `parser:"@'this'?"`
	Mod     string          `parser:"( @'ref' @'readonly'? | @'out' | @'in' | @'params' | (?= 'scoped' ( Ident | 'ref' ) ) 'scoped' )?"`
	RefThis bool            `parser:"@'this'?"` // `ref this`, `in this`
	Type    *gType          `parser:"( @@"`
	TypeErr *paramTypeError `parser:"| @@ )"`
	Name    string          `parser:"@Ident"`
	Default *gExpr          `parser:"( '=' @@ )?"`
}

// ---- members ----

type gMember struct {
	Attrs []*gAttrList `parser:"@@*"`
	Rest  *gMemberRest `parser:"@@"`
}

type gMemberRest struct {
	Pos     lexer.Position
	Mods    *modifiers        `parser:"@@"`
	Ext     *gExtension       `parser:"( (?= 'extension' ( '(' | '<' ) ) @@"`
	Nested  *gTypeTail        `parser:"| (?= 'class' | 'interface' | 'enum' | 'struct' | 'delegate' | 'record' ( Ident | 'class' | 'struct' ) ) @@"`
	Conv    *gConvOperator    `parser:"| (?= ( 'implicit' | 'explicit' ) 'operator' ) @@"`
	Dtor    *gFinalizer       `parser:"| (?= '~' Ident '(' ) @@"`
	Unsup   *unsupMember      `parser:"| @@"`
	Event   *gEvent           `parser:"| @@"`
	Const   bool              `parser:"| @'const'?"`
	Ctor    *gCtor            `parser:"  ( (?= Ident '(' ) @@"`
	Ref     *gRefKind         `parser:"  | @@?"`
	Type    *gType            `parser:"    @@"`
	Indexer *gIndexer         `parser:"    ( (?= 'this' '[' ) @@"`
	Op      *gOperator        `parser:"    | (?= 'operator' ) @@"`
	ExplG   *explicitGuard    `parser:"    | (?= @@)"`
	Expl    *gType            `parser:"      @@"`
	EMethod *gMethodTail      `parser:"      ( @@"`
	EProp   *gPropertyTail    `parser:"      | @@ )"`
	Name    *gName            `parser:"    | @@"`
	Method  *gMethodTail      `parser:"      ( @@"`
	Prop    *gPropertyTail    `parser:"      | @@"`
	Field   *gFieldTail       `parser:"      | @@ )"`
	NameErr *memberNameError2 `parser:"    | @@ )"`
	TypeErr *memberTypeError  `parser:"  | @@ ) )"`
}

// gExtension is a C# 14 extension block: a receiver parameter, optional
// type parameters and constraints, and the members it extends its receiver
// type with: `extension<T>(List<T> list) where T : IComparable<T> { ... }`.
type gExtension struct {
	Pos        lexer.Position
	TypeParams []*gTypeParam   `parser:"'extension' ( '<' @@ ( ',' @@ )* '>' )?"`
	Receiver   *gReceiverParam `parser:"'(' @@ ')'"`
	Where      []*gConstraints `parser:"@@*"`
	Members    []*memberItem   `parser:"'{' @@* '}'"`
}

// gReceiverParam is an extension block's receiver parameter, whose name
// may be left out when the block declares only static members.
type gReceiverParam struct {
	Attrs   []*gAttrList `parser:"@@*"`
	Pos     lexer.Position
	Mod     string `parser:"( @'ref' 'readonly'? | @'in' | (?= 'scoped' ( Ident | 'ref' ) ) 'scoped' )?"`
	Type    *gType `parser:"@@"`
	Name    string `parser:"@Ident?"`
	Default *gExpr `parser:"( '=' @@ )?"`
}

// gEvent is an event: field-like (declarators, optional initializers) or
// with add and remove accessors, or an explicit interface implementation
// (`event EventHandler IShape.OnDraw { add ... remove ... }`), whose
// dotted name Expl ends with the event's name.
type gEvent struct {
	Type      *gType            `parser:"'event' @@"`
	Expl      *gType            `parser:"( (?= Ident ( '.' | '<' ) ) @@"`
	ExplAccs  []*gEventAccessor `parser:"  '{' ( (?! '}' ) @@ )* '}'"`
	Name      *gName            `parser:"| @@"`
	Accessors []*gEventAccessor `parser:"  ( '{' ( (?! '}' ) @@ )* '}'"`
	Init      *gVarInit         `parser:"  | ( '=' @@ )?"`
	More      []*gDeclarator    `parser:"    ( ',' @@ )* ';' ) )"`
}

type gEventAccessor struct {
	Pos   lexer.Position
	Attrs []*gAttrList        `parser:"@@*"`
	Kind  string              `parser:"( @( 'add' | 'remove' )"`
	Err   *eventAccessorError `parser:"| @@ )"`
	Body  *gBody              `parser:"@@"`
}

type gCtor struct {
	Pos    lexer.Position
	Name   string     `parser:"@Ident"`
	Params *gParams   `parser:"@@"`
	Init   *gCtorInit `parser:"( ':' @@ )?"`
	Body   *gBody     `parser:"@@"`
}

// gFinalizer is a finalizer (C#'s destructor): `~Name() { ... }`.
type gFinalizer struct {
	Pos    lexer.Position
	Name   string   `parser:"'~' @Ident"`
	Params *gParams `parser:"@@"`
	Body   *gBody   `parser:"@@"`
}

type gCtorInit struct {
	Pos  lexer.Position
	Kind string `parser:"@( 'base' | 'this' )"`
	Args *gArgs `parser:"@@"`
}

type gMethodTail struct {
	TypeParams []*gTypeParam   `parser:"( '<' @@ ( ',' @@ )* '>' )?"`
	Params     *gParams        `parser:"@@"`
	Where      []*gConstraints `parser:"@@*"`
	Body       *gBody          `parser:"@@"`
}

// gOperator is an operator declaration after its return type:
// `operator +(Money a, Money b) => ...`. `>>` and `>>>` arrive as adjacent
// '>' tokens.
type gOperator struct {
	Pos     lexer.Position
	Checked bool     `parser:"'operator' @'checked'?"`
	Op      string   `parser:"( @( '+=' | '-=' | '*=' | '/=' | '%=' | '&=' | '|=' | '^=' | '<<=' | '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '!' | '~' | '++' | '--' | '==' | '!=' | '<=' | '>=' | '<<' | '<' | 'true' | 'false' ) | @'>' ( @'>' ( @'>' @'>='? | @'>=' )? | @'>=' )? )"`
	Params  *gParams `parser:"@@"`
	Body    *gBody   `parser:"@@"`
}

// gConvOperator is a user-defined conversion:
// `implicit operator Celsius(double d) => new(d)`.
type gConvOperator struct {
	Pos     lexer.Position
	Kind    string `parser:"@( 'implicit' | 'explicit' ) 'operator'"`
	Checked bool   `parser:"@'checked'?"`
	Type    *gType `parser:"@@"`
	// Nullable is the `?` of `operator G?(...)`, which the type's own
	// nullable marker leaves before a '('.
	Nullable bool     `parser:"@'?'?"`
	Params   *gParams `parser:"@@"`
	Body     *gBody   `parser:"@@"`
}

// gIndexer is an indexer declaration after its type: `this[int i] { get ... }`.
type gIndexer struct {
	Pos    lexer.Position
	Params []*gParam      `parser:"'this' '[' @@ ( ',' @@ )* ']'"`
	Body   *gPropertyTail `parser:"@@"`
}

type gPropertyTail struct {
	Arrow     *gExpr       `parser:"  '=>' @@ ';'"`
	Accessors []*gAccessor `parser:"| '{' ( (?! '}' ) @@ )* '}'"`
	Init      *gExpr       `parser:"  ( '=' @@ ';' )?"`
}

type gAccessor struct {
	Pos   lexer.Position
	Attrs []*gAttrList   `parser:"@@*"`
	Mods  *modifiers     `parser:"@@"`
	Kind  string         `parser:"( @( 'get' | 'set' | 'init' )"`
	Err   *accessorError `parser:"| @@ )"`
	Body  *gBody         `parser:"@@"`
}

type gFieldTail struct {
	Unsup *unsupAfterName `parser:"@@?"`
	Init  *gVarInit       `parser:"( '=' @@ )?"`
	More  []*gDeclarator  `parser:"( ',' @@ )* ';'"`
}

// gBody is a method body: a block, `=> expr;`, or ';' where allowed.
type gBody struct {
	Block *gBlock    `parser:"  @@"`
	Arrow *gExpr     `parser:"| '=>' @@ ';'"`
	Semi  bool       `parser:"| @';'"`
	Err   *bodyError `parser:"| @@"`
}

type gDeclarator struct {
	Pos  lexer.Position
	Name string    `parser:"@Ident"`
	Init *gVarInit `parser:"( '=' @@ )?"`
}

// gVarInit is a variable initializer: an array initializer or an expression.
type gVarInit struct {
	List *gInitList `parser:"  @@"`
	Expr *gExpr     `parser:"| @@"`
}

type gInitList struct {
	Pos   lexer.Position
	Elems []*gVarInit `parser:"'{' ( (?! '}' ) @@ ( ',' ( (?! '}' ) @@ )? )* )? '}'"`
}

// ---- statements ----

type gBlock struct {
	Pos   lexer.Position
	Items []*stmtItem `parser:"'{' @@*"`
	Close *gClose     `parser:"@@"`
}

type gStmt struct {
	Pos       lexer.Position
	Unsup     *unsupStmt      `parser:"  @@"`
	Block     *gBlock         `parser:"| @@"`
	Empty     bool            `parser:"| @';'"`
	If        *gIf            `parser:"| @@"`
	While     *gWhile         `parser:"| @@"`
	Do        *gDo            `parser:"| @@"`
	For       *gFor           `parser:"| @@"`
	Foreach   *gForeach       `parser:"| @@"`
	Await     *gForeach       `parser:"| (?= 'await' 'foreach' ) 'await' @@"`
	Switch    *gSwitch        `parser:"| @@"`
	Break     bool            `parser:"| @'break' ';'"`
	Continue  bool            `parser:"| @'continue' ';'"`
	Return    *gReturn        `parser:"| @@"`
	Goto      *gGoto          `parser:"| @@"`
	Throw     *gThrow         `parser:"| @@"`
	Yield     *gYield         `parser:"| (?= 'yield' ( 'return' | 'break' ) ) @@"`
	Try       *gTry           `parser:"| @@"`
	Using     *gUsingStmt     `parser:"| @@"`
	AwaitUse  *gUsingStmt     `parser:"| (?= 'await' 'using' ) 'await' @@"`
	Lock      *gLock          `parser:"| @@"`
	Checked   *gCheckedStmt   `parser:"| (?= ( 'checked' | 'unchecked' ) '{' ) @@"`
	Const     *gLocalDecl     `parser:"| 'const' @@ ';'"`
	Decon     *gDeconstruct   `parser:"| (?= 'var' '(' ) @@ ';'"`
	FuncGuard *localFuncGuard `parser:"| (?= @@)"`
	Func      *gLocalFunc     `parser:"  @@"`
	Label     *gLabeled       `parser:"| (?= Ident ':' ) @@"`
	DeclGuard *localDeclGuard `parser:"| (?= @@)"`
	Decl      *gLocalDecl     `parser:"  @@ ';'"`
	Expr      *gExprStmt      `parser:"| @@"`
}

type gIf struct {
	Cond *gExpr `parser:"'if' '(' @@ ')'"`
	Then *gStmt `parser:"@@"`
	Else *gStmt `parser:"( 'else' @@ )?"`
}

type gWhile struct {
	Cond *gExpr `parser:"'while' '(' @@ ')'"`
	Body *gStmt `parser:"@@"`
}

type gDo struct {
	Body *gStmt `parser:"'do' @@"`
	Cond *gExpr `parser:"'while' '(' @@ ')' ';'"`
}

type gFor struct {
	DeclGuard *forDeclGuard `parser:"'for' '(' ( (?= @@)"`
	Decl      *gLocalDecl   `parser:"  @@"`
	Init      []*gExpr      `parser:"| (?! ';' ) @@ ( ',' @@ )* )? ';'"`
	Cond      *gExpr        `parser:"( (?! ';' ) @@ )? ';'"`
	Post      []*gExpr      `parser:"( (?! ')' ) @@ ( ',' @@ )* )? ')'"`
	Body      *gStmt        `parser:"@@"`
}

type gForeach struct {
	Desig      *gDesignation      `parser:"'foreach' '(' ( (?= 'var' '(' ) 'var' @@"`
	TupleGuard *foreachTupleGuard `parser:"| (?= @@)"`
	Tuple      *gParen            `parser:"  @@"`
	Ref        *gRefKind          `parser:"| @@?"`
	Var        bool               `parser:"  ( (?= 'var' Ident ) @'var'"`
	Type       *gType             `parser:"  | @@ )"`
	Name       string             `parser:"  @Ident ) 'in'"`
	X          *gExpr             `parser:"@@ ')'"`
	Body       *gStmt             `parser:"@@"`
}

// gDeconstruct is `var (a, (b, _)) = X` (without the ';').
type gDeconstruct struct {
	Pos   lexer.Position
	Desig *gDesignation `parser:"'var' @@"`
	X     *gExpr        `parser:"'=' @@"`
}

// gDesignation is the parenthesized designation after `var`: names,
// discards and nested designations.
type gDesignation struct {
	Pos   lexer.Position
	Items []*gDesigItem `parser:"'(' @@ ( ',' @@ )* ')'"`
}

type gDesigItem struct {
	Pos    lexer.Position
	Nested *gDesignation `parser:"  @@"`
	Name   string        `parser:"| @Ident"`
}

type gSwitch struct {
	X        *gExpr            `parser:"'switch' '(' @@ ')' '{'"`
	Sections []*gSwitchSection `parser:"@@* '}'"`
}

type gSwitchSection struct {
	Pos    lexer.Position
	Labels []*gCaseLabel  `parser:"@@+"`
	Body   []*sectionItem `parser:"@@*"`
}

type gCaseLabel struct {
	Pos     lexer.Position
	Default bool      `parser:"( @'default' (?= ':' )"`
	Pattern *gPattern `parser:"| 'case' @@"`
	When    *gExpr    `parser:"  ( 'when' @@ )? ) ':'"`
}

type gReturn struct {
	X *gExpr `parser:"'return' ( (?! ';' ) @@ )? ';'"`
}

type gYield struct {
	Break bool   `parser:"'yield' ( @'break'"`
	X     *gExpr `parser:"| 'return' @@ ) ';'"`
}

type gThrow struct {
	X *gExpr `parser:"'throw' ( (?! ';' ) @@ )? ';'"`
}

type gGoto struct {
	Case    *gExpr `parser:"'goto' ( 'case' @@"`
	Default bool   `parser:"| @'default'"`
	Label   *gName `parser:"| @@ ) ';'"`
}

type gTry struct {
	Body     *gBlock   `parser:"'try' @@"`
	Catches  []*gCatch `parser:"( @@+"`
	Finally  *gBlock   `parser:"  ( 'finally' @@ )?"`
	Finally2 *gBlock   `parser:"| 'finally' @@"`
	Err      *tryError `parser:"| @@ )"`
}

type gCatch struct {
	Pos    lexer.Position
	Type   *gType  `parser:"'catch' ( '(' @@"`
	Name   string  `parser:"@Ident? ')' )?"`
	Filter *gExpr  `parser:"( 'when' '(' @@ ')' )?"`
	Body   *gBlock `parser:"@@"`
}

type gUsingStmt struct {
	DeclGuard *forDeclGuard `parser:"'using' ( '(' ( (?= @@)"`
	Decl      *gLocalDecl   `parser:"  @@"`
	X         *gExpr        `parser:"| @@ ) ')'"`
	Body      *gStmt        `parser:"  @@"`
	Local     *gLocalDecl   `parser:"| @@ ';' )"`
}

type gLock struct {
	X    *gExpr `parser:"'lock' '(' @@ ')'"`
	Body *gStmt `parser:"@@"`
}

// gCheckedStmt is `checked { ... }` or `unchecked { ... }`.
type gCheckedStmt struct {
	Keyword string  `parser:"@( 'checked' | 'unchecked' )"`
	Body    *gBlock `parser:"@@"`
}

type gLabeled struct {
	Label string      `parser:"@Ident ':'"`
	Err   *labelError `parser:"@@?"`
	Stmt  *gStmt      `parser:"@@"`
}

// gRefKind is the `ref` or `ref readonly` before the type of a ref local,
// a ref-returning member or a ref foreach variable.
type gRefKind struct {
	Ref      bool `parser:"@'ref'"`
	Readonly bool `parser:"@'readonly'?"`
}

func (r *gRefKind) kind() string {
	switch {
	case r == nil:
		return ""
	case r.Readonly:
		return "ref readonly"
	}
	return "ref"
}

// gLocalDecl is `T a = 1, b` or `var a = 1` (without the ';').
type gLocalDecl struct {
	Pos   lexer.Position
	Ref   *gRefKind      `parser:"@@?"`
	Var   bool           `parser:"( (?= 'var' Ident ) @'var'"`
	Type  *gType         `parser:"| @@ )"`
	Decls []*gDeclarator `parser:"@@ ( ',' @@ )*"`
}

type gLocalFunc struct {
	Pos        lexer.Position
	Attrs      []*gAttrList    `parser:"@@*"`
	Mods       *modifiers      `parser:"@@"`
	Ref        *gRefKind       `parser:"@@?"`
	Type       *gType          `parser:"@@"`
	Name       string          `parser:"@Ident"`
	TypeParams []*gTypeParam   `parser:"( '<' @@ ( ',' @@ )* '>' )?"`
	Params     *gParams        `parser:"@@"`
	Where      []*gConstraints `parser:"@@*"`
	Body       *gBody          `parser:"@@"`
}

// gExprStmt is an expression statement; a REPL chunk's last one may omit ';'.
type gExprStmt struct {
	X *gExpr `parser:"@@ ( ';' | ScriptEnd )"`
}

// ---- expressions ----

type gExpr struct {
	Pos         lexer.Position
	LambdaGuard *lambdaGuard `parser:"  (?= @@)"`
	Lambda      *gLambda     `parser:"  @@"`
	QueryGuard  *queryGuard  `parser:"| (?= @@)"`
	Query       *gQuery      `parser:"  @@"`
	Throw       *gExpr       `parser:"| 'throw' @@"`
	Ref         *gExpr       `parser:"| 'ref' @@"`
	Cond        *gCond       `parser:"| @@"`
	Op          *assignOp    `parser:"  ( @@"`
	Right       *gVarInit    `parser:"  @@ )?"`
}

type gCond struct {
	X    *gBinary   `parser:"@@"`
	Tail *gCondTail `parser:"@@?"`
}

type gCondTail struct {
	Pos  lexer.Position
	Then *gExpr `parser:"'?' @@"`
	Else *gExpr `parser:"':' @@"`
}

// gBinary is a flat list of operands and binary operators; the conversion
// to the AST applies C#'s precedence and associativity.
type gBinary struct {
	X    *gSwitchLevel `parser:"@@"`
	Tail []*gBinTail   `parser:"@@*"`
}

type gBinTail struct {
	Pos   lexer.Position
	Is    *gPattern     `parser:"  'is' @@"`
	As    *gType        `parser:"| 'as' @@"`
	Op    *binaryOp     `parser:"| @@"`
	Throw *gThrowExpr   `parser:"  ( @@"`
	Y     *gSwitchLevel `parser:"  | @@ )"`
}

// gShift is an expression of shift and tighter operators (a constant or
// relational pattern's operand).
type gThrowExpr struct {
	Pos lexer.Position
	X   *gExpr `parser:"'throw' @@"`
}

type gShift struct {
	X    *gSwitchLevel `parser:"@@"`
	Tail []*gShiftTail `parser:"@@*"`
}

type gShiftTail struct {
	Pos lexer.Position
	Op  *shiftOp      `parser:"@@"`
	Y   *gSwitchLevel `parser:"@@"`
}

type gSwitchLevel struct {
	X    *gRange        `parser:"@@"`
	Arms []*gSwitchExpr `parser:"@@*"`
}

// gSwitchExpr is a switch expression's arms or a with expression's
// member initializers after the operand.
type gSwitchExpr struct {
	Pos  lexer.Position
	Arms []*gSwitchArm `parser:"  (?= 'switch' '{' ) 'switch' '{' ( (?! '}' ) @@ ( ',' ( (?! '}' ) @@ )? )* )? '}'"`
	With *gWithInit    `parser:"| (?= 'with' '{' ) 'with' @@"`
}

// gWithInit is the `{ A = 1, B = x }` of a with expression.
type gWithInit struct {
	Members []*gWithMember `parser:"'{' ( (?! '}' ) @@ ( ',' ( (?! '}' ) @@ )? )* )? '}'"`
}

type gWithMember struct {
	Pos   lexer.Position
	Name  string `parser:"@Ident '='"`
	Value *gExpr `parser:"@@"`
}

// gSwitchArm is one arm of a switch expression. Its when clause is an
// expression without assignment or lambda at the top, as in Roslyn, so that
// `> 0 when ok => "yes"` reads `ok` as the condition and not as a lambda's
// parameter.
type gSwitchArm struct {
	Pos     lexer.Position
	Pattern *gPattern `parser:"@@"`
	When    *gCond    `parser:"( 'when' @@ )?"`
	Value   *gExpr    `parser:"'=>' @@"`
}

// gRange is C#'s range_expression: `a..b`, `a..`, `..b`, `..`, or just a
// unary expression. Either operand of '..' may be left out (the left one
// only when '..' comes first, so that a missing operand elsewhere is still
// "expected an expression"); the right one is absent when a token that
// cannot begin an expression follows.
type gRange struct {
	Pos  lexer.Position
	Lead *gRangeTail `parser:"( @@"`
	X    *gUnary     `parser:"| @@"`
	Tail *gRangeTail `parser:"  @@? )"`
}

type gRangeTail struct {
	Pos lexer.Position
	Y   *gUnary `parser:"'..' ( (?! ')' | ']' | ',' | ';' | '}' | ':' | '=>' | '?' | '??' | '==' | '!=' | 'is' | 'as' | 'switch' | 'when' | 'and' | 'or' | EOF | ScriptEnd ) @@ )?"`
}

type gUnary struct {
	Pos       lexer.Position
	Op        string      `parser:"  @( '+' | '-' | '!' | '~' | '^' | '++' | '--' )"`
	X         *gUnary     `parser:"  @@"`
	Unsup     *unsupUnary `parser:"| @@"`
	CastGuard *castGuard  `parser:"| (?= @@)"`
	Cast      *gType      `parser:"  '(' @@ ')'"`
	CastX     *gUnary     `parser:"  @@"`
	Await     *gUnary     `parser:"| (?= 'await' (?! 'is' | 'as' | 'switch' | 'when' | 'and' | 'or' | 'in' ) ( Ident | Keyword | Int | Real | Char | String | InterpStart | '(' | '[' | '!' ) ) 'await' @@"`
	Postfix   *gPostfix   `parser:"| @@"`
}

type gPostfix struct {
	X   *gPrimary  `parser:"@@"`
	Ops []*gPostOp `parser:"@@*"`
}

type gPostOp struct {
	Pos      lexer.Position
	Dot      string           `parser:"  @( '.' | '?.' )"`
	Name     *gName           `parser:"  ( @@"`
	Keyword  *gKeywordName    `parser:"  | @@"`
	NameErr  *memberNameError `parser:"  | @@ )"`
	TypeArgs *gExprTypeArgs   `parser:"  @@?"`
	NullIdx  *nullIndexMark   `parser:"| @@"`
	NullArgs *gBrackets       `parser:"  @@"`
	Call     *gArgs           `parser:"| @@"`
	Index    *gBrackets       `parser:"| @@"`
	Inc      string           `parser:"| @( '++' | '--' )"`
	Bang     bool             `parser:"| @'!'"`
	Unsup    *unsupArrow      `parser:"| @@"`
}

type gKeywordName struct {
	Pos  lexer.Position
	Name string `parser:"@Keyword"`
}

// gExprTypeArgs is C#'s generic-name rule: `<...>` after a name is a type
// argument list when the token after `>` is one of ( ) ] } : ; , . ? == !=
// | ^ && || & [ or the end of input.
type gExprTypeArgs struct {
	Head *gTypeArgsHead `parser:"(?= @@)"`
	Args []*gTypeArg    `parser:"'<' @@ ( ',' @@ )* '>'"`
}

type gTypeArgsHead struct {
	Args   []*gTypeArg `parser:"'<' @@ ( ',' @@ )* '>'"`
	Follow string      `parser:"@( '(' | ')' | ']' | '}' | ':' | ';' | ',' | '.' | '?' | '==' | '!=' | '|' | '^' | '&&' | '||' | '&' | '[' | '?.' | EOF | ScriptEnd )"`
}

type gTypeArg struct {
	Pos  lexer.Position
	Type *gType `parser:"@@?"`
}

type gArgs struct {
	Args []*gArg `parser:"'(' ( ')' | @@ ( ',' @@ )* ')' )"`
}

type gBrackets struct {
	Pos  lexer.Position
	Args []*gArg `parser:"'[' ( ']' | @@ ( ',' @@ )* ']' )"`
}

type gArg struct {
	Pos       lexer.Position
	Name      string         `parser:"( (?= Ident ':' ) @Ident ':' )?"`
	Out       bool           `parser:"( @'out'"`
	DeclGuard *declExprGuard `parser:"  ( (?= @@)"`
	Decl      *gDeclExpr     `parser:"    @@"`
	OutX      *gExpr         `parser:"  | @@ )"`
	Mod       string         `parser:"| @( 'ref' | 'in' )?"`
	X         *gExpr         `parser:"  @@ )"`
}

// gDeclExpr declares a variable in an out argument: `out var x`, `out T x`, `out _`.
type gDeclExpr struct {
	Pos     lexer.Position
	Discard bool   `parser:"  @'_'"`
	Var     bool   `parser:"| ( (?= 'var' Ident ) @'var'"`
	Type    *gType `parser:"  | @@ )"`
	Name    string `parser:"  @Ident"`
}

type gPrimary struct {
	Pos        lexer.Position
	Lit        string          `parser:"  @( Int | Real | Char | String )"`
	Interp     *gInterp        `parser:"| @@"`
	Paren      *gParen         `parser:"| @@"`
	Collection *gCollection    `parser:"| @@"`
	Bool       string          `parser:"| @( 'true' | 'false' )"`
	Null       bool            `parser:"| @'null'"`
	This       bool            `parser:"| @'this'"`
	Base       bool            `parser:"| @'base'"`
	New        *gNew           `parser:"| @@"`
	StackAlloc *gStackAlloc    `parser:"| @@"`
	TypeOf     *gType          `parser:"| 'typeof' '(' @@ ')'"`
	Default    *gDefault       `parser:"| @@"`
	NameOf     *gExpr          `parser:"| (?= 'nameof' '(' ) 'nameof' '(' @@ ')'"`
	Checked    *gCheckedExpr   `parser:"| (?= ( 'checked' | 'unchecked' ) '(' ) @@"`
	Anon       *gAnonMethod    `parser:"| (?= ( 'async' | 'static' )* 'delegate' ( '(' | '{' ) ) @@"`
	Unsup      *unsupPrimary   `parser:"| @@"`
	Predef     string          `parser:"| @( 'bool' | 'byte' | 'sbyte' | 'char' | 'decimal' | 'double' | 'float' | 'int' | 'uint' | 'long' | 'ulong' | 'short' | 'ushort' | 'object' | 'string' | 'void' )"`
	PredefErr  *predefUseError `parser:"  @@?"`
	Name       string          `parser:"| @Ident"`
	TypeArgs   *gExprTypeArgs  `parser:"  @@?"`
	Err        *exprError      `parser:"| @@"`
}

// gCheckedExpr is `checked(X)` or `unchecked(X)`.
type gCheckedExpr struct {
	Keyword string `parser:"@( 'checked' | 'unchecked' )"`
	X       *gExpr `parser:"'(' @@ ')'"`
}

// gParen is a parenthesized expression, or a tuple literal when it has
// more than one element or a named one.
type gParen struct {
	Elems []*gTupleElem `parser:"'(' @@ ( ',' @@ )* ')'"`
}

// gTupleElem is one element of a tuple literal: an expression, or (on the
// left of a deconstruction) a declaration `T x`, `var x`, `var (a, b)` or
// the discard `_`.
type gTupleElem struct {
	Pos       lexer.Position
	Name      string          `parser:"( (?= Ident ':' ) @Ident ':' )?"`
	DeclGuard *tupleDeclGuard `parser:"( (?= @@)"`
	Decl      *gDeclExpr      `parser:"  @@"`
	Desig     *gDesignation   `parser:"| (?= 'var' '(' ) 'var' @@"`
	X         *gExpr          `parser:"| @@ )"`
}

type gCollection struct {
	Elems []*gCollElem `parser:"'[' ( (?! ']' ) @@ ( ',' ( (?! ']' ) @@ )? )* )? ']'"`
}

type gCollElem struct {
	Spread *gSpread `parser:"  @@"`
	X      *gExpr   `parser:"| @@"`
}

// gSpread is a spread element `..e` of a collection expression.
type gSpread struct {
	Pos lexer.Position
	X   *gExpr `parser:"'..' @@"`
}

type gDefault struct {
	Type *gType `parser:"'default' ( '(' @@ ')' )?"`
}

type gInterp struct {
	Start string         `parser:"@InterpStart"`
	Parts []*gInterpPart `parser:"@@* InterpEnd"`
}

type gInterpPart struct {
	Text   *gText `parser:"  @@"`
	X      *gExpr `parser:"| HoleOpen @@"`
	Align  *gExpr `parser:"  ( HoleComma @@ )?"`
	Format string `parser:"  @HoleFormat? HoleClose"`
}

type gText struct {
	Text string `parser:"@InterpText"`
}

type gNew struct {
	Pos      lexer.Position
	TupGuard *newTupleGuard `parser:"'new' ( (?= @@)"`
	TupType  *gTypeCore     `parser:"  @@"`
	TupArray *gNewArray     `parser:"  @@"`
	Args     *gArgs         `parser:"| @@"`
	Init     *gInitializer  `parser:"  @@?"`
	Implicit *gRankSpec     `parser:"| (?= '[' ( ']' | ',' ) ) @@"`
	ImplInit *gInitList     `parser:"  @@"`
	Anon     *gAnonInit     `parser:"| (?= '{' ) @@"`
	Type     *gTypeCore     `parser:"| @@"`
	Array    *gNewArray     `parser:"  ( @@"`
	ObjArgs  *gArgs         `parser:"  | @@"`
	ObjInit  *gInitializer  `parser:"    @@?"`
	ObjInit2 *gInitializer  `parser:"  | @@"`
	TailErr  *newTailError  `parser:"  | @@ )"`
	TypeErr  *newTypeError  `parser:"| @@ )"`
}

// gStackAlloc is `stackalloc T[n]`, `stackalloc T[] { ... }` or
// `stackalloc[] { ... }`.
type gStackAlloc struct {
	Type     *gTypeCore `parser:"'stackalloc' ( @@"`
	Array    *gNewArray `parser:"  @@"`
	Implicit bool       `parser:"| @( '[' ']' )"`
	ImplInit *gInitList `parser:"  @@ )"`
}

type gNewArray struct {
	Sizes []*gExpr     `parser:"'[' ( (?! ']' | ',' ) @@ ( ',' @@ )*"`
	Rank  *gRankCommas `parser:"| @@ )? ']'"`
	Ranks []*gRankSpec `parser:"( (?= '[' ( ']' | ',' ) ) @@ )*"`
	Init  *gInitList   `parser:"@@?"`
}

type gRankCommas struct {
	Commas []string `parser:"@','+"`
}

type gRankSpec struct {
	Commas []string `parser:"'[' @','* ']'"`
}

// gInitializer is an object initializer (first element `Name =` or `[`) or a
// collection initializer.
type gInitializer struct {
	Pos     lexer.Position
	Members []*gMemberInit `parser:"'{' ( (?= Ident '=' | '[' ) @@ ( ',' ( (?! '}' ) @@ )? )*"`
	Elems   []*gVarInit    `parser:"| (?! '}' ) @@ ( ',' ( (?! '}' ) @@ )? )* )? '}'"`
}

type gMemberInit struct {
	Pos    lexer.Position
	Index  *gBrackets    `parser:"( @@"`
	Name   string        `parser:"| @Ident ) '='"`
	Nested *gInitializer `parser:"( (?= '{' ( Ident '=' | '[' ) ) @@"`
	Value  *gVarInit     `parser:"| @@ )"`
}

type gLambda struct {
	Attrs []*gAttrList `parser:"@@*"`
	Mods  []string     `parser:"@( 'async' | 'static' )*"`
	// Ret is an explicit return type (C# 10), `int (string s) => ...`.
	RetGuard *lambdaRetGuard `parser:"( (?= @@)"`
	RetRef   string          `parser:"  @'ref'?"`
	RetRO    string          `parser:"  @'readonly'?"`
	Ret      *gType          `parser:"  @@ )?"`
	Params   []*gLParam      `parser:"( '(' ( (?! ')' ) @@ ( ',' @@ )* )? ')'"`
	One      *gName          `parser:"| @@ ) '=>'"`
	Block    *gBlock         `parser:"( @@"`
	X        *gExpr          `parser:"| @@ )"`
}

// gAnonMethod is an anonymous method, `delegate (int x) { ... }`: a
// lambda with a block body. Without a parameter list (`delegate { ... }`)
// it converts to a delegate type with any parameters (none of them out).
type gAnonMethod struct {
	Mods   []string     `parser:"@( 'async' | 'static' )* 'delegate'"`
	Params *gAnonParams `parser:"@@?"`
	Block  *gBlock      `parser:"@@"`
}

// gAnonParams is an anonymous method's parameter list, possibly empty.
type gAnonParams struct {
	Params []*gLParam `parser:"'(' ( (?! ')' ) @@ ( ',' @@ )* )? ')'"`
}

type gLParam struct {
	Attrs []*gAttrList `parser:"@@*"`
	Rest  *gLParamRest `parser:"@@"`
}

type gLParamRest struct {
	Pos     lexer.Position
	Mod     string `parser:"( @'ref' @'readonly'? | @'out' | @'in' | @'params' | @'this' | (?= 'scoped' ( Ident | 'ref' ) ) 'scoped' )?"`
	Name    string `parser:"( (?= Ident ( ',' | ')' ) ) @Ident"`
	Type    *gType `parser:"| @@"`
	TName   string `parser:"  @Ident )"`
	Default *gExpr `parser:"( '=' @@ )?"`
}

// ---- types ----

// gType is a type with array rank specifiers.
type gType struct {
	Pos   lexer.Position
	Core  *gTypeCore `parser:"@@"`
	Ranks []*gRank   `parser:"( (?= '[' ( ']' | ',' ) ) @@ )*"`
}

type gRank struct {
	Commas   []string   `parser:"'[' @','* ']'"`
	Nullable *gNullable `parser:"@@?"`
}

// gTypeCore is a type name: a predefined type, or a dotted name whose parts
// may have type arguments, optionally nullable.
type gTypeCore struct {
	Pos      lexer.Position
	Tuple    []*gTupleTypeElem `parser:"( '(' @@ ( ',' @@ )+ ')'"`
	Global   bool              `parser:"| ( (?= 'global' '::' ) @'global' '::' )?"`
	Predef   string            `parser:"  ( @( 'bool' | 'byte' | 'sbyte' | 'char' | 'decimal' | 'double' | 'float' | 'int' | 'uint' | 'long' | 'ulong' | 'short' | 'ushort' | 'object' | 'string' | 'void' )"`
	Segs     []*gTypeSeg       `parser:"  | @@ ( (?= '.' Ident ) '.' @@ )* ) )"`
	Nullable *gNullable        `parser:"@@?"`
}

// gTupleTypeElem is one element of a tuple type: a type and an optional name.
type gTupleTypeElem struct {
	Pos  lexer.Position
	Type *gType `parser:"@@"`
	Name string `parser:"@Ident?"`
}

type gTypeSeg struct {
	Pos  lexer.Position
	Name string      `parser:"@Ident"`
	Args []*gTypeArg `parser:"( '<' @@ ( ',' @@ )* '>' )?"`
}

// gNullable is the nullable marker: C# reads `?` after a type as such when
// the next token cannot continue a conditional expression, or when a name
// follows that is itself followed by a declaration's or argument's end
// (see gNullable.Parse).
type gNullable struct {
	Q bool
}

// ---- patterns ----

type gPattern struct {
	X   *gAndPattern `parser:"@@"`
	Ors []*gOrTail   `parser:"@@*"`
}

type gOrTail struct {
	Pos lexer.Position
	Y   *gAndPattern `parser:"'or' @@"`
}

type gAndPattern struct {
	X    *gNotPattern `parser:"@@"`
	Ands []*gAndTail  `parser:"@@*"`
}

type gAndTail struct {
	Pos lexer.Position
	Y   *gNotPattern `parser:"'and' @@"`
}

type gNotPattern struct {
	Pos lexer.Position
	Not *gNotPattern     `parser:"  'not' @@"`
	P   *gPrimaryPattern `parser:"| @@"`
}

type gPrimaryPattern struct {
	Pos        lexer.Position
	Paren      []*gPosSub        `parser:"  '(' @@ ( ',' @@ )* ')'"`
	ParenRest  *gPatternRest     `parser:"  @@?"`
	VarDesig   *gDesignation     `parser:"| (?= 'var' '(' ) 'var' @@"`
	RelOp      string            `parser:"| @( '<=' | '>=' | '<' | '>' )"`
	RelX       *gShift           `parser:"  @@"`
	Prop       *gPropPattern     `parser:"| @@"`
	List       *gListPattern     `parser:"| @@"`
	Slice      *gSlicePattern    `parser:"| @@"`
	Var        string            `parser:"| (?= 'var' Ident ) 'var' @Ident"`
	Discard    bool              `parser:"| (?= '_' ( EOF | ScriptEnd | '=>' | ',' | ')' | ':' | '}' | ']' | '&&' | '||' | '?' | ';' | '==' | '!=' | 'when' | 'and' | 'or' ) ) @'_'"`
	TypedGuard *typePatternGuard `parser:"| (?= @@)"`
	Typed      *gTypedPattern    `parser:"  @@"`
	Const      *gShift           `parser:"| @@"`
}

// gListPattern is C# 11's `[P1, .., Pn] designation`.
type gListPattern struct {
	Pos   lexer.Position
	Elems []*gPattern `parser:"'[' ( (?! ']' ) @@ ( ',' ( (?! ']' ) @@ )? )* )? ']'"`
	Name  string      `parser:"( (?! 'and' | 'or' | 'when' ) @Ident )?"`
}

// gSlicePattern is `..` or `.. P`; the binder accepts it only directly
// inside a list pattern (CS8980).
type gSlicePattern struct {
	Pos lexer.Position
	P   *gNotPattern `parser:"'..' ( (?! ',' | ']' | ')' | '}' | '=>' | ':' | 'and' | 'or' | 'when' | ';' | EOF | ScriptEnd ) @@ )?"`
}

// gTypedPattern is a declaration pattern `T x`, a property pattern with a
// type, a positional pattern with a type `T(P1, P2) { ... } x`, or a type
// pattern.
type gTypedPattern struct {
	Type *gType            `parser:"@@"`
	Subs *gTypedPosPattern `parser:"( @@"`
	Name string            `parser:"| (?! 'and' | 'or' | 'when' ) @Ident"`
	Prop *gPropPattern     `parser:"| @@ )?"`
}

// gTypedPosPattern is the parenthesised part of a positional pattern after
// its type, which may be empty, and what follows it.
type gTypedPosPattern struct {
	Subs []*gPosSub    `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Rest *gPatternRest `parser:"@@?"`
}

// gPatternRest is what may follow the parentheses of a positional pattern:
// a property pattern (with its designation) or a designation.
type gPatternRest struct {
	Pos   lexer.Position
	Prop  *gPropPattern `parser:"  @@"`
	Desig string        `parser:"| (?! 'and' | 'or' | 'when' ) @Ident"`
}

// gPosSub is one subpattern of a positional pattern, `Name: P` or `P`.
type gPosSub struct {
	Pos     lexer.Position
	Name    string    `parser:"( (?= Ident ':' ) @Ident ':' )?"`
	Pattern *gPattern `parser:"@@"`
}

type gPropPattern struct {
	Pos   lexer.Position
	Props []*gSubPattern `parser:"'{' ( (?! '}' ) @@ ( ',' ( (?! '}' ) @@ )? )* )? '}'"`
	Name  string         `parser:"( (?! 'and' | 'or' | 'when' ) @Ident )?"`
}

type gSubPattern struct {
	Pos     lexer.Position
	Names   []string  `parser:"@Ident ( '.' @Ident )* ':'"`
	Pattern *gPattern `parser:"@@"`
}

// gClose is a closing brace whose position the AST keeps.
type gClose struct {
	Pos lexer.Position
	V   string `parser:"@'}'"`
}
