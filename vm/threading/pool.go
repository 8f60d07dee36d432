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
	"time"

	"asyncvm/ctx"
	"asyncvm/vm"
	"asyncvm/vm/lib"
)

// workItem is one unit of pool work.
type workItem = vm.PoolItem

// Pool is the machine's thread pool: one worker per processor (at least
// two), a lock-free global FIFO queue for work queued from outside the pool,
// and a lock-free FIFO local queue per worker for work its own items queue
// (continuations, Task.Yield, Task.Run from a worker), which idle workers
// steal from (queues.go). No lock is taken to queue or take an item. An
// item a worker queues while its queue is empty goes to the queue's next
// slot, which the worker takes back with one compare-and-swap and which
// other workers leave alone unless the worker is stuck (see localQueue).
//
// No counter is shared by queueing and taking: with one thread queueing
// and a worker taking, a count both change would move its cache line
// between the two cores on every item. Whether there is work is read from
// the queues themselves (hasWork).
//
// Idle workers do not poll. At most one spins briefly looking at the
// queues, the others park on their own wake channel (a semaphore);
// queueing wakes a parked worker only when no worker is spinning, and the
// woken worker becomes the spinning one; when it finds work it gives up
// the slot and wakes the next while work is left, so a burst of items wakes
// workers one at a time (Go's scheduler rule). A worker
// queueing onto its empty local queue wakes nobody at once, since it takes
// the item itself when its current one ends, so a sequential await loop
// keeps one core busy, not two; if the item is still waiting after
// starveDelay, a parked worker is woken to steal it, so an item that
// spins waiting for it cannot starve it.
//
// A worker that blocks through vm.Host.Block (blockNoted) stops counting as
// active, and the pool starts another worker so blocking work cannot starve
// it; surplus workers retire after their current item once the blocked ones
// resume.
type Pool struct {
	m      *vm.Machine
	target int32

	spinning atomic.Int32 // workers spinning for work (or woken to): 0 or 1
	nidle    atomic.Int32 // len(idle), read without mu
	active   atomic.Int32 // workers not blocked; changed under mu
	closed   atomic.Bool  // the machine was closed: workers exit, work is dropped
	// all is the current workers, for stealing without mu; replaced (never
	// changed in place) under mu.
	all atomic.Pointer[[]*worker]

	starveArmed atomic.Bool
	starve      *time.Timer // runs starveCheck; made with the workers

	// global is made when the pool starts (a machine that queues nothing
	// does not pay for its ring), before startedFlag is set.
	global *globalQueue

	mu      sync.Mutex // guards the fields below
	workers []*worker
	idle    []*worker // parked workers, most recently parked last
	started bool
	// startedFlag is started, read without mu.
	startedFlag atomic.Bool

	limits threadLimits // ThreadPool.Get/SetMinThreads and MaxThreads
}

// worker is one pool goroutine and the VM thread it owns.
type worker struct {
	p    *Pool
	t    *vm.Thread
	wake chan bool // capacity 1: one send per removal from Pool.idle; true hands over the spinning slot

	local localQueue
	gone  bool // retired: its queue no longer takes items (owner only)
	// stale is set when its queue made no progress for starveDelay (or w
	// blocked), which lets other workers steal an only item. lastProgress
	// is starveCheck's previous reading of local.progress, under Pool.mu.
	stale        atomic.Bool
	lastProgress uint64
	takes        uint32 // items taken, for the periodic look at the global queue
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
	tuneGC()
	n := runtime.NumCPU()
	if n < 2 {
		n = 2
	}
	s := &machineState{m: m, closed: make(chan struct{})}
	s.fgCond = sync.NewCond(&s.fgMu)
	p := &Pool{m: m, target: int32(n)}
	s.pool = p
	m.Host = s
}

// PoolOf returns the machine's pool, installing it if needed.
func PoolOf(m *vm.Machine) *Pool { return stateOf(m).pool }

