package bind

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"asyncvm/lang"
)

// captured lists the captured variables as "name@line:by", by naming the
// capturing function: "lambda@line" or the local function's name, sorted.
func captured(info *Info) []string {
	var out []string
	for v, bys := range info.Captured {
		for _, by := range bys {
			who := ""
			switch by := by.(type) {
			case *lang.LambdaExpr:
				who = fmt.Sprintf("lambda@%d", by.Pos.Line)
			case *lang.LocalFuncStmt:
				who = by.Func.Name
			}
			out = append(out, fmt.Sprintf("%s@%d:%s", v.Name, v.Pos.Line, who))
		}
	}
	sort.Strings(out)
	return out
}

func TestCaptures(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      string
	}{
		{"none", `
int a = 1;
int b = a + 1;
Console.WriteLine(b);`, ""},
		{"lambda reads and writes", `
int a = 1;
int b = 2;
Action f = () => a++;
Console.WriteLine(b);`, "a@2:lambda@4"},
		{"parameter shadows", `
int x = 1;
Func<int, int> f = x => x + 1;
Console.WriteLine(x);`, ""},
		{"nameof is not a read", `
int x = 1;
Func<string> f = () => nameof(x);`, ""},
		{"outer-outer local, innermost function", `
int x = 1;
Func<Func<int>> f = () => () => x;`, "x@2:lambda@3"},
		{"loop variables", `
for (int i = 0; i < 3; i++) { int k = i; Action a = () => Console.WriteLine(i + k); }
foreach (var e in new[] { 1 }) { Action b = () => Console.WriteLine(e); }`, "e@3:lambda@3 i@2:lambda@2 k@2:lambda@2"},
		{"local functions", `
Console.WriteLine(F(3));
int y = 2;
int F(int n) => n <= 0 ? y : F(n - 1) + G();
static int G() => 1;`, "F@4:F G@5:F y@3:F"},
		{"pattern, out, catch", `
object o = 1;
if (o is int p && int.TryParse("1", out var q)) { Action a = () => Console.WriteLine(p + q); }
try { } catch (Exception ex) { Action c = () => Console.WriteLine(ex); }`, "ex@4:lambda@4 p@3:lambda@3 q@3:lambda@3"},
		{"members", `
class C(int x)
{
    Func<int> get = () => x;
    int v;
    public int V { get => v; set { Action a = () => v = value; } }
    public Func<int> Add(int d) => () => d + v;
    static Func<Type> T<U>() => () => typeof(U);
}`, "<type>U@8:lambda@8 d@7:lambda@7 value@6:lambda@6 x@2:lambda@4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			info, _, _ := bindSrc(t, tc.src)
			if got := strings.Join(captured(info), " "); got != tc.want {
				t.Errorf("captured:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}
