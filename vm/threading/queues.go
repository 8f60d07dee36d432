package threading

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// itemWords is a work item (an interface value) as its two words, which a
// local queue slot stores and loads one atomic word at a time. A taker
// may read the two words of different items when an owner reuses the slot
// under it, but then its compare-and-swap of head fails and it drops what
// it read; the words are only made into an item after the swap succeeded.
type itemWords struct{ tab, data unsafe.Pointer }

func wordsOf(it workItem) itemWords { return *(*itemWords)(unsafe.Pointer(&it)) }
func (w itemWords) item() workItem  { return *(*workItem)(unsafe.Pointer(&w)) }

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
	slot [localQueueSize]itemWords
}

// push queues it; false when the queue is full. Owner only.
func (q *localQueue) push(it workItem) bool {
	t := q.tail.Load()
	if t-q.head.Load() >= localQueueSize {
		return false
	}
	w := wordsOf(it)
	s := &q.slot[t%localQueueSize]
	atomic.StorePointer(&s.tab, w.tab)
	atomic.StorePointer(&s.data, w.data)
	q.tail.Store(t + 1)
	return true
}

// pop takes the oldest item, or nil. owner says the caller is the owner,
// which then clears the slot so that it does not keep the item alive (only
// the owner writes slots, so its clear cannot overwrite a newer item).
func (q *localQueue) pop(owner bool) workItem {
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
		w := itemWords{atomic.LoadPointer(&s.tab), atomic.LoadPointer(&s.data)}
		if q.head.CompareAndSwap(h, h+1) {
			if owner {
				atomic.StorePointer(&s.data, nil)
			}
			return w.item()
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
	item workItem // guarded by seq
}

func newGlobalQueue() *globalQueue {
	q := &globalQueue{}
	for i := range q.cells {
		q.cells[i].seq.Store(uint64(i))
	}
	return q
}

func (q *globalQueue) push(it workItem) {
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
	q.over.push(it)
	q.overN.Add(1)
	q.mu.Unlock()
}

// pop takes the oldest item, or nil.
func (q *globalQueue) pop() workItem {
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
	return it
}

// empty reports whether the queue looked empty.
func (q *globalQueue) empty() bool {
	return q.enq.Load() == q.deq.Load() && q.overN.Load() == 0
}
