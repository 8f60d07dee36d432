package vm

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
	"unsafe"
)

// Limits are a machine's resource bounds; a zero field means no bound.
// docs/limits.md describes them as the user sees them.
type Limits struct {
	// MaxHeap bounds the bytes of program objects alive at once (strings,
	// arrays, objects, collections, builders, tasks, continuations). The
	// allocation that crosses it throws System.OutOfMemoryException.
	MaxHeap int64
	// MaxThreads bounds the threads alive at once: the main thread, started
	// Threads and pool workers. Thread.Start beyond it throws
	// OutOfMemoryException; the pool stops adding compensation workers.
	MaxThreads int
	// MaxOutput bounds the bytes the program writes to stdout and stderr.
	// The write that crosses it is cut, a marker is appended and the
	// program is stopped.
	MaxOutput int64
}

// OutOfMemoryMessage is .NET's message for OutOfMemoryException.
const OutOfMemoryMessage = "Insufficient memory to continue the execution of the program."

// heapSampleRate is the mean number of bytes between two sampled
// allocations. Each sample stands for this many bytes of the thread's
// allocations until the object it landed in is collected; the estimate's
// standard deviation is about sqrt(samples) * rate, 1.6% of a 256 MB limit.
const heapSampleRate = 64 << 10

// collectSlack: a forced collection must leave 1/collectSlack of the
// limit free besides the request, or the request fails.
const collectSlack = 16

// largeObject is the size from which an allocation is accounted exactly
// rather than sampled.
const largeObject = heapSampleRate

// heapAccount estimates the live bytes of one machine's objects; see
// docs/design.md, "Resource limits". It is separate from the Machine so
// that pending cleanups keep only this small struct alive.
type heapAccount struct {
	limit atomic.Int64 // 0: none
	live  atomic.Int64 // weights of tracked objects not yet collected
	gcMu  sync.Mutex   // one forced collection at a time
}

// heapRelease is the argument of a tracked object's cleanup.
type heapRelease struct {
	h *heapAccount
	n int64
}

func releaseHeap(r heapRelease) { r.h.live.Add(-r.n) }

// limitState is the machine's part of the resource limits.
type limitState struct {
	heap        heapAccount
	maxThreads  atomic.Int32
	liveThreads atomic.Int32 // threads counted against maxThreads, besides the main thread
	maxOutput   atomic.Int64
	written     int64 // bytes written so far, under outMu
	midLine     bool  // stdout does not end with a newline, under outMu
}

// SetLimits sets or changes the machine's limits. A heap limit counts the
// objects allocated from then on.
func (m *Machine) SetLimits(l Limits) {
	m.lim.heap.limit.Store(max(l.MaxHeap, 0))
	m.lim.maxThreads.Store(int32(min(max(l.MaxThreads, 0), math.MaxInt32)))
	m.lim.maxOutput.Store(max(l.MaxOutput, 0))
	m.outMu.Lock()
	m.lim.written = 0
	m.outMu.Unlock()
	registerSoftLimit(m, l.MaxHeap)
}

// Limits returns the machine's limits.
func (m *Machine) Limits() Limits {
	return Limits{MaxHeap: m.lim.heap.limit.Load(), MaxThreads: int(m.lim.maxThreads.Load()), MaxOutput: m.lim.maxOutput.Load()}
}

// ReleaseLimits takes the machine out of the process's Go memory limit;
// Close calls it.
func (m *Machine) ReleaseLimits() { registerSoftLimit(m, -1) }

// HeapLive returns the estimated bytes of the machine's live objects (zero
// without a heap limit, when nothing is tracked).
func (m *Machine) HeapLive() int64 { return m.lim.heap.live.Load() }

// OutOfMemory returns the error that throws System.OutOfMemoryException.
func (t *Thread) OutOfMemory() error {
	return t.Throw("System.OutOfMemoryException", OutOfMemoryMessage)
}

