package threading

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"asyncvm/vm"
)

// watch accounts for what can still make progress on one machine, so that a
// program in which nothing can is reported as a deadlock instead of hanging.
//
// busy counts VM threads that are running code or waiting with a time limit
// (a sleeping thread will wake): the main thread until Main returns, each
// started Thread until it ends, each pool worker while it runs an item. A
// thread leaves busy while it blocks without a limit (BlockOn, Join, an
// infinite Wait) and enters it again when it wakes. timers counts armed
// timers (Task.Delay, CancelAfter, WaitAsync timeouts); the pool's queues
// (Pool.queued) cover queued items. Every change bumps gen, so the watchdog can tell
// a stable "nothing can progress" state from a moment between transitions.
// What a blocked thread waits for is published in its own atomic field
// (vm.Thread.SetWaiting), so blocking takes no lock; a report reads every
// thread's.
type watch struct {
	busy   atomic.Int64
	timers atomic.Int64
	gen    atomic.Int64

	mu    sync.Mutex
	armed map[*machineTimer]struct{} // timers not yet fired or stopped, for Close
}

func watchOf(m *vm.Machine) *watch {
	st := stateOf(m)
	st.watchOnce.Do(func() {
		st.watch = &watch{armed: map[*machineTimer]struct{}{}}
	})
	return st.watch
}

func (w *watch) addBusy(n int64) {
	w.busy.Add(n)
	w.gen.Add(1)
}

// MainStarted counts the main thread as running; the driver calls it before
// invoking the entry point and MainEnded when the entry point has returned.
func MainStarted(t *vm.Thread) { watchOf(t.M).addBusy(1) }

// MainEnded stops counting the main thread.
func MainEnded(t *vm.Thread) { watchOf(t.M).addBusy(-1) }

// WaitEntry blocks the main thread until the entry point's task completes,
// recording it so a deadlock report can name the awaits pending on it.
func WaitEntry(t *vm.Thread, tk *vm.Task) {
	blockOnTask(t, tk, "the wait for the task Main returned")
}

// blockOnTask blocks t until tk completes, described as what. It spins
// briefly first: a wait for a short item (Task.Run(...).Wait()) then ends
// without an allocation, a deadlock-watch entry or a wakeup. Otherwise the
// thread parks on its Parker, which tk's completion unparks.
func blockOnTask(t *vm.Thread, tk *vm.Task, what string) {
	if spinUntil(tk.IsCompleted) {
		return
	}
	blockNoted(t, what, tk, func() { tk.ParkUntilCompleted(t) })
}

// blockOn blocks t until ch is closed, described as what.
func blockOn(t *vm.Thread, ch <-chan struct{}, what string) {
	select {
	case <-ch:
		return
	default:
	}
	blockNoted(t, what, nil, untilClosed(t.M, ch))
}

// waitSpinRounds bounds spinUntil; it looks waitSpinPause times between
// two yields of the processor.
const (
	waitSpinRounds = 24
	waitSpinPause  = 64
)

// spinUntil polls done for a short bounded time and reports whether it
// became true.
func spinUntil(done func() bool) bool {
	for i := 0; i < waitSpinRounds; i++ {
		for j := 0; j < waitSpinPause; j++ {
			if done() {
				return true
			}
		}
		runtime.Gosched()
	}
	return done()
}

// untilClosed returns a wait for ch that a Close of m abandons, so that no
// goroutine of a closed machine stays blocked; the thread then ends at its
// next call or backward jump.
func untilClosed(m *vm.Machine, ch <-chan struct{}) func() {
	return func() {
		select {
		case <-ch:
		case <-m.Closed():
		}
	}
}

// blockNoted runs wait, a wait without a time limit: the thread leaves the
// busy count and is listed for deadlock reports while it waits, and a pool
// worker gives up its slot.
func blockNoted(t *vm.Thread, what string, tk *vm.Task, wait func()) {
	w := watchOf(t.M)
	// The stack is read only if a deadlock is reported (while the thread
	// is still listed and so still blocked, its frames unchanged).
	t.SetWaiting(&vm.WaitInfo{What: what, Task: tk})
	w.addBusy(-1)
	poolBlock(t, wait)
	w.addBusy(1)
	t.SetWaiting(nil)
}

// blockTimed runs wait, a wait with a time limit: the thread stays busy (it
// will wake), but a pool worker gives up its slot.
func blockTimed(t *vm.Thread, wait func()) { poolBlock(t, wait) }

// blockLimit blocks with blockTimed when limit is finite, else blockNoted.
func blockLimit(t *vm.Thread, limit vmDuration, what string, wait func()) {
	if limit.infinite {
		blockNoted(t, what, nil, wait)
	} else {
		blockTimed(t, wait)
	}
}

// machineTimer is a timer counted by the machine's watch while armed.
type machineTimer struct {
	w     *watch
	timer *time.Timer
	done  atomic.Bool // fired or stopped: no longer counted
}

// afterFunc runs f after d on its own goroutine, like time.AfterFunc, and
// counts the timer as a source of progress until f has returned or the
// timer is stopped.
func afterFunc(m *vm.Machine, d time.Duration, f func()) *machineTimer {
	w := watchOf(m)
	mt := &machineTimer{w: w}
	w.timers.Add(1)
	w.gen.Add(1)
	w.mu.Lock()
	mt.timer = time.AfterFunc(d, func() {
		f()
		mt.release()
	})
	w.armed[mt] = struct{}{}
	w.mu.Unlock()
	return mt
}

func (mt *machineTimer) release() {
	if mt.done.CompareAndSwap(false, true) {
		mt.w.timers.Add(-1)
		mt.w.gen.Add(1)
		mt.w.mu.Lock()
		delete(mt.w.armed, mt)
		mt.w.mu.Unlock()
	}
}

