package difftest

// nullableStmt declares an int? that is null or holds a value depending on
// acc, keeps it across an await, and checks Nullable<T>'s members against
// what they must answer for either case: GetHashCode is 0 for null and the
// value's hash otherwise, Equals(null) is !HasValue, Equals(k) compares the
// value, ToString is "" for null, ?? and GetValueOrDefault fall back, a
// cast to double? or decimal? converts the value (division is then not
// integral). A null T?'s GetHashCode and Equals once threw
// NullReferenceException; (double?)q once kept q's int.
func (g *gen) nullableStmt() {
	id := g.id()
	k := g.r.Intn(5)
	g.line("int? q%d = acc %% 2 == 0 ? null : acc %% 5;", id)
	if g.r.Intn(2) == 0 {
		g.line("await Task.Yield();")
	}
	checks := []string{
		`q%[1]d.GetHashCode() == (q%[1]d.HasValue ? q%[1]d.Value : 0)`,
		`q%[1]d.Equals(null) == !q%[1]d.HasValue`,
		`q%[1]d.Equals(%[2]d) == (q%[1]d.HasValue && q%[1]d.Value == %[2]d)`,
		`(q%[1]d.ToString() == "") == !q%[1]d.HasValue`,
		`(q%[1]d ?? -1) == q%[1]d.GetValueOrDefault(-1)`,
		`(q%[1]d == %[2]d) == q%[1]d.Equals(%[2]d)`,
		`(double?)q%[1]d / 2 == (q%[1]d.HasValue ? (double?)(q%[1]d.Value / 2.0) : null)`,
		`(decimal?)q%[1]d / 4 == (q%[1]d.HasValue ? (decimal?)(q%[1]d.Value / 4m) : null)`,
	}
	g.line("try")
	g.line("{")
	g.indent++
	for _, c := range checks {
		g.line("if (!("+c+")) Console.WriteLine(\"MISMATCH nullable%[1]d \" + q%[1]d);", id, k)
	}
	g.indent--
	g.line("}")
	g.line("catch (Exception e%d)", id)
	g.line("{")
	g.indent++
	g.line(`Console.WriteLine("MISMATCH nullable%d threw " + e%d.GetType().Name);`, id, id)
	g.indent--
	g.line("}")
	g.print(`"nullable%d " + (q%d.HasValue ? "value" : "null")`, id, id)
	g.line("acc += q%d ?? 1;", id)
}
