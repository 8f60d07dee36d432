package lib

import (
	"math"
	"math/rand/v2"
	"sync"
)

// A Random made with a seed produces .NET's sequence for that seed: .NET
// keeps Knuth's subtractive generator (Numerical Recipes' ran3, with
// .NET's own quirks) for seeded instances so that programs and tests that
// print seeded numbers see the same values on every version. An unseeded
// Random (and Random.Shared) has no sequence to match and uses Go's PCG.

const (
	compatMBig  = math.MaxInt32
	compatMSeed = 161803398
)

// compatPrng is the seeded generator's state.
type compatPrng struct {
	seed          [56]int32
	inext, inextp int
}

func newCompatPrng(seed int32) *compatPrng {
	p := &compatPrng{}
	sub := int32(compatMBig)
	if seed != math.MinInt32 {
		sub = seed
		if sub < 0 {
			sub = -sub
		}
	}
	mj := compatMSeed - sub
	p.seed[55] = mj
	mk := int32(1)
	ii := 0
	for i := 1; i < 55; i++ {
		if ii += 21; ii >= 55 {
			ii -= 55
		}
		p.seed[ii] = mk
		mk = mj - mk
		if mk < 0 {
			mk += compatMBig
		}
		mj = p.seed[ii]
	}
	for k := 1; k < 5; k++ {
		for i := 1; i < 56; i++ {
			n := i + 30
			if n >= 55 {
				n -= 55
			}
			p.seed[i] -= p.seed[1+n]
			if p.seed[i] < 0 {
				p.seed[i] += compatMBig
			}
		}
	}
	p.inext, p.inextp = 0, 21
	return p
}

// internalSample returns the next value in [0, int.MaxValue).
func (p *compatPrng) internalSample() int32 {
	a, b := p.inext+1, p.inextp+1
	if a >= 56 {
		a = 1
	}
	if b >= 56 {
		b = 1
	}
	r := p.seed[a] - p.seed[b]
	if r == compatMBig {
		r--
	}
	if r < 0 {
		r += compatMBig
	}
	p.seed[a] = r
	p.inext, p.inextp = a, b
	return r
}

func (p *compatPrng) sample() float64 { return float64(p.internalSample()) * (1.0 / compatMBig) }

// sampleLargeRange is a sample for a range wider than int.MaxValue.
func (p *compatPrng) sampleLargeRange() float64 {
	r := p.internalSample()
	if p.internalSample()%2 == 0 {
		r = -r
	}
	return (float64(r) + (math.MaxInt32 - 1)) / (2*float64(uint32(math.MaxInt32)) - 1)
}

// randomState is a Random: .NET's seeded generator, or a PCG source when
// unseeded; a mutex keeps a racing program from tearing the state.
type randomState struct {
	mu     sync.Mutex
	compat *compatPrng
	r      *rand.Rand
}

func newRandomState(seed int32, seeded bool) *randomState {
	if seeded {
		return &randomState{compat: newCompatPrng(seed)}
	}
	return &randomState{r: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
}

// next is Next(lo, hi) for lo < hi.
func (rs *randomState) next(lo, hi int) int {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.compat == nil {
		return lo + int(rs.r.Int64N(int64(hi)-int64(lo)))
	}
	span := int64(hi) - int64(lo)
	if span <= math.MaxInt32 {
		return int(int32(rs.compat.sample()*float64(span)) + int32(lo))
	}
	return int(int32(int64(rs.compat.sampleLargeRange()*float64(span)) + int64(lo)))
}

// nextMax is Next() (all) or Next(max).
func (rs *randomState) nextMax(max int, all bool) int {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.compat == nil {
		if all {
			return int(rs.r.Int32N(math.MaxInt32))
		}
		return int(rs.r.Int32N(int32(max)))
	}
	if all {
		return int(rs.compat.internalSample())
	}
	return int(int32(rs.compat.sample() * float64(max)))
}

func (rs *randomState) nextDouble() float64 {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.compat == nil {
		return rs.r.Float64()
	}
	return rs.compat.sample()
}

func (rs *randomState) nextInt64(lo, hi int64) int64 {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.compat == nil {
		return lo + rs.r.Int64N(hi-lo)
	}
	// .NET's seeded NextInt64 draws from the same samples; a range within
	// int32 takes one sample as Next(lo, hi) does.
	span := uint64(hi - lo)
	if span <= math.MaxInt32 {
		return lo + int64(rs.compat.sample()*float64(span))
	}
	return lo + int64(rs.compat.sampleLargeRange()*float64(span))
}

// nextSample is Next() (all): one full sample, .NET's InternalSample when
// seeded.
func (rs *randomState) nextSample() int32 {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.compat == nil {
		return rs.r.Int32N(math.MaxInt32)
	}
	return rs.compat.internalSample()
}
