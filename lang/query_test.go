package lang

import "testing"

func TestQueryTranslation(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"from x in xs select x", "xs.Select(x => x)"},
		{"from x in xs where x > 1 select x", "xs.Where(x => x > 1)"},
		{"from int x in xs select x * 2", "xs.Cast<int>().Select(x => x * 2)"},
		{"from x in xs orderby x.A, x.B descending select x.C", "xs.OrderBy(x => x.A).ThenByDescending(x => x.B).Select(x => x.C)"},
		{"from x in xs from y in ys select x + y", "xs.SelectMany(x => ys, (x, y) => x + y)"},
		{"from x in xs let y = x * 2 where y > 1 select x + y",
			"xs.Select(x => new { x = x, y = x * 2 }).Where(__TransparentIdentifier0 => __TransparentIdentifier0.y > 1).Select(__TransparentIdentifier0 => __TransparentIdentifier0.x + __TransparentIdentifier0.y)"},
		{"from x in xs group x by x % 2 into g select g.Key", "xs.GroupBy(x => x % 2).Select(g => g.Key)"},
		{"from x in xs group x.A by x.B", "xs.GroupBy(x => x.B, x => x.A)"},
		{"from c in cs join o in os on c.Id equals o.C select new { c.Name, o.N }", "cs.Join(os, c => c.Id, o => o.C, (c, o) => new { Name = c.Name, N = o.N })"},
		{"from c in cs join o in os on c.Id equals o.C into g select g.Count()", "cs.GroupJoin(os, c => c.Id, o => o.C, (c, g) => g.Count())"},
		{"new { A = 1, b.Name, x }", "new { A = 1, Name = b.Name, x = x }"},
		{"new { }", "new {}"},
	} {
		x, d := ParseExpr("q", []byte(c.src))
		if len(d) > 0 {
			t.Errorf("%s: %v", c.src, d)
			continue
		}
		if got := Print(x); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}
