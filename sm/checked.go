package sm

import (
	"reflect"

	"asyncvm/lang"
)

// stripChecked replaces every `checked { }` / `unchecked { }` statement in
// body by its block and every `checked(x)` / `unchecked(x)` by x, nested
// lambdas included. After binding they carry nothing more: the binder
// recorded the overflow context on each operation they govern
// (bind.Info.IsChecked), and those nodes stay in the tree, so the lowering's
// passes need not know the two constructs.
func stripChecked(body *lang.BlockStmt) {
	stripValue(reflect.ValueOf(body), map[uintptr]bool{})
}

var (
	checkedStmtType = reflect.TypeOf((*lang.CheckedStmt)(nil))
	checkedExprType = reflect.TypeOf((*lang.CheckedExpr)(nil))
)

func stripValue(v reflect.Value, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return
		}
		seen[v.Pointer()] = true
		stripValue(v.Elem(), seen)
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		inner := v.Elem()
		for inner.Type() == checkedStmtType || inner.Type() == checkedExprType {
			if inner.Type() == checkedStmtType {
				inner = reflect.ValueOf(inner.Interface().(*lang.CheckedStmt).Body)
			} else {
				inner = reflect.ValueOf(inner.Interface().(*lang.CheckedExpr).X)
			}
			if v.CanSet() {
				v.Set(inner)
			}
		}
		stripValue(inner, seen)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			stripValue(v.Index(i), seen)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Field(i).CanSet() {
				stripValue(v.Field(i), seen)
			}
		}
	}
}
