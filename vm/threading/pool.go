// Package threading is asyncvm's concurrency library: the thread pool, VM
// threads (System.Threading.Thread), ExecutionContext and AsyncLocal wired to
// package ctx, tasks and their awaiters, cancellation, synchronisation
// primitives, Parallel and the concurrent collections.
//
// Install(m) gives a machine its vm.Host (the pool, blocking, awaiters,
// formatting), which holds all of the library's state for that machine;
// everything else registers itself as library types from init functions.
package threading

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"asyncvm/ctx"
	"asyncvm/vm"
	"asyncvm/vm/lib"
)

// workItem is one unit of pool work.
type workItem func(t *vm.Thread)

// Pool is the machine's thread pool: one worker per processor (at least
// two), a global FIFO queue, and a local queue per worker that its owner
// pops LIFO and idle workers steal from FIFO. A worker that blocks through
// vm.Host.Block (blockNoted) stops counting as active, and the pool starts another worker
// so blocking work cannot starve it; surplus workers retire after their
// current item once the blocked ones resume.
type Pool struct {
	m      *vm.Machine
	target int

	mu      sync.Mutex
	cond    *sync.Cond
	global  []workItem
	head    int
	workers []*worker
	active  int // workers not blocked
	idle    int
	started bool
	closed  bool // the machine was closed: workers exit, work is dropped

	pending atomic.Int64 // queued items not yet taken, over all queues
}

// worker is one pool goroutine and the VM thread it owns.
type worker struct {
	p     *Pool
	t     *vm.Thread
	mu    sync.Mutex
	local []workItem
	gone  bool
	// counted: the worker counts against the machine's thread limit.
	counted bool
}

// machineState is the library's state for one machine and its vm.Host.
// The machine holds it (Machine.Host) and nothing else does, so it and
// everything it reaches are freed with the machine.
type machineState struct {
	m    *vm.Machine
	pool *Pool

	fgMu     sync.Mutex
	fgCond   *sync.Cond
	fgAlive  int  // foreground Threads started and not ended
	fgClosed bool // the machine was closed: WaitForeground stops waiting

	watchOnce sync.Once
	watch     *watch // deadlock accounting; see deadlock.go

	workers    sync.Map // *vm.Thread -> *worker
	threadObjs sync.Map // *vm.Thread -> vm.Value (its Thread object)
	monitors   sync.Map // vm.Object -> *monitor
	// taskExceptions holds each faulted task's Task.Exception, made once.
	taskExceptions sync.Map // *vm.Task -> *vm.Instance

	closeOnce sync.Once
	closed    chan struct{} // closed by Close
}

// stateOf returns the library state of m, installing it if m has none.
func stateOf(m *vm.Machine) *machineState {
	if s, ok := m.Host.(*machineState); ok {
		return s
	}
	Install(m)
	return m.Host.(*machineState)
}

// Install gives m its vm.Host: the library's state for m, with its thread
// pool. Installing twice keeps the first. Workers start on the first queued
// item, so the main thread, made before that, keeps id 1.
func Install(m *vm.Machine) {
	if _, ok := m.Host.(*machineState); ok {
		return
	}
	n := runtime.NumCPU()
	if n < 2 {
		n = 2
	}
	s := &machineState{m: m, closed: make(chan struct{})}
	s.fgCond = sync.NewCond(&s.fgMu)
	p := &Pool{m: m, target: n}
	p.cond = sync.NewCond(&p.mu)
	s.pool = p
	m.Host = s
}

// PoolOf returns the machine's pool, installing it if needed.
func PoolOf(m *vm.Machine) *Pool { return stateOf(m).pool }

// Queue implements vm.Host: work runs on a pool thread.
func (s *machineState) Queue(work func(t *vm.Thread)) { s.pool.Queue(work) }

// Block implements vm.Host: a wait without a time limit.
func (s *machineState) Block(t *vm.Thread, wait func()) { blockNoted(t, "", nil, wait) }

// Awaiter implements vm.Host.
func (s *machineState) Awaiter(t *vm.Thread, v vm.Value) (vm.Awaiter, error) { return awaiterOf(t, v) }

// ValueTask implements vm.Host.
func (s *machineState) ValueTask(tk *vm.Task, result vm.Value, generic bool) vm.Value {
	return NewValueTask(tk, result, generic)
}

// Format implements vm.Host with the library's .NET formatting.
func (s *machineState) Format(t *vm.Thread, v vm.Value, format string) (string, error) {
	return lib.FormatPrimitive(t, v, format)
}

