package vm

import "sync"

// initMu guards the static-initialisation bookkeeping of every type
// (Type.initOwner, Type.initDone) and Thread.initWait. It is taken only
// before a type is initialised; afterwards InitType is one atomic load.
var initMu sync.Mutex

// InitType runs ty's static initialiser once, before first use, as the CLR
// does: the first thread to need the type runs the initialiser and every
// other thread that needs it waits until it has finished. Re-entrant use on
// the initialising thread proceeds with the statics as they are, and so does
// a thread whose wait would close a cycle of threads each initialising a
// type the next one needs (the CLR's deadlock rule), instead of hanging.
func (t *Thread) InitType(ty *Type) error {
	if ty.staticDone.Load() {
		return nil
	}
	initMu.Lock()
	for !ty.staticDone.Load() && ty.initOwner != nil && ty.initOwner != t && !t.initCycle(ty) {
		done := ty.initDone
		t.initWait = ty
		initMu.Unlock()
		err := t.BlockOn(done)
		initMu.Lock()
		t.initWait = nil
		if err != nil {
			initMu.Unlock()
			return err
		}
	}
	if ty.staticDone.Load() || ty.initOwner != nil {
		initMu.Unlock()
		return nil
	}
	ty.initOwner = t
	ty.initDone = make(chan struct{})
	initMu.Unlock()
	var err error
	if ty.StaticInit != nil {
		_, err = t.Invoke(ty.StaticInit, Null, staticInitArgs(ty))
	}
	initMu.Lock()
	ty.staticDone.Store(true)
	close(ty.initDone)
	ty.initOwner, ty.initDone = nil, nil
	initMu.Unlock()
	if th, ok := err.(*Thrown); ok {
		e := t.M.NewException("System.TypeInitializationException",
			"The type initializer for '"+TypeString(ty)+"' threw an exception.")
		e.F[ExcFieldInner] = Ref(th.Exc)
		return &Thrown{e}
	}
	return err
}

// initCycle reports whether t waiting for ty's initialiser would deadlock:
// following "runs the initialiser of the type it waits for" from ty's owner
// leads back to t. initMu is held.
func (t *Thread) initCycle(ty *Type) bool {
	for o, n := ty.initOwner, 0; o != nil && n < 1000; n++ {
		if o == t {
			return true
		}
		if o.initWait == nil {
			return false
		}
		o = o.initWait.initOwner
	}
	return false
}

// MarkInitialized records that a type needs no static initialisation.
func (ty *Type) MarkInitialized() { ty.staticDone.Store(true) }