// Alloc accounts an object of about n bytes that the program has just
// allocated at p, and returns an OutOfMemoryException when the machine's
// heap limit is crossed. The fast path is one subtraction and a compare:
// only about one allocation per heapSampleRate bytes, and every large one,
// reaches allocSlow.
func (t *Thread) Alloc(p unsafe.Pointer, n int) error {
	t.allocated += int64(n)
	t.allocLeft -= int64(n)
	if t.allocLeft < 0 || n >= largeObject {
		return t.allocSlow(p, int64(n))
	}
	return nil
}

// AllocatedBytes is GC.GetTotalAllocatedBytes: the estimated sizes Alloc
// and Count accounted on every thread of the machine, the calling thread's
// up to now and the others' as of the end of their last run of the
// interpreter loop.
func (t *Thread) AllocatedBytes() int64 {
	total := t.allocated
	for _, o := range t.M.Threads() {
		if o != t {
			total += o.pubAllocated.Load()
		}
	}
	return total
}

// sampleGap draws the bytes until a thread's next sampled allocation.
func sampleGap() int64 { return int64(rand.ExpFloat64()*heapSampleRate) + 1 }

// Count accounts like Alloc but never fails: for small objects made where
// the interpreter has no error path (boxes, closures) or where a throw
// would leave an await half done (tasks, continuations). The next sampled
// Alloc, or any Reserve, that finds the estimate over the limit throws.
func (t *Thread) Count(p unsafe.Pointer, n int) {
	t.allocated += int64(n)
	t.allocLeft -= int64(n)
	if t.allocLeft < 0 || n >= largeObject {
		t.track(p, int64(n))
	}
}

func (t *Thread) allocSlow(p unsafe.Pointer, n int64) error {
	h := &t.M.lim.heap
	if !t.track(p, n) {
		return nil
	}
	if h.live.Load() > h.limit.Load() && !t.collect(0) {
		return t.OutOfMemory()
	}
	return nil
}

// track is the slow path of the sampling countdown: it gives the object at
// p its weight (its exact size when large, else a multiple of the sample
// rate) and a cleanup that takes the weight back when the object is
// collected. It reports whether a heap limit is set.
func (t *Thread) track(p unsafe.Pointer, n int64) bool {
	h := &t.M.lim.heap
	var w int64
	if n >= largeObject {
		w = n
		t.allocLeft += n // a large object uses none of the sampling budget
	}
	for t.allocLeft < 0 {
		w += heapSampleRate
		t.allocLeft += sampleGap()
	}
	if h.limit.Load() == 0 || w == 0 || p == nil {
		return h.limit.Load() != 0
	}
	runtime.AddCleanup((*byte)(p), releaseHeap, heapRelease{h, w})
	h.live.Add(w)
	return true
}

// Reserve checks, before a request of n bytes is allocated, that it fits
// in the machine's heap limit, collecting garbage first if needed. Callers
// use it for requests whose size the program chooses (arrays, strings,
// collection and builder growth), so that new int[int.MaxValue] fails
// without touching memory. The allocation is then accounted with Alloc.
func (t *Thread) Reserve(n int64) error {
	h := &t.M.lim.heap
	l := h.limit.Load()
	if l == 0 {
		// Without a limit a request is still bounded by the machine: one
		// larger than its physical memory would end the whole process
		// with a Go fatal error, so it throws OutOfMemoryException
		// before anything is allocated, as .NET's does.
		if n > physicalMemory() {
			return t.OutOfMemory()
		}
		return nil
	}
	if h.live.Load()+n <= l {
		return nil
	}
	if n > l || !t.collect(n) {
		return t.OutOfMemory()
	}
	return nil
}

// .NET's largest array and string lengths: a request beyond them throws
// OutOfMemoryException whatever memory is free.
const (
	MaxArrayLength  = 0x7FFFFFC7
	MaxStringLength = 0x3FFFFFDF
	arrayTooLarge   = "Array dimensions exceeded supported range."
)