// Close implements vm.Host: the pool's workers exit once idle (a worker
// running VM code ends at the machine's stop), armed timers stop, and
// WaitForeground and the deadlock watch stop waiting. The machine's own
// Close stops its threads first.
func (s *machineState) Close() {
	s.closeOnce.Do(func() {
		close(s.closed)
		s.pool.close()
		if w := s.watch; w != nil {
			w.stopTimers()
		}
		s.fgMu.Lock()
		s.fgClosed = true
		s.fgCond.Broadcast()
		s.fgMu.Unlock()
	})
}

// Attach prepares a VM thread made outside this package (the main thread)
// for the library: its context state learns its owner.
func Attach(t *vm.Thread) {
	if t.Ctx.Owner == nil {
		t.Ctx.Owner = t
	}
	if t.Ctx.FailFast == nil {
		t.Ctx.FailFast = func(err error) { failFast(t, err) }
	}
}

// Queue runs work on a pool thread (the global queue).
func (p *Pool) Queue(work func(t *vm.Thread)) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.startLocked()
	p.global = append(p.global, work)
	p.pending.Add(1)
	if p.idle > 0 {
		p.cond.Signal()
	}
	p.mu.Unlock()
}

// QueueFrom queues work from VM thread t: onto t's local queue when t is a
// pool worker (LIFO for it, stealable by the others), else globally.
func (p *Pool) QueueFrom(t *vm.Thread, work func(t *vm.Thread)) {
	w := workerOf(t)
	if w == nil || w.p != p {
		p.Queue(work)
		return
	}
	p.m.Counters.PoolItems.Add(1)
	w.mu.Lock()
	if w.gone {
		w.mu.Unlock()
		p.Queue(work)
		return
	}
	w.local = append(w.local, work)
	w.mu.Unlock()
	p.pending.Add(1)
	p.mu.Lock()
	if p.idle > 0 {
		p.cond.Signal()
	}
	p.mu.Unlock()
}

// Workers returns the number of live worker goroutines.
func (p *Pool) Workers() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.workers)
}

// close stops the pool: queued work is dropped, idle workers exit now and
// busy ones after their current item.
func (p *Pool) close() {
	p.mu.Lock()
	p.closed = true
	p.global, p.head = nil, 0
	p.cond.Broadcast()
	p.mu.Unlock()
}

func (p *Pool) startLocked() {
	if p.started {
		return
	}
	p.started = true
	for i := 0; i < p.target; i++ {
		p.spawnLocked()
	}
}

func (p *Pool) spawnLocked() {
	if p.closed {
		return
	}
	// Past the thread limit no worker is added, except the first one.
	counted := p.m.TryStartThread()
	if !counted && len(p.workers) > 0 {
		return
	}
	t := p.m.NewThread()
	Attach(t)
	w := &worker{p: p, t: t, counted: counted}
	stateOf(p.m).workers.Store(t, w)
	p.workers = append(p.workers, w)
	p.active++
	go w.loop()
}

func workerOf(t *vm.Thread) *worker {
	if w, ok := stateOf(t.M).workers.Load(t); ok {
		return w.(*worker)
	}
	return nil
}

// take finds the next item: the worker's own queue newest first, then the
// global queue, then the other workers' queues oldest first.
func (w *worker) take() workItem {
	w.mu.Lock()
	if n := len(w.local); n > 0 {
		it := w.local[n-1]
		w.local[n-1] = nil
		w.local = w.local[:n-1]
		w.mu.Unlock()
		return it
	}
	w.mu.Unlock()
	p := w.p
	p.mu.Lock()
	if p.head < len(p.global) {
		it := p.global[p.head]
		p.global[p.head] = nil
		p.head++
		if p.head == len(p.global) {
			p.global = p.global[:0]
			p.head = 0
		}
		p.mu.Unlock()
		return it
	}
	others := append([]*worker(nil), p.workers...)
	p.mu.Unlock()
	for _, o := range others {
		if o == w {
			continue
		}
		if it := o.steal(); it != nil {
			return it
		}
	}
	return nil
}

func (w *worker) steal() workItem {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.local) == 0 {
		return nil
	}
	it := w.local[0]
	w.local[0] = nil
	w.local = w.local[1:]
	return it
}

// spinRounds is how many times an idle worker yields the processor looking
// for work before it parks.
const spinRounds = 50

