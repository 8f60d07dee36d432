package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestServeHelpAndUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"help", "serve"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("help serve: exit %d, %s", code, errb.String())
	}
	for _, flag := range []string{"--addr", "--timeout", "--max-steps", "--max-heap", "--max-threads", "--max-output", "--jobs"} {
		if !strings.Contains(out.String(), flag) {
			t.Errorf("help serve does not describe %s", flag)
		}
	}
	if !strings.Contains(usage, "asyncvm serve [--addr 127.0.0.1:8080]") {
		t.Error("the usage text lacks serve")
	}
	if !strings.Contains(out.String(), "(default 10s)") {
		t.Errorf("help serve does not show the default timeout of driver.PlaygroundLimits:\n%s", out.String())
	}
	out.Reset()
	errb.Reset()
	if code := Main([]string{"serve", "--addr", "127.0.0.1:0", "extra"}, strings.NewReader(""), &out, &errb); code != 2 || !strings.Contains(errb.String(), `unexpected argument "extra"`) {
		t.Errorf("serve with an argument: exit %d, stderr %q", code, errb.String())
	}
	errb.Reset()
	if code := Main([]string{"serve", "--addr", "256.0.0.1:99999"}, strings.NewReader(""), &out, &errb); code != 1 || !strings.Contains(errb.String(), "asyncvm serve: ") {
		t.Errorf("serve on a bad address: exit %d, stderr %q", code, errb.String())
	}
}