// Queue implements vm.Host: work runs on a pool thread; queued from a pool
// worker, on that worker's local queue.
func (s *machineState) Queue(from *vm.Thread, item vm.PoolItem) {
	s.pool.post(from, item)
}

// Block implements vm.Host: a wait without a time limit.
func (s *machineState) Block(t *vm.Thread, wait func()) { blockNoted(t, "", nil, wait) }

// WaitTask implements vm.Host: GetAwaiter().GetResult() on a pending task.
func (s *machineState) WaitTask(t *vm.Thread, tk *vm.Task) {
	blockOnTask(t, tk, "GetAwaiter().GetResult()")
}

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
func (p *Pool) Queue(work func(t *vm.Thread)) { p.post(nil, vm.WorkFunc(work)) }

// QueueFrom queues work from VM thread t: onto t's local queue when t is a
// pool worker, else globally.
func (p *Pool) QueueFrom(t *vm.Thread, work func(t *vm.Thread)) {
	p.QueueItemFrom(t, vm.WorkFunc(work))
}

// QueueItemFrom queues item from VM thread t, as QueueFrom does.
func (p *Pool) QueueItemFrom(t *vm.Thread, item vm.PoolItem) {
	p.m.CountersFor(t).PoolItems.Add(1)
	p.post(t, item)
}

// post queues work from VM thread from (nil: from outside any): onto its
// local queue when it is one of the pool's workers, else globally.
func (p *Pool) post(from *vm.Thread, work workItem) {
	if from != nil {
		if w := workerOf(from); w != nil && w.p == p && w.pushLocal(work) {
			return
		}
	}
	if p.closed.Load() {
		return
	}
	if !p.startedFlag.Load() {
		p.mu.Lock()
		p.startLocked()
		p.mu.Unlock()
	}
	p.pushGlobal(work)
}

// pushGlobal queues work on the global queue and wakes a worker for it.
// The item is in the queue (an atomic write) before notify reads the idle
// count, and a parking worker counts itself idle before it looks at the
// queues (hasWork): one of the two sees the other.
func (p *Pool) pushGlobal(work workItem) {
	p.global.push(work)
	if p.closed.Load() {
		// close may have drained the queue before this item arrived.
		p.drainGlobal()
		return
	}
	p.notify()
}

// drainGlobal drops the global queue's items (the pool is closed).
func (p *Pool) drainGlobal() {
	if p.global == nil {
		return
	}
	for p.global.pop() != nil {
	}
}

// pushLocal queues work on w's own queue (the global one when it is
// full); false if w has retired. Only w's goroutine calls it.
func (w *worker) pushLocal(work workItem) bool {
	if w.gone {
		return false
	}
	p := w.p
	if w.local.pushNext(work) {
		// w takes it itself after its current item; only if its queue
		// makes no progress for starveDelay does another worker come for it.
		p.armStarve()
		return true
	}
	had := w.local.len()
	if !w.local.push(work) {
		p.pushGlobal(work)
		return true
	}
	if had > 0 {
		// w has more than it can take next: another worker may run it.
		p.notify()
	} else {
		// w takes it itself after its current item; only if its queue
		// makes no progress for starveDelay does another worker come for it.
		p.armStarve()
	}
	return true
}

// starveDelay is how often a busy worker's local queue is checked for
// progress; one that made none between two checks is opened to thieves and
// a parked worker is woken.
const starveDelay = 200 * time.Microsecond

func (p *Pool) armStarve() {
	if !p.starveArmed.Load() && p.starveArmed.CompareAndSwap(false, true) {
		p.starve.Reset(starveDelay)
	}
}