// ReserveChars is Reserve for a string of count characters of size bytes
// each, failing as .NET does beyond its largest string length.
func (t *Thread) ReserveChars(count, size int64) error {
	if count > MaxStringLength {
		return t.OutOfMemory()
	}
	return t.ReserveElems(count, size)
}

// ReserveElems is Reserve for count elements of size bytes each; a count
// whose product overflows fails as too large.
func (t *Thread) ReserveElems(count, size int64) error {
	if count < 0 || size > 0 && count > math.MaxInt64/size {
		return t.OutOfMemory()
	}
	return t.Reserve(count * size)
}

// collect is heapAccount.collect for a request made on t. The registers
// above t's top frame are cleared first: frames that have returned leave
// their values there, which the VM never reads again but the Go collector
// would still see. Only t itself may touch its stack, so other threads'
// stale registers stay until they are overwritten.
func (t *Thread) collect(need int64) bool {
	clear(t.stack[min(t.top(), len(t.stack)):])
	return t.M.lim.heap.collect(need)
}

// Idle is called when t has finished a piece of work and has no frames
// (a pool item, a thread's body). Under a heap limit it clears the
// registers the finished frames left on t's stack, which would otherwise
// keep their objects reachable while the thread waits for more work.
func (t *Thread) Idle() {
	if len(t.frames) == 0 && t.M.lim.heap.limit.Load() != 0 {
		clear(t.stack)
	}
}

// collect forces a garbage collection when the estimate, plus a request
// of need bytes, is over the limit: the estimate counts dead objects until
// the collector has found them. It waits briefly for the cleanups the
// collection queued and reports whether the request now fits with
// collectSlack of the limit to spare: a heap that a collection leaves
// nearly full counts as full, rather than collecting again every few
// allocations.
func (h *heapAccount) collect(need int64) bool {
	h.gcMu.Lock()
	defer h.gcMu.Unlock()
	if h.live.Load()+need <= h.limit.Load() {
		return true
	}
	l := h.limit.Load()
	fits := func() bool { return h.live.Load()+need <= l-l/collectSlack }
	forceGC()
	// runtime.GC returns once sweeping is done and every cleanup is queued;
	// they run on other goroutines. Wait until the estimate stops moving.
	deadline := time.Now().Add(50 * time.Millisecond)
	prev, stable := h.live.Load(), 0
	for !fits() && stable < 5 && time.Now().Before(deadline) {
		time.Sleep(200 * time.Microsecond)
		if cur := h.live.Load(); cur == prev {
			stable++
		} else {
			prev, stable = cur, 0
		}
	}
	return fits()
}

// forced coalesces the collections that machines force: a request is
// served by the first collection that starts after it was made, so
// machines reaching their limits at the same time share collections
// instead of queueing one full collection each.
var forced struct {
	mu                sync.Mutex
	cond              *sync.Cond
	running           bool
	started, finished uint64
}

func init() { forced.cond = sync.NewCond(&forced.mu) }

// forceGC runs a full collection that starts after the call, or waits for
// one that another machine started.
func forceGC() {
	forced.mu.Lock()
	defer forced.mu.Unlock()
	target := forced.started + 1
	for forced.finished < target {
		if forced.running {
			forced.cond.Wait()
			continue
		}
		forced.running = true
		forced.started++
		forced.mu.Unlock()
		runtime.GC()
		forced.mu.Lock()
		forced.running = false
		forced.finished = forced.started
		forced.cond.Broadcast()
	}
}

// Approximate sizes of the VM's objects, for accounting: the Go size class
// of the struct, plus the backing arrays counted by the callers.
const (
	SizeStr      = 48 // Str: header, string header, ascii, UTF-16 cache pointer
	SizeArray    = 48 // Array: header, element type, slice header
	SizeInstance = 32 // Instance: header, slice header
	SizeBox      = 24
	SizeClosure  = 64
	SizeNative   = 32 // Native: header, interface; the payload is counted apart
	SizeValue    = int(unsafe.Sizeof(Value{}))
)

