package threading

import (
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

// localQueueSize bounds a worker's own ring; when it is full, further
// items go to the global queue.
const localQueueSize = 256

// localQueue is a worker's own FIFO queue: a next slot and a ring.
//
// The ring is lock-free as Go's scheduler's per-P run queue: only the owner
// pushes (it writes the slot, then publishes tail); the owner and thieves
// take from head with a compare-and-swap, reading the slot before it, so a
// taker that lost the race to an item discards what it read. A slot is
// reused only after head has passed it, so a value read from it is either
// the item at head or discarded.
//
// The next slot (Go's runnext, .NET's preference for the thread's own work
// item) holds an item pushed while the whole queue was empty: the item the
// worker runs when its current one ends, which then costs two atomic
// operations instead of the ring's round trip. An item goes there only
// when the ring and the slot are both empty, and the slot is taken before
// the ring, so the queue stays first in, first out: a continuation that
// keeps yielding goes behind whatever its item queued, and cannot starve
// it. An item in the slot is not work for other workers (none may take an
// only item unless its owner is stuck, so idle workers have nothing to
// look for). nextSeq's low two bits say whether the slot
// is empty, full, or being taken by a thief; the rest counts uses, so a
// taker's compare-and-swap from a stale reading fails. Only the owner
// writes an item into the slot (while empty); the owner takes it with one
// compare-and-swap from full to empty, a thief moves it to taking, reads
// and clears it, then marks it empty.
type localQueue struct {
	head atomic.Uint32 // next item of the ring to take
	_    [60]byte      // head and tail on different cache lines
	tail atomic.Uint32 // next free slot; written by the owner only
	slot [localQueueSize]itemWords

	nextSeq atomic.Uint32
	next    workItem // guarded by nextSeq
}

// The states of the next slot, nextSeq's low two bits. A full use of the
// slot (push, then take) adds 4 to nextSeq.
const (
	nextEmpty  = 0
	nextFull   = 1
	nextTaking = 2
	nextState  = 3
)

// pushNext puts it in the next slot if the whole queue is empty, and
// reports whether it did. Owner only.
func (q *localQueue) pushNext(it workItem) bool {
	s := q.nextSeq.Load()
	if s&nextState != nextEmpty || q.tail.Load() != q.head.Load() {
		return false
	}
	q.next = it
	q.nextSeq.Store(s + nextFull)
	return true
}

// push queues it on the ring; false when the ring is full. Owner only.
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

// pop takes the oldest item, or nil; counted says it came from the ring,
// not the next slot. owner says the caller is the
// owner, which then clears the ring slot so that it does not keep the item
// alive (only the owner writes ring slots, so its clear cannot overwrite a
// newer item).
func (q *localQueue) pop(owner bool) (it workItem, counted bool) {
	if s := q.nextSeq.Load(); s&nextState == nextFull {
		if owner {
			// Only the owner writes the slot, and a thief reads it only
			// after moving it to taking: after this swap nobody else
			// touches it until the owner fills it again.
			if q.nextSeq.CompareAndSwap(s, s+nextTaking+1) {
				it, q.next = q.next, nil
				return it, false
			}
		} else if q.nextSeq.CompareAndSwap(s, s+nextTaking-nextFull) {
			it, q.next = q.next, nil
			q.nextSeq.Store(s + nextTaking + 1)
			return it, false
		}
		// A thief took it (or the owner did): the ring may hold more.
	}
	for {
		h := q.head.Load()
		t := q.tail.Load()
		if n := t - h; n == 0 || n > localQueueSize {
			if n == 0 {
				return nil, false
			}
			continue // head moved between the two loads: read again
		}
		s := &q.slot[h%localQueueSize]
		w := itemWords{atomic.LoadPointer(&s.tab), atomic.LoadPointer(&s.data)}
		if q.head.CompareAndSwap(h, h+1) {
			if owner {
				atomic.StorePointer(&s.data, nil)
			}
			return w.item(), true
		}
	}
}

// len is the number of queued items (a snapshot).
func (q *localQueue) len() int {
	h := q.head.Load()
	n := int32(q.tail.Load() - h)
	if n < 0 {
		n = 0
	}
	if q.nextSeq.Load()&nextState == nextFull {
		n++
	}
	return int(n)
}

// progress changes whenever an item is taken from the queue (by its owner
// or a thief), for the pool's check that a busy worker's queue moves.
func (q *localQueue) progress() uint64 {
	return uint64(q.head.Load())<<32 | uint64(q.nextSeq.Load()&^nextState)
}

// The global queue's segments: the first holds firstSegment items, each
// further one twice its predecessor's, up to maxSegment.
const (
	firstSegment = 1024
	maxSegment   = 64 << 10
)

// globalQueue is the queue for work queued from outside the pool's
// workers, lock-free and unbounded as .NET's ConcurrentQueue: a list of
// segments, each Vyukov's bounded multi-producer multi-consumer ring, where
// each cell's sequence number says whether it is free for the producer of
// a position or full for its consumer, so producers and consumers each
// take a position with one compare-and-swap and never wait for one
// another. Producers push to the tail segment and consumers take from the
// head segment; when the tail is full, the producer that finds it so links
// a segment twice its size behind it and then freezes it, and once a frozen
// segment is drained consumers move on to the next one. Freezing sets a bit
// in the segment's enqueue position, so every producer's compare-and-swap
// from an earlier position fails and nothing joins a segment after its
// successor was linked: the queue stays first in, first out, and a drained
// frozen segment stays empty. While the queue stays within its tail
// segment, that ring is reused and pushing allocates nothing.
type globalQueue struct {
	head atomic.Pointer[globalSegment] // consumers' segment
	_    [56]byte
	tail atomic.Pointer[globalSegment] // producers' segment
}

// globalSegment is one ring of the global queue.
type globalSegment struct {
	enq  atomic.Uint64 // next position to fill; segFrozen once frozen
	_    [56]byte
	deq  atomic.Uint64 // next position to take
	_    [56]byte
	next atomic.Pointer[globalSegment] // linked before the segment is frozen
	mask uint64
	cell []globalCell
}

// segFrozen, set in a segment's enqueue position, closes it to producers.
const segFrozen = 1 << 63

type globalCell struct {
	seq  atomic.Uint64
	item workItem // guarded by seq
}

func newGlobalSegment(n int) *globalSegment {
	s := &globalSegment{mask: uint64(n - 1), cell: make([]globalCell, n)}
	for i := range s.cell {
		s.cell[i].seq.Store(uint64(i))
	}
	return s
}

func newGlobalQueue() *globalQueue {
	q := &globalQueue{}
	s := newGlobalSegment(firstSegment)
	q.head.Store(s)
	q.tail.Store(s)
	return q
}

func (q *globalQueue) push(it workItem) {
	for {
		s := q.tail.Load()
		if s.push(it) {
			return
		}
		// s is full or frozen: link (or find) its successor, freeze s, and
		// move the tail on.
		next := s.next.Load()
		if next == nil {
			next = newGlobalSegment(min(2*len(s.cell), maxSegment))
			if !s.next.CompareAndSwap(nil, next) {
				next = s.next.Load()
			}
		}
		s.enq.Or(segFrozen)
		q.tail.CompareAndSwap(s, next)
	}
}

// push puts it into the segment's ring; false if the ring is full or the
// segment frozen.
func (s *globalSegment) push(it workItem) bool {
	pos := s.enq.Load()
	for pos&segFrozen == 0 {
		c := &s.cell[pos&s.mask]
		seq := c.seq.Load()
		switch d := int64(seq - pos); {
		case d == 0:
			if s.enq.CompareAndSwap(pos, pos+1) {
				c.item = it
				c.seq.Store(pos + 1)
				return true
			}
		case d < 0:
			return false // full
		}
		pos = s.enq.Load()
	}
	return false
}

// pop takes the oldest item, or nil.
func (q *globalQueue) pop() workItem {
	for {
		s := q.head.Load()
		if it := s.pop(); it != nil {
			return it
		}
		// Empty: if s is frozen and drained, its successor holds what
		// follows. (A producer linked it before freezing s.)
		enq := s.enq.Load()
		if enq&segFrozen == 0 || s.deq.Load() != enq&^segFrozen {
			return nil
		}
		q.head.CompareAndSwap(s, s.next.Load())
	}
}

// empty reports whether the queue holds no item (a snapshot): no segment
// from the head on has a position filled and not taken. An item whose
// position was claimed but whose cell is still being written counts.
func (q *globalQueue) empty() bool {
	for s := q.head.Load(); s != nil; s = s.next.Load() {
		enq := s.enq.Load()
		if s.deq.Load() != enq&^segFrozen {
			return false
		}
		if enq&segFrozen == 0 {
			return true
		}
	}
	return true
}

// len is the number of items queued (a snapshot, for
// ThreadPool.PendingWorkItemCount).
func (q *globalQueue) len() int {
	n := 0
	for s := q.head.Load(); s != nil; s = s.next.Load() {
		enq := s.enq.Load() &^ segFrozen
		if deq := s.deq.Load(); enq > deq {
			n += int(enq - deq)
		}
	}
	return n
}

// pop takes the oldest item of the segment, or nil.
func (s *globalSegment) pop() workItem {
	pos := s.deq.Load()
	for {
		c := &s.cell[pos&s.mask]
		seq := c.seq.Load()
		switch d := int64(seq - (pos + 1)); {
		case d == 0:
			if s.deq.CompareAndSwap(pos, pos+1) {
				it := c.item
				c.item = nil
				c.seq.Store(pos + s.mask + 1)
				return it
			}
		case d < 0:
			return nil // empty, or its producer is still writing it
		}
		pos = s.deq.Load()
	}
}
