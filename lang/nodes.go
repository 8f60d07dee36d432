package lang

// Position methods and interface markers for every node type.

func (n *File) Position() Pos           { return n.Pos }
func (n *UsingDirective) Position() Pos { return n.Pos }
func (n *Attribute) Position() Pos      { return n.Pos }
func (n *TypeDecl) Position() Pos       { return n.Pos }
func (n *EnumMember) Position() Pos     { return n.Pos }
func (n *FieldDecl) Position() Pos      { return n.Pos }
func (n *Declarator) Position() Pos     { return n.Pos }
func (n *PropertyDecl) Position() Pos   { return n.Pos }
func (n *Accessor) Position() Pos       { return n.Pos }
func (n *MethodDecl) Position() Pos     { return n.Pos }
func (n *CtorDecl) Position() Pos       { return n.Pos }
func (n *CtorInit) Position() Pos       { return n.Pos }
func (n *Param) Position() Pos          { return n.Pos }
func (n *Arg) Position() Pos            { return n.Pos }

func (n *TypeDecl) memberNode()     {}
func (n *FieldDecl) memberNode()    {}
func (n *PropertyDecl) memberNode() {}
func (n *MethodDecl) memberNode()   {}
func (n *CtorDecl) memberNode()     {}

func (n *BlockStmt) Position() Pos     { return n.Pos }
func (n *LocalDeclStmt) Position() Pos { return n.Pos }
func (n *UsingDeclStmt) Position() Pos { return n.Pos }
func (n *ExprStmt) Position() Pos      { return n.Pos }
func (n *IfStmt) Position() Pos        { return n.Pos }
func (n *WhileStmt) Position() Pos     { return n.Pos }
func (n *DoStmt) Position() Pos        { return n.Pos }
func (n *ForStmt) Position() Pos       { return n.Pos }
func (n *ForeachStmt) Position() Pos   { return n.Pos }
func (n *SwitchStmt) Position() Pos    { return n.Pos }
func (n *SwitchSection) Position() Pos { return n.Pos }
func (n *CaseLabel) Position() Pos     { return n.Pos }
func (n *BreakStmt) Position() Pos     { return n.Pos }
func (n *ContinueStmt) Position() Pos  { return n.Pos }
func (n *ReturnStmt) Position() Pos    { return n.Pos }
func (n *GotoStmt) Position() Pos      { return n.Pos }
func (n *LabeledStmt) Position() Pos   { return n.Pos }
func (n *ThrowStmt) Position() Pos     { return n.Pos }
func (n *YieldStmt) Position() Pos     { return n.Pos }
func (n *TryStmt) Position() Pos       { return n.Pos }
func (n *CatchClause) Position() Pos   { return n.Pos }
func (n *UsingStmt) Position() Pos     { return n.Pos }
func (n *LockStmt) Position() Pos      { return n.Pos }
func (n *CheckedStmt) Position() Pos   { return n.Pos }
func (n *LocalFuncStmt) Position() Pos { return n.Pos }
func (n *EmptyStmt) Position() Pos     { return n.Pos }

func (n *BlockStmt) stmtNode()     {}
func (n *LocalDeclStmt) stmtNode() {}
func (n *UsingDeclStmt) stmtNode() {}
func (n *ExprStmt) stmtNode()      {}
func (n *IfStmt) stmtNode()        {}
func (n *WhileStmt) stmtNode()     {}
func (n *DoStmt) stmtNode()        {}
func (n *ForStmt) stmtNode()       {}
func (n *ForeachStmt) stmtNode()   {}
func (n *SwitchStmt) stmtNode()    {}
func (n *BreakStmt) stmtNode()     {}
func (n *ContinueStmt) stmtNode()  {}
func (n *ReturnStmt) stmtNode()    {}
func (n *GotoStmt) stmtNode()      {}
func (n *LabeledStmt) stmtNode()   {}
func (n *ThrowStmt) stmtNode()     {}
func (n *YieldStmt) stmtNode()     {}
func (n *TryStmt) stmtNode()       {}
func (n *UsingStmt) stmtNode()     {}
func (n *LockStmt) stmtNode()      {}
func (n *CheckedStmt) stmtNode()   {}
func (n *LocalFuncStmt) stmtNode() {}
func (n *EmptyStmt) stmtNode()     {}