func (p *Pool) starveCheck() {
	p.starveArmed.Store(false)
	all := p.all.Load()
	if all == nil {
		return
	}
	stale, waiting := false, false
	p.mu.Lock()
	for _, w := range *all {
		if w.local.len() == 0 {
			continue
		}
		if n := w.local.progress(); n != w.lastProgress {
			w.lastProgress = n
			waiting = true
		} else {
			w.stale.Store(true)
			stale = true
		}
	}
	p.mu.Unlock()
	if stale {
		p.mu.Lock()
		p.wakeOneLocked(false)
		p.mu.Unlock()
	}
	if waiting || stale {
		// A stale queue is looked at again until its items are taken: the
		// worker woken now may find it before it is marked (or none was
		// parked, or a spinning one looked before it was marked).
		p.armStarve()
	}
}

// notify wakes a parked worker for queued work unless one is spinning,
// which will find it. The woken worker takes over the spinning slot, so
// until it has found work no other is woken.
func (p *Pool) notify() {
	if p.nidle.Load() > 0 && p.spinning.Load() == 0 && p.spinning.CompareAndSwap(0, 1) {
		p.mu.Lock()
		if !p.wakeOneLocked(true) {
			p.spinning.Add(-1)
		}
		p.mu.Unlock()
	}
}

// wakeOneLocked wakes the most recently parked worker, handing it the
// spinning slot if spin; false if none is parked.
func (p *Pool) wakeOneLocked(spin bool) bool {
	n := len(p.idle)
	if n == 0 {
		return false
	}
	w := p.idle[n-1]
	p.idle[n-1] = nil
	p.idle = p.idle[:n-1]
	p.nidle.Add(-1)
	w.wake <- spin
	return true
}

// Workers returns the number of live worker goroutines.
func (p *Pool) Workers() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.workers)
}

// queued reports whether any item is queued, in the global queue or a
// worker's own (its next slot included: a worker that blocked with one
// there leaves it for others to take).
func (p *Pool) queued() bool {
	if !p.startedFlag.Load() {
		return false
	}
	if !p.global.empty() {
		return true
	}
	if all := p.all.Load(); all != nil {
		for _, w := range *all {
			if w.local.len() > 0 {
				return true
			}
		}
	}
	return false
}

// pendingCount is the number of queued items (a snapshot).
func (p *Pool) pendingCount() int {
	if !p.startedFlag.Load() {
		return 0
	}
	n := p.global.len()
	if all := p.all.Load(); all != nil {
		for _, w := range *all {
			n += w.local.len()
		}
	}
	return n
}

// isWorker reports whether t is one of the pool's workers; any thread may
// ask (workerOf is for a thread asking about itself).
func (p *Pool) isWorker(t *vm.Thread) bool {
	if all := p.all.Load(); all != nil {
		for _, w := range *all {
			if w.t == t {
				return true
			}
		}
	}
	return false
}

// close stops the pool: queued work is dropped, idle workers exit now and
// busy ones after their current item.
func (p *Pool) close() {
	p.mu.Lock()
	p.closed.Store(true)
	p.drainGlobal()
	for len(p.idle) > 0 {
		p.wakeOneLocked(false)
	}
	if p.starve != nil {
		p.starve.Stop()
	}
	p.mu.Unlock()
}

func (p *Pool) startLocked() {
	if p.started {
		return
	}
	p.started = true
	p.global = newGlobalQueue()
	p.startedFlag.Store(true)
	p.starve = time.AfterFunc(time.Hour, p.starveCheck)
	p.starve.Stop()
	for i := int32(0); i < p.target; i++ {
		p.spawnLocked()
	}
}

func (p *Pool) spawnLocked() {
	if p.closed.Load() {
		return
	}
	// Past the thread limit no worker is added, except the first one.
	counted := p.m.TryStartThread()
	if !counted && len(p.workers) > 0 {
		return
	}
	t := p.m.NewThread()
	Attach(t)
	w := &worker{p: p, t: t, counted: counted, wake: make(chan bool, 1)}
	threadStateOf(t).worker = w
	p.workers = append(p.workers, w)
	p.publishLocked()
	p.active.Add(1)
	go w.loop()
}

