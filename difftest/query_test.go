package difftest

import (
	"math/rand"
	"strings"
	"testing"
)

// TestQueryPrograms runs generated query statements, each checked against
// the generator's evaluation, in both models.
func TestQueryPrograms(t *testing.T) {
	for seed := int64(1); seed <= 40; seed++ {
		g := &gen{r: rand.New(rand.NewSource(seed))}
		g.line("using System;")
		g.line("using System.Linq;")
		g.line("using System.Threading.Tasks;")
		g.line("int acc = 0;")
		for i := 0; i < 5; i++ {
			g.queryStmt()
		}
		g.line("Console.WriteLine(\"done \" + acc);")
		src := g.b.String()
		rt, sm := run(src, "rt"), run(src, "sm")
		if rt != sm || !strings.HasPrefix(lastLine(rt.stdout), "done ") || strings.Contains(rt.stdout, "MISMATCH") {
			t.Errorf("seed %d:\n%s\nrt: %+v\nsm: %+v", seed, src, rt, sm)
		}
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
