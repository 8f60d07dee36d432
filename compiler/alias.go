package compiler

import (
	"strings"

	"asyncvm/lang"
)

// expandUsingAliases replaces, in every type reference of each file, a
// leading name that is one of the file's using aliases (`using Timer =
// System.Timers.Timer;`, `using Timers = System.Timers;`) by what the
// alias stands for. Type references are where programs use aliases: in
// declarations, `new`, casts, `is` and type arguments. An alias used as
// the qualifier of a static member access (`Alias.Method()`) is not
// expanded.
func expandUsingAliases(files []*lang.File) {
	for _, f := range files {
		aliases := map[string]string{}
		for _, u := range f.Usings {
			if u.Alias != "" && !u.IsStatic {
				aliases[u.Alias] = u.Name
			}
		}
		if len(aliases) == 0 {
			continue
		}
		lang.Inspect(f, func(n lang.Node) bool {
			if t, ok := n.(*lang.TypeRef); ok && t != nil && t.Outer == nil && t.Name != "" {
				head, rest, dotted := strings.Cut(t.Name, ".")
				if target, ok := aliases[head]; ok {
					if dotted {
						t.Name = target + "." + rest
					} else {
						t.Name = target
					}
				}
			}
			return true
		})
	}
}
