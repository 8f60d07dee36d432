package bind

import "asyncvm/lang"

// noteProp records in Info.Props the instance property of a program class
// that member access or simple name e denotes (sym, what lookup found at
// the receiver's static type). A property's accessors are found by name
// on the object's class at run time otherwise, which reaches a property a
// derived class declares with `new` instead of the one e names.
func (b *binder) noteProp(e lang.Expr, sym Symbol) {
	p, ok := sym.(*Property)
	if !ok || p.Static || p.Event || len(p.Params) > 0 || p.Owner == nil {
		return
	}
	if _, ok := p.Decl.(*lang.PropertyDecl); !ok {
		return
	}
	o := p.Owner
	if o.Def != nil {
		o = o.Def
	}
	if o.Kind != Class || o.Lib {
		return
	}
	b.info.Props[e] = p
}

// PropOf returns the instance property of a program class that member
// access or simple name e denotes, or nil.
func (in *Info) PropOf(e lang.Expr) *Property {
	if in == nil {
		return nil
	}
	return in.Props[e]
}
