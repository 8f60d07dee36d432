package threading

import (
	"sync"
	"sync/atomic"
	"testing"

	"asyncvm/vm"
)

// seqItem is a numbered work item: producer p's i-th item.
type seqItem struct{ p, i int }

func (*seqItem) RunItem(*vm.Thread) {}

// TestGlobalQueueSegments pushes from several producers, far past one
// segment, while several consumers take: every item comes out exactly once,
// and each producer's items in the order it pushed them (the queue is FIFO
// across the segments it links and freezes).
func TestGlobalQueueSegments(t *testing.T) {
	const producers, consumers, per = 3, 3, 60_000
	q := newGlobalQueue()
	var taken atomic.Int64
	seen := make([][]bool, producers)
	for p := range seen {
		seen[p] = make([]bool, per)
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for p := 0; p < producers; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < per; i++ {
				q.push(&seqItem{p, i})
			}
		}()
	}
	errs := make(chan string, consumers)
	for c := 0; c < consumers; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			last := make([]int, producers)
			for p := range last {
				last[p] = -1
			}
			for taken.Load() < producers*per {
				it := q.pop()
				if it == nil {
					continue
				}
				s := it.(*seqItem)
				if s.i <= last[s.p] {
					errs <- "out of order"
					return
				}
				last[s.p] = s.i
				mu.Lock()
				dup := seen[s.p][s.i]
				seen[s.p][s.i] = true
				mu.Unlock()
				if dup {
					errs <- "taken twice"
					return
				}
				taken.Add(1)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
	if it := q.pop(); it != nil {
		t.Fatalf("queue not empty after all items were taken: %v", it)
	}
	if h, tl := q.head.Load(), q.tail.Load(); h != tl {
		t.Errorf("head and tail segments differ after draining")
	}
}

// TestLocalQueueNextSlot has the owner push (and now and then take) while
// thieves take: every item comes out exactly once, the owner sees the
// items in the order they were pushed (the next slot holds an item only
// when the ring is empty, and is taken before it), and the slot is used.
func TestLocalQueueNextSlot(t *testing.T) {
	const thieves, total = 2, 200_000
	var q localQueue
	seen := make([]atomic.Bool, total)
	var taken, fromSlot atomic.Int64
	errs := make(chan string, thieves+1)
	check := func(last *int, it workItem, counted bool) bool {
		s := it.(*seqItem)
		if last != nil {
			if s.i <= *last {
				errs <- "out of order"
				return false
			}
			*last = s.i
		}
		if seen[s.i].Swap(true) {
			errs <- "taken twice"
			return false
		}
		if !counted {
			fromSlot.Add(1)
		}
		taken.Add(1)
		return true
	}
	var wg sync.WaitGroup
	for c := 0; c < thieves; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A thief's order is not checked: it may take an item from the
			// ring just before another taker empties the slot, which holds
			// an older one (the owner's takes are ordered).
			for taken.Load() < total {
				if it, counted := q.pop(false); it != nil && !check(nil, it, counted) {
					return
				}
			}
		}()
	}
	last := -1
	for i := 0; i < total; i++ {
		it := workItem(&seqItem{0, i})
		if !q.pushNext(it) {
			for !q.push(it) {
				if it, counted := q.pop(true); it != nil && !check(&last, it, counted) {
					break
				}
			}
		}
		if i%3 == 0 {
			if it, counted := q.pop(true); it != nil && !check(&last, it, counted) {
				break
			}
		}
	}
	for taken.Load() < total && len(errs) == 0 {
		if it, counted := q.pop(true); it != nil && !check(&last, it, counted) {
			break
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
	if q.len() != 0 {
		t.Fatalf("queue holds %d items after all were taken", q.len())
	}
	if fromSlot.Load() == 0 {
		t.Errorf("no item went through the next slot")
	}
}
