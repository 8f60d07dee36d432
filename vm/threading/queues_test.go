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
