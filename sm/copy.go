package sm

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
)

// deepCopy returns a copy of a lowered body that shares no node with the
// original, so that the stub's inline first run and MoveNext can be
// expanded separately. What info records of each original node is
// recorded for its copy too.
func deepCopy(stmts []lang.Stmt, info *bind.Info) []lang.Stmt {
	return lang.Copy(stmts, info.Copied)
}