func (w *worker) loop() {
	p := w.p
	wt := watchOf(p.m)
	for {
		it := w.take()
		if it == nil {
			// Spin briefly before parking: work queued by a thread that is
			// about to wait for it (Task.Run then Wait, a continuation posted
			// by Yield) then starts without an OS-level wakeup.
			for i := 0; i < spinRounds && it == nil; i++ {
				runtime.Gosched()
				if p.pending.Load() > 0 {
					it = w.take()
				}
			}
		}
		if it == nil {
			p.mu.Lock()
			if p.closed {
				w.retireLocked()
				p.mu.Unlock()
				return
			}
			if p.pending.Load() > 0 {
				p.mu.Unlock()
				runtime.Gosched()
				continue
			}
			p.idle++
			p.cond.Wait()
			p.idle--
			if p.active > p.target || p.closed {
				w.retireLocked()
				p.mu.Unlock()
				return
			}
			p.mu.Unlock()
			continue
		}
		wt.addBusy(1)
		p.pending.Add(-1)
		w.run(it)
		wt.addBusy(-1)
		p.mu.Lock()
		if p.active > p.target || p.closed {
			w.retireLocked()
			p.mu.Unlock()
			return
		}
		p.mu.Unlock()
	}
}

// retireLocked removes a surplus worker, moving its local items to the
// global queue.
func (w *worker) retireLocked() {
	p := w.p
	p.active--
	if w.counted {
		p.m.EndThread()
	}
	for i, o := range p.workers {
		if o == w {
			p.workers = append(p.workers[:i:i], p.workers[i+1:]...)
			break
		}
	}
	w.mu.Lock()
	p.global = append(p.global, w.local...)
	w.local = nil
	w.gone = true
	w.mu.Unlock()
	stateOf(p.m).workers.Delete(w.t)
	if p.idle > 0 {
		p.cond.Broadcast()
	}
}

// run executes one item and returns the worker to the Default context,
// firing change notifications.
func (w *worker) run(it workItem) {
	defer recoverInternal(w.t.M)
	it(w.t)
	w.t.Ctx.Switch(nil)
	w.t.Idle()
}

// recoverInternal turns a Go panic on a pool worker or a Thread (a VM bug)
// into a crash of the machine with an "internal error" (exit status 70, as
// the driver reports a panic on the main thread), instead of a crash of the
// whole process. The goroutine then carries on: a worker takes its next item.
func recoverInternal(m *vm.Machine) {
	if r := recover(); r != nil {
		msg := fmt.Sprintf("internal error: %v", r)
		if os.Getenv("ASYNCVM_DEBUG") != "" {
			msg += "\n" + string(debug.Stack())
		}
		m.Crash(&vm.Fatal{Msg: msg, Code: 70})
	}
}

// poolBlock runs wait for t: a pool worker about to block gives up its
// active slot, and the pool starts a replacement when below its target.
func poolBlock(t *vm.Thread, wait func()) {
	w := workerOf(t)
	if w == nil {
		wait()
		return
	}
	p := w.p
	p.mu.Lock()
	p.active--
	if p.active < p.target {
		p.spawnLocked()
	}
	p.mu.Unlock()
	wait()
	p.mu.Lock()
	p.active++
	p.mu.Unlock()
}

// crash ends the program with an unhandled error from a thread or pool item.
func crash(m *vm.Machine, err error) {
	if err != nil {
		m.Crash(err)
	}
}

// failFast ends the program when a change handler throws during a context
// switch, then parks the calling goroutine so nothing more runs on it.
func failFast(t *vm.Thread, err error) {
	msg := ctx.FailFastMessage
	if th, ok := err.(*vm.Thrown); ok {
		msg += "\n" + describe(th.Exc)
	} else if err != nil {
		msg += "\n" + err.Error()
	}
	t.M.Crash(&vm.Fatal{Msg: msg, Code: 1})
	select {}
}

// describe renders an exception as .NET's ToString does: type, message and
// stack trace.
func describe(e *vm.Instance) string {
	s := e.Type().FullName() + ": " + vm.ExceptionMessage(e)
	if tr := vm.FormatTrace(vm.Trace(e)); tr != "" {
		s += "\n" + tr
	}
	return s
}

// WaitForeground blocks until every foreground Thread started on m has
// ended, or the machine crashed. The driver calls it after Main returns.
func WaitForeground(m *vm.Machine) {
	st := stateOf(m)
	done := make(chan struct{})
	go func() {
		st.fgMu.Lock()
		for st.fgAlive > 0 && !st.fgClosed {
			st.fgCond.Wait()
		}
		st.fgMu.Unlock()
		close(done)
	}()
	select {
	case <-done:
	case <-m.Crashed():
	}
}