func (t *Thread) countContinuation(c *Continuation, regs int) {
	t.Count(unsafe.Pointer(c), int(unsafe.Sizeof(*c))+regs*SizeValue)
}

func (t *Thread) countTask(tk *Task) { t.Count(unsafe.Pointer(tk), int(unsafe.Sizeof(*tk))) }

// NewString allocates a string value on behalf of the program running on
// t, accounting it against the heap limit.
func (t *Thread) NewString(s string) (Value, error) {
	v := String(s)
	if err := t.Alloc(v.p, SizeStr+len(s)); err != nil {
		return Null, err
	}
	return v, nil
}

// NewArray allocates an n-element array on behalf of the program running
// on t: the request is checked before any memory is touched.
func (t *Thread) NewArray(elem *Type, n int64) (*Array, error) {
	if n > MaxArrayLength {
		return nil, t.Throw("System.OutOfMemoryException", arrayTooLarge)
	}
	if err := t.ReserveElems(n, int64(SizeValue)); err != nil {
		return nil, err
	}
	if n > math.MaxInt32 {
		return nil, t.OutOfMemory()
	}
	a := NewArray(elem, int(n))
	if err := t.Alloc(unsafe.Pointer(a), SizeArray+int(n)*SizeValue); err != nil {
		return nil, err
	}
	return a, nil
}

// Grow returns s with room for add more elements, as append would make
// it, accounting a new backing array against the heap limit and failing
// before allocating one that cannot fit.
func Grow[T any](t *Thread, s []T, add int) ([]T, error) { return GrowWith(t, s, add, 0) }

// GrowWith is Grow for a slice that comes with a structure growing along
// with it (a hash index): extra bytes per element are accounted with it.
func GrowWith[T any](t *Thread, s []T, add, extra int) ([]T, error) {
	if add <= cap(s)-len(s) {
		return s, nil
	}
	size := int64(unsafe.Sizeof(*new(T))) + int64(extra)
	want := int64(len(s)) + int64(add)
	newCap := max(want, 2*int64(cap(s)), 4)
	if err := t.ReserveElems(newCap, size); err != nil {
		return s, err
	}
	ns := make([]T, len(s), newCap)
	copy(ns, s)
	if err := t.Alloc(unsafe.Pointer(unsafe.SliceData(ns)), int(newCap*size)); err != nil {
		return s, err
	}
	return ns, nil
}