// publishLocked makes the current worker list visible to stealers.
func (p *Pool) publishLocked() {
	all := append([]*worker(nil), p.workers...)
	p.all.Store(&all)
}

// workerOf returns the pool worker that VM thread t is, or nil. Only t's own
// goroutine may ask.
func workerOf(t *vm.Thread) *worker {
	if s, ok := t.Lib.(*threadState); ok {
		return s.worker
	}
	return nil
}

// globalEvery is how often (in items taken) a worker looks at the global
// queue before its own, so that local work cannot starve global work.
const globalEvery = 61

// take finds the next item: the worker's own queue, then the global queue,
// then the other workers' queues; every globalEvery items the global queue
// first.
func (w *worker) take() workItem {
	w.takes++
	if w.takes%globalEvery == 0 {
		if it := w.p.takeGlobal(); it != nil {
			return it
		}
	}
	if it, _ := w.local.pop(true); it != nil {
		if w.stale.Load() {
			w.stale.Store(false)
		}
		return it
	}
	p := w.p
	if it := p.takeGlobal(); it != nil {
		return it
	}
	if all := p.all.Load(); all != nil {
		for _, o := range *all {
			// An only item is its owner's next unless the owner is stuck.
			if o != w && o.stealable() {
				if it, _ := o.local.pop(false); it != nil {
					return it
				}
			}
		}
	}
	return nil
}

// stealable reports whether another worker may take from w's queue: it
// holds more than the item w takes next, or w is stuck.
func (w *worker) stealable() bool {
	n := w.local.len()
	return n > 1 || n > 0 && w.stale.Load()
}

// hasWork reports whether w would find an item: in its own queue, the
// global queue, or another worker's queue it may steal from.
func (w *worker) hasWork() bool {
	p := w.p
	if w.local.len() > 0 || !p.global.empty() {
		return true
	}
	if all := p.all.Load(); all != nil {
		for _, o := range *all {
			if o != w && o.stealable() {
				return true
			}
		}
	}
	return false
}

func (p *Pool) takeGlobal() workItem { return p.global.pop() }

// spinRounds bounds the one spinning worker's search for work before it
// parks; spinPause is the busy wait between two looks.
const (
	spinRounds = 40
	spinPause  = 40
)

// loop runs the worker until it retires: serve runs items until then and
// returns false, or returns true after an item panicked (a VM bug, reported
// by recoverInternal), and the worker carries on with its next item.
func (w *worker) loop() {
	for w.serve() {
	}
}

// serve takes and runs items. One deferred recover covers all of them, so
// an item costs no defer of its own. The worker counts as busy for the
// deadlock watch from the item it takes after idling to the moment it idles
// again, not per item: between two items it is still running.
func (w *worker) serve() (panicked bool) {
	p := w.p
	wt := watchOf(p.m)
	busy := false
	defer func() {
		if r := recover(); r != nil {
			reportInternal(w.t.M, r)
			if busy {
				wt.addBusy(-1)
			}
			panicked = true
		}
	}()
	for {
		it := w.take()
		if it == nil {
			if busy {
				wt.addBusy(-1)
				busy = false
			}
			if it = w.idle(); it == nil {
				return false
			}
		}
		if !busy {
			wt.addBusy(1)
			busy = true
		}
		it.RunItem(w.t)
		w.t.Ctx.Switch(nil)
		w.t.ResetSyncContext(nil) // ExecutionContext.ResetThreadPoolThread
		w.t.Idle()
		if p.active.Load() > p.target || p.closed.Load() {
			p.mu.Lock()
			if p.active.Load() > p.target || p.closed.Load() {
				w.retireLocked()
				p.mu.Unlock()
				wt.addBusy(-1)
				return false
			}
			p.mu.Unlock()
		}
	}
}

