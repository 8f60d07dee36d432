package difftest

import "fmt"

// Multidimensional arrays: a rectangular int[,] (or int[,,]) made with a
// size or an initializer goes through element writes, compound
// assignments, ++ and awaits; the generator models every element and the
// program checks single elements, the row-major foreach order,
// GetLength and an out-of-range index, printing "MISMATCH" where the VM
// differs from C# (both models would agree on a wrong answer).

// mdArrayStmt generates one array, its operations and its checks.
func (g *gen) mdArrayStmt() {
	id := g.id()
	name := fmt.Sprintf("md%d", id)
	dims := []int{1 + g.r.Intn(3), 1 + g.r.Intn(3)}
	if g.r.Intn(4) == 0 {
		dims = append(dims, 1+g.r.Intn(2))
	}
	n := 1
	for _, d := range dims {
		n *= d
	}
	vals := make([]int, n)
	spec := "[" + fmt.Sprint(dims[0])
	for _, d := range dims[1:] {
		spec += fmt.Sprintf(", %d", d)
	}
	spec += "]"
	if g.r.Intn(2) == 0 {
		g.line("var %s = new int%s;", name, spec)
	} else {
		for i := range vals {
			vals[i] = (id + i) % 10
		}
		g.line("var %s = new int%s %s;", name, spec, initList(vals, dims))
	}
	// index spells the indices of flat offset off.
	index := func(off int) string {
		s := ""
		for d := len(dims) - 1; d >= 0; d-- {
			k := fmt.Sprint(off % dims[d])
			if s == "" {
				s = k
			} else {
				s = k + ", " + s
			}
			off /= dims[d]
		}
		return s
	}
	for k := 2 + g.r.Intn(5); k > 0; k-- {
		i := g.r.Intn(n)
		v := 1 + g.r.Intn(9)
		switch g.r.Intn(4) {
		case 0:
			g.line("%s[%s] = %d;", name, index(i), v)
			vals[i] = v
		case 1:
			g.line("%s[%s] += %d;", name, index(i), v)
			vals[i] += v
		case 2:
			g.line("%s[%s]++;", name, index(i))
			vals[i]++
		case 3:
			g.line("await Task.Yield();")
			g.line("%s[%s] = %s[%s] * 2;", name, index(i), name, index(i))
			vals[i] *= 2
		}
	}
	if g.quiet {
		g.line("acc += %s[%s] %% 5;", name, index(g.r.Intn(n)))
		return
	}
	want := ""
	for i, v := range vals {
		if i > 0 {
			want += ","
		}
		want += fmt.Sprint(v)
	}
	g.line("if (string.Join(\",\", %s.Cast<int>()) != %q) Console.WriteLine(\"MISMATCH md: %s is \" + string.Join(\",\", %s.Cast<int>()));", name, want, name, name)
	g.line("if (%s.GetLength(%d) != %d || %s.Rank != %d) Console.WriteLine(\"MISMATCH md: %s shape\");", name, len(dims)-1, dims[len(dims)-1], name, len(dims), name)
	bad := index(n - 1)
	bad = fmt.Sprint(dims[0]) + bad[len(fmt.Sprint(dims[0]-1)):]
	g.line("try { %s[%s] = 1; Console.WriteLine(\"MISMATCH md: no bounds error\"); } catch (IndexOutOfRangeException) { }", name, bad)
	g.line("Console.WriteLine(\"md%d \" + %s[%s]);", id, name, index(g.r.Intn(n)))
}

// initList spells vals as a nested array initializer of shape dims.
func initList(vals []int, dims []int) string {
	if len(dims) == 0 {
		return fmt.Sprint(vals[0])
	}
	step := len(vals) / dims[0]
	s := "{ "
	for i := 0; i < dims[0]; i++ {
		if i > 0 {
			s += ", "
		}
		s += initList(vals[i*step:(i+1)*step], dims[1:])
	}
	return s + " }"
}