// stopTimers stops every armed timer (the machine is closing).
func (w *watch) stopTimers() {
	w.mu.Lock()
	armed := make([]*machineTimer, 0, len(w.armed))
	for mt := range w.armed {
		armed = append(armed, mt)
	}
	w.mu.Unlock()
	for _, mt := range armed {
		mt.Stop()
	}
}

// Stop stops the timer; it reports whether it stopped it before it fired.
func (mt *machineTimer) Stop() bool {
	if mt == nil {
		return false
	}
	ok := mt.timer.Stop()
	if ok {
		mt.release()
	}
	return ok
}

// stalled reports whether nothing on m can make progress right now, and the
// generation the reading belongs to.
func (w *watch) stalled(p *Pool) (bool, int64) {
	g := w.gen.Load()
	ok := w.busy.Load() <= 0 && w.timers.Load() <= 0 && (p == nil || !p.queued())
	if w.gen.Load() != g {
		return false, g
	}
	return ok, g
}

// DeadlockInterval is how often the deadlock watchdog samples a machine; a
// deadlock is reported after three agreeing samples.
var DeadlockInterval = 100 * time.Millisecond

// WatchDeadlocks starts the deadlock watchdog for m and returns the function
// that stops it. When every VM thread is blocked without a time limit, no
// timer is armed and no pool item is queued, through three samples with no
// change in between, it ends the program with a *vm.Fatal whose message
// starts "deadlock:" and names what each thread and each pending await
// waits on (exit status 1), where .NET would hang.
func WatchDeadlocks(m *vm.Machine) (stop func()) {
	w := watchOf(m)
	p := PoolOf(m)
	quit := make(chan struct{})
	go func() {
		tick := time.NewTicker(DeadlockInterval)
		defer tick.Stop()
		agree, last := 0, int64(-1)
		for {
			select {
			case <-quit:
				return
			case <-m.Crashed():
				return
			case <-stateOf(m).closed:
				return
			case <-tick.C:
			}
			ok, g := w.stalled(p)
			switch {
			case !ok:
				agree = 0
			case g == last:
				agree++
			default:
				agree = 1
			}
			last = g
			if agree >= 3 {
				m.Crash(&vm.Fatal{Msg: w.report(m), Code: 1})
				return
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(quit) }) }
}

// report describes the deadlock: each blocked thread with what it waits on
// and where, then the awaits pending on the tasks they wait for.
func (w *watch) report(m *vm.Machine) string {
	var threads []*vm.Thread
	infos := map[*vm.Thread]*vm.WaitInfo{}
	traces := map[*vm.Thread][]vm.TraceEntry{}
	for _, t := range m.Threads() {
		if in := t.Waiting(); in != nil {
			threads = append(threads, t)
			infos[t] = in
			traces[t] = t.StackTrace(8)
		}
	}
	sort.Slice(threads, func(i, j int) bool { return threads[i].ID < threads[j].ID })
	var b strings.Builder
	b.WriteString("deadlock: all threads are blocked and nothing can wake them")
	for _, t := range threads {
		in := infos[t]
		what := in.What
		if what == "" {
			what = "a wait without a timeout"
		}
		if in.Task != nil {
			what += fmt.Sprintf(" (task %d)", in.Task.ID())
		}
		fmt.Fprintf(&b, "\nthread %d%s is blocked in %s", t.ID, threadRole(t), what)
		if tr := vm.FormatTrace(traces[t]); tr != "" {
			b.WriteString("\n" + indent(tr, "  "))
		}
	}
	for _, t := range threads {
		if tk := infos[t].Task; tk != nil {
			if s := pendingAwaits(m, tk); s != "" {
				fmt.Fprintf(&b, "\ntask %d is pending on:\n%s", tk.ID(), s)
			}
		}
	}
	return b.String()
}

// threadRole names the kind of thread t is, for reports.
func threadRole(t *vm.Thread) string {
	switch {
	case t.ID == 1:
		return " (main)"
	case PoolOf(t.M).isWorker(t):
		return " (pool)"
	}
	return ""
}

// pendingAwaits lists the awaits of the rt chain that owns tk, innermost
// first, each with its source line.
func pendingAwaits(m *vm.Machine, tk *vm.Task) string {
	if tk.IsCompleted() {
		return ""
	}
	owner := tk.Owner()
	if d, ok := owner.(PendingDescriber); ok {
		return d.DescribePending()
	}
	c, ok := owner.(*vm.Continuation)
	if !ok || c == nil {
		if owner != nil {
			return "  an async method suspended at an await"
		}
		return ""
	}
	var lines []string
	for ; c != nil && len(lines) < 20; c = c.Next() {
		if c.Fn == nil {
			continue
		}
		line := c.Fn.LineAt(c.ResumePC() - 1)
		s := fmt.Sprintf("  await in %s() at %s:line %d", c.Fn.QualifiedName(), c.Fn.File, line)
		if src := sourceLine(m.Prog.Source, line); src != "" {
			s += ": " + src
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

// PendingDescriber is implemented by task owners other than rt chains (the
// sm method builder) to say, for deadlock reports, where the method that
// will complete the task is suspended: one line per awaiting method,
// innermost first, each indented by two spaces.
type PendingDescriber interface {
	DescribePending() string
}

// sourceLine returns line n (1-based) of src, trimmed.
func sourceLine(src []byte, n int) string {
	if n < 1 {
		return ""
	}
	ls := strings.Split(string(src), "\n")
	if n > len(ls) {
		return ""
	}
	return strings.TrimSpace(ls[n-1])
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(s, "\n", "\n"+pre)
}