// idle waits for work: it spins if no other worker does, then parks. It
// returns the item found (as take does), or nil when the worker retired.
func (w *worker) idle() workItem {
	p := w.p
	spinner := false // w holds the spinning slot
	for {
		if !spinner && !p.closed.Load() && p.spinning.Load() == 0 && p.spinning.CompareAndSwap(0, 1) {
			spinner = true
		}
		if spinner {
			it := w.spin()
			p.spinning.Add(-1)
			spinner = false
			if it != nil {
				// The spinning slot is free again: if more work is
				// queued, wake the next worker to look for it.
				if w.hasWork() {
					p.notify()
				}
				return it
			}
		}
		p.mu.Lock()
		if p.closed.Load() || p.active.Load() > p.target {
			w.retireLocked()
			p.mu.Unlock()
			return nil
		}
		// Listed as idle before looking at the queues, and queueing puts
		// the item in before looking at nidle: one of the two sees the
		// other.
		p.idle = append(p.idle, w)
		p.nidle.Add(1)
		if w.hasWork() {
			p.idle = p.idle[:len(p.idle)-1]
			p.nidle.Add(-1)
			p.mu.Unlock()
			if it := w.take(); it != nil {
				return it
			}
			// Queued but not yet visible (its producer is writing the
			// cell), or taken by another worker first.
			runtime.Gosched()
			continue
		}
		p.mu.Unlock()
		if spinner = <-w.wake; !spinner {
			if it := w.take(); it != nil {
				return it
			}
		}
	}
}

// spin looks for work for a bounded time.
func (w *worker) spin() workItem {
	p := w.p
	for i := 0; i < spinRounds; i++ {
		if w.hasWork() {
			if it := w.take(); it != nil {
				return it
			}
		}
		if p.closed.Load() {
			return nil
		}
		if i%8 == 7 {
			runtime.Gosched()
			continue
		}
		for j := 0; j < spinPause; j++ {
			if !p.global.empty() {
				break
			}
		}
	}
	return nil
}

// retireLocked removes a surplus worker, moving its local items to the
// global queue. Only w's goroutine calls it.
func (w *worker) retireLocked() {
	p := w.p
	p.active.Add(-1)
	if w.counted {
		p.m.EndThread()
	}
	for i, o := range p.workers {
		if o == w {
			p.workers = append(p.workers[:i:i], p.workers[i+1:]...)
			break
		}
	}
	p.publishLocked()
	w.gone = true
	moved := 0
	for {
		it, _ := w.local.pop(true)
		if it == nil {
			break
		}
		if !p.closed.Load() {
			p.global.push(it)
			moved++
		}
	}
	if moved > 0 {
		p.wakeOneLocked(false)
	}
}

// recoverInternal turns a Go panic on a pool worker or a Thread (a VM bug)
// into a crash of the machine with an "internal error" (exit status 70, as
// the driver reports a panic on the main thread), instead of a crash of the
// whole process. The goroutine then carries on: a worker takes its next item.
func recoverInternal(m *vm.Machine) {
	if r := recover(); r != nil {
		reportInternal(m, r)
	}
}

// reportInternal crashes the machine with the internal error r.
func reportInternal(m *vm.Machine, r any) {
	msg := fmt.Sprintf("internal error: %v", r)
	if os.Getenv("ASYNCVM_DEBUG") != "" {
		msg += "\n" + string(debug.Stack())
	}
	m.Crash(&vm.Fatal{Msg: msg, Code: 70})
}

// poolBlock runs wait for t: a pool worker about to block gives up its
// active slot, and the pool starts a replacement when below its target; a
// parked worker is woken for the items on the blocked worker's queue.
func poolBlock(t *vm.Thread, wait func()) {
	w := workerOf(t)
	if w == nil {
		wait()
		return
	}
	p := w.p
	p.mu.Lock()
	if p.active.Add(-1) < p.target {
		p.spawnLocked()
	}
	if w.local.len() > 0 {
		w.stale.Store(true)
		p.wakeOneLocked(false)
	}
	p.mu.Unlock()
	wait()
	p.active.Add(1)
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