// startThread counts a thread against the thread limit; it reports false
// when the limit is reached.
func (m *Machine) startThread() bool {
	lim := m.lim.maxThreads.Load()
	for {
		n := m.lim.liveThreads.Load()
		if lim > 0 && n+1 >= lim { // +1: the main thread, never counted
			return false
		}
		if m.lim.liveThreads.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// StartThread counts a new thread of the program against the thread limit,
// returning OutOfMemoryException when it is reached; the thread's end is
// reported with EndThread.
func (t *Thread) StartThread() error {
	if !t.M.startThread() {
		return t.OutOfMemory()
	}
	return nil
}

// TryStartThread is StartThread for threads the runtime adds on its own
// (pool workers): it reports whether one may start.
func (m *Machine) TryStartThread() bool { return m.startThread() }

// EndThread releases a thread counted by StartThread or TryStartThread.
func (m *Machine) EndThread() { m.lim.liveThreads.Add(-1) }

// clipOutput applies the output limit to a write of s; called under outMu.
// It returns what may still be written and whether the limit was crossed.
func (m *Machine) clipOutput(s string) (string, bool) {
	lim := m.lim.maxOutput.Load()
	if lim == 0 {
		return s, false
	}
	left := lim - m.lim.written
	if int64(len(s)) <= left {
		m.lim.written += int64(len(s))
		return s, false
	}
	m.lim.written = lim
	cut := max(left, 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut-- // do not split a character
	}
	return s[:cut], true
}

// OutputLimitError is the error that ends a program whose output crossed
// the limit.
func OutputLimitError(limit int64) *Fatal {
	return &Fatal{Msg: fmt.Sprintf("asyncvm: the output limit of %d bytes was exceeded", limit), Code: 1}
}

// outputMarker ends the output of a program stopped by the output limit,
// on a line of its own.
func outputMarker(limit int64, midLine bool) string {
	nl := ""
	if midLine {
		nl = "\n"
	}
	return fmt.Sprintf("%s... output cut: the program wrote more than %d bytes (--max-output) ...\n", nl, limit)
}

// writeLimited writes s to w under the output limit; called with outMu
// held. When the limit is crossed the machine is marked dead (no more
// output) and the caller must stop it with OutputLimitError.
func (m *Machine) writeLimited(w io.Writer, s string) (crossed bool) {
	if m.dead {
		return false
	}
	s, crossed = m.clipOutput(s)
	io.WriteString(w, s)
	if w == m.Stdout && s != "" {
		m.lim.midLine = s[len(s)-1] != '\n'
	}
	if crossed {
		io.WriteString(m.Stdout, outputMarker(m.lim.maxOutput.Load(), m.lim.midLine))
		m.dead = true
	}
	return crossed
}

// outputExceeded ends the program whose output crossed the limit: the
// driver reports the crash, and every thread stops at its next call or
// backward jump instead of writing on into the void.
func (m *Machine) outputExceeded() {
	err := OutputLimitError(m.lim.maxOutput.Load())
	m.Crash(err)
	m.Stop(err)
}

// WriteStderr writes program output to stderr (Console.Error), under the
// same output limit as Write.
func (m *Machine) WriteStderr(s string) {
	m.outMu.Lock()
	crossed := m.writeLimited(m.Stderr, s)
	m.outMu.Unlock()
	if crossed {
		m.outputExceeded()
	}
}

// The process's Go memory limit follows the heap limits of the machines
// running in it: the sum of their limits with half as much again for
// garbage between collections, plus headroom for what the VM and its host
// use besides (measured when the limit is set), or the limit the process
// started with while any machine without a heap limit runs.
var soft struct {
	mu       sync.Mutex
	machines map[*Machine]int64 // registered machines and their heap limits (0: none)
	initial  int64
}

// softHeadroom is what the process may use beyond its machines' limits:
// the compiled programs, stacks, goroutines, and the collector's slack.
const softHeadroom = 64 << 20

// registerSoftLimit records m's heap limit (0: none, -1: m has ended) and
// sets the Go memory limit from all registered machines.
func registerSoftLimit(m *Machine, limit int64) {
	soft.mu.Lock()
	defer soft.mu.Unlock()
	if soft.machines == nil {
		soft.machines = map[*Machine]int64{}
		soft.initial = debug.SetMemoryLimit(-1)
	}
	if limit < 0 {
		delete(soft.machines, m)
	} else {
		soft.machines[m] = limit
	}
	// The heap not held by limited machines' objects: the compiled
	// programs, the host's own data.
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	other := int64(0)
	if sample[0].Value.Kind() == metrics.KindUint64 {
		other = int64(sample[0].Value.Uint64())
	}
	sum := int64(softHeadroom)
	for om, l := range soft.machines {
		if l == 0 {
			sum = math.MaxInt64
			break
		}
		sum += l + l/2
		other -= om.lim.heap.live.Load()
	}
	if sum != math.MaxInt64 {
		sum += max(other, 0)
	}
	if len(soft.machines) == 0 {
		sum = math.MaxInt64
	}
	debug.SetMemoryLimit(min(sum, soft.initial))
}

// physicalMemory is the machine's memory in bytes (MemTotal of
// /proc/meminfo), or 1 TiB where that cannot be read.
var physicalMemory = sync.OnceValue(func() int64 {
	const fallback = 1 << 40
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return fallback
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "MemTotal:" {
			if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil && kb > 0 {
				return kb << 10
			}
		}
	}
	return fallback
})
