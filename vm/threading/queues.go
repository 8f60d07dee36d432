package threading

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// The pool's queues hold work items as the one pointer a Go func value is
// (itemPtr, itemOf), so that a slot can be read and written atomically
// without boxing the func.

func itemPtr(f workItem) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&f)) }
func itemOf(p unsafe.Pointer) workItem  { return *(*workItem)(unsafe.Pointer(&p)) }

// localQueueSize bounds a worker's own queue; when it is full, further
// items go to the global queue.
const localQueueSize = 256

// localQueue is a worker's own FIFO queue, lock-free as Go's scheduler's
// per-P run queue: only the owner pushes (it writes the slot, then
// publishes tail); the owner and thieves take from head with a
// compare-and-swap, reading the slot before it, so a taker that lost the
// race to an item discards what it read. A slot is reused only after head
// has passed it, so a value read from it is either the item at head or
// discarded.
type localQueue struct {
	head atomic.Uint32 // next item to take
	_    [60]byte      // head and tail on different cache lines
	tail atomic.Uint32 // next free slot; written by the owner only
	slot [localQueueSize]unsafe.Pointer
}

// push queues it; false when the queue is full. Owner only.
func (q *localQueue) push(it unsafe.Pointer) bool {
	t := q.tail.Load()
	if t-q.head.Load() >= localQueueSize {
		return false
	}
	atomic.StorePointer(&q.slot[t%localQueueSize], it)
	q.tail.Store(t + 1)
	return true
}

// pop takes the oldest item, or nil. owner says the caller is the owner,
// which then clears the slot so that it does not keep the item alive (only
// the owner writes slots, so its clear cannot overwrite a newer item).
func (q *localQueue) pop(owner bool) unsafe.Pointer {
	for {
		h := q.head.Load()
		t := q.tail.Load()
		if n := t - h; n == 0 || n > localQueueSize {
			if n == 0 {
				return nil
			}
			continue // head moved between the two loads: read again
		}
		s := &q.slot[h%localQueueSize]
		it := atomic.LoadPointer(s)
		if q.head.CompareAndSwap(h, h+1) {
			if owner {
				atomic.StorePointer(s, nil)
			}
			return it
		}
	}
}

// len is the number of queued items (a snapshot).
func (q *localQueue) len() int {
	h := q.head.Load()
	n := int32(q.tail.Load() - h)
	if n < 0 {
		return 0
	}
	return int(n)
}

// globalQueueSize is the capacity of the global queue's lock-free ring;
// items queued while it is full go to a mutex-guarded overflow list.
const globalQueueSize = 1024

// globalQueue is the queue for work queued from outside the pool's
// workers: Vyukov's bounded multi-producer multi-consumer ring, where each
// cell's sequence number says whether it is free for the producer of a
// position or full for its consumer, so producers and consumers each take
// a position with one compare-and-swap and never wait for one another's
// locks. While the overflow list holds items, new items join it too, so the
// queue stays first in, first out.
type globalQueue struct {
	enq   atomic.Uint64
	_     [56]byte
	deq   atomic.Uint64
	_     [56]byte
	cells [globalQueueSize]globalCell

	overN atomic.Int32 // len(over), read without mu
	mu    sync.Mutex
	over  ring
}

type globalCell struct {
	seq  atomic.Uint64
	item unsafe.Pointer // guarded by seq
}

func newGlobalQueue() *globalQueue {
	q := &globalQueue{}
	for i := range q.cells {
		q.cells[i].seq.Store(uint64(i))
	}
	return q
}

func (q *globalQueue) push(it unsafe.Pointer) {
	if q.overN.Load() == 0 {
		pos := q.enq.Load()
		for {
			c := &q.cells[pos%globalQueueSize]
			seq := c.seq.Load()
			switch d := int64(seq - pos); {
			case d == 0:
				if q.enq.CompareAndSwap(pos, pos+1) {
					c.item = it
					c.seq.Store(pos + 1)
					return
				}
				pos = q.enq.Load()
				continue
			case d > 0:
				pos = q.enq.Load()
				continue
			}
			break // full
		}
	}
	q.mu.Lock()
	q.over.push(itemOf(it))
	q.overN.Add(1)
	q.mu.Unlock()
}

// pop takes the oldest item, or nil.
func (q *globalQueue) pop() unsafe.Pointer {
	pos := q.deq.Load()
	for {
		c := &q.cells[pos%globalQueueSize]
		seq := c.seq.Load()
		switch d := int64(seq - (pos + 1)); {
		case d == 0:
			if q.deq.CompareAndSwap(pos, pos+1) {
				it := c.item
				c.item = nil
				c.seq.Store(pos + globalQueueSize)
				return it
			}
			pos = q.deq.Load()
			continue
		case d > 0:
			pos = q.deq.Load()
			continue
		}
		break // empty
	}
	if q.overN.Load() == 0 {
		return nil
	}
	q.mu.Lock()
	it := q.over.pop()
	if it != nil {
		q.overN.Add(-1)
	}
	q.mu.Unlock()
	if it == nil {
		return nil
	}
	return itemPtr(it)
}

// empty reports whether the queue looked empty.
func (q *globalQueue) empty() bool {
	return q.enq.Load() == q.deq.Load() && q.overN.Load() == 0
}