func (n *Literal) Position() Pos            { return n.Pos }
func (n *InterpolatedString) Position() Pos { return n.Pos }
func (n *Ident) Position() Pos              { return n.Pos }
func (n *MemberExpr) Position() Pos         { return n.Pos }
func (n *CallExpr) Position() Pos           { return n.Pos }
func (n *IndexExpr) Position() Pos          { return n.Pos }
func (n *RangeExpr) Position() Pos          { return n.Pos }
func (n *UnaryExpr) Position() Pos          { return n.Pos }
func (n *PostfixExpr) Position() Pos        { return n.Pos }
func (n *BinaryExpr) Position() Pos         { return n.Pos }
func (n *AssignExpr) Position() Pos         { return n.Pos }
func (n *CondExpr) Position() Pos           { return n.Pos }
func (n *LambdaExpr) Position() Pos         { return n.Pos }
func (n *NewExpr) Position() Pos            { return n.Pos }
func (n *AnonObjectExpr) Position() Pos     { return n.Pos }
func (n *Initializer) Position() Pos        { return n.Pos }
func (n *MemberInit) Position() Pos         { return n.Pos }
func (n *InitListExpr) Position() Pos       { return n.Pos }
func (n *NewArrayExpr) Position() Pos       { return n.Pos }
func (n *CollectionExpr) Position() Pos     { return n.Pos }
func (n *SpreadElement) Position() Pos      { return n.Pos }
func (n *TypeOfExpr) Position() Pos         { return n.Pos }
func (n *NameOfExpr) Position() Pos         { return n.Pos }
func (n *DefaultExpr) Position() Pos        { return n.Pos }
func (n *CastExpr) Position() Pos           { return n.Pos }
func (n *CheckedExpr) Position() Pos        { return n.Pos }
func (n *IsExpr) Position() Pos             { return n.Pos }
func (n *AsExpr) Position() Pos             { return n.Pos }
func (n *AwaitExpr) Position() Pos          { return n.Pos }
func (n *ThrowExpr) Position() Pos          { return n.Pos }
func (n *SwitchExpr) Position() Pos         { return n.Pos }
func (n *WithExpr) Position() Pos           { return n.Pos }
func (n *SwitchArm) Position() Pos          { return n.Pos }
func (n *ThisExpr) Position() Pos           { return n.Pos }
func (n *BaseExpr) Position() Pos           { return n.Pos }
func (n *DeclExpr) Position() Pos           { return n.Pos }
func (n *TupleExpr) Position() Pos          { return n.Pos }

func (n *Literal) exprNode()            {}
func (n *InterpolatedString) exprNode() {}
func (n *Ident) exprNode()              {}
func (n *MemberExpr) exprNode()         {}
func (n *CallExpr) exprNode()           {}
func (n *IndexExpr) exprNode()          {}
func (n *RangeExpr) exprNode()          {}
func (n *UnaryExpr) exprNode()          {}
func (n *PostfixExpr) exprNode()        {}
func (n *BinaryExpr) exprNode()         {}
func (n *AssignExpr) exprNode()         {}
func (n *CondExpr) exprNode()           {}
func (n *LambdaExpr) exprNode()         {}
func (n *NewExpr) exprNode()            {}
func (n *AnonObjectExpr) exprNode()     {}
func (n *InitListExpr) exprNode()       {}
func (n *NewArrayExpr) exprNode()       {}
func (n *CollectionExpr) exprNode()     {}
func (n *SpreadElement) exprNode()      {}
func (n *TypeOfExpr) exprNode()         {}
func (n *NameOfExpr) exprNode()         {}
func (n *DefaultExpr) exprNode()        {}
func (n *CastExpr) exprNode()           {}
func (n *CheckedExpr) exprNode()        {}
func (n *IsExpr) exprNode()             {}
func (n *AsExpr) exprNode()             {}
func (n *AwaitExpr) exprNode()          {}
func (n *ThrowExpr) exprNode()          {}
func (n *SwitchExpr) exprNode()         {}
func (n *WithExpr) exprNode()           {}
func (n *ThisExpr) exprNode()           {}
func (n *BaseExpr) exprNode()           {}
func (n *DeclExpr) exprNode()           {}
func (n *TupleExpr) exprNode()          {}

func (n *ConstPattern) Position() Pos      { return n.Pos }
func (n *TypePattern) Position() Pos       { return n.Pos }
func (n *VarPattern) Position() Pos        { return n.Pos }
func (n *DiscardPattern) Position() Pos    { return n.Pos }
func (n *NotPattern) Position() Pos        { return n.Pos }
func (n *BinaryPattern) Position() Pos     { return n.Pos }
func (n *RelationalPattern) Position() Pos { return n.Pos }
func (n *PropertyPattern) Position() Pos   { return n.Pos }
func (n *PositionalPattern) Position() Pos { return n.Pos }
func (n *ListPattern) Position() Pos       { return n.Pos }
func (n *SlicePattern) Position() Pos      { return n.Pos }
func (n *SubPattern) Position() Pos        { return n.Pos }

func (n *ConstPattern) patternNode()      {}
func (n *TypePattern) patternNode()       {}
func (n *VarPattern) patternNode()        {}
func (n *DiscardPattern) patternNode()    {}
func (n *NotPattern) patternNode()        {}
func (n *BinaryPattern) patternNode()     {}
func (n *RelationalPattern) patternNode() {}
func (n *PropertyPattern) patternNode()   {}
func (n *PositionalPattern) patternNode() {}
func (n *ListPattern) patternNode()       {}
func (n *SlicePattern) patternNode()      {}
