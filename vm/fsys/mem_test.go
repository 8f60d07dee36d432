package fsys

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"
	"testing"
)

func write(t *testing.T, m *Mem, name, text string, flag int) error {
	t.Helper()
	f, err := m.OpenFile(name, os.O_WRONLY|os.O_CREATE|flag)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.Write([]byte(text))
	return err
}

func read(t *testing.T, m *Mem, name string) string {
	t.Helper()
	f, err := m.OpenFile(name, os.O_RDONLY)
	if err != nil {
		t.Fatalf("open %s: %v", name, err)
	}
	defer f.Close()
	bs, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(bs)
}

// TestMem checks the in-memory file system's rules, which the library
// maps to .NET's exceptions: missing parents, exclusive creation, append,
// truncation, non-empty directories, renaming a tree, and the size limit.
func TestMem(t *testing.T) {
	m := NewMem()
	if err := write(t, m, "/app/a.txt", "one", os.O_TRUNC); err != nil {
		t.Fatal(err)
	}
	if err := write(t, m, "/app/a.txt", "two", os.O_APPEND); err != nil {
		t.Fatal(err)
	}
	if got := read(t, m, "/app/a.txt"); got != "onetwo" {
		t.Errorf("after append: %q", got)
	}
	if err := write(t, m, "/app/a.txt", "x", os.O_EXCL); !errors.Is(err, fs.ErrExist) {
		t.Errorf("exclusive create of an existing file: %v", err)
	}
	if err := write(t, m, "/nodir/b.txt", "x", 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("create under a missing directory: %v", err)
	}
	if err := m.Mkdir("/app/d"); err != nil {
		t.Fatal(err)
	}
	if err := write(t, m, "/app/d/c.txt", "c", 0); err != nil {
		t.Fatal(err)
	}
	if err := m.Remove("/app/d"); !errors.Is(err, syscall.ENOTEMPTY) {
		t.Errorf("remove a non-empty directory: %v", err)
	}
	if err := m.Rename("/app/d", "/tmp/e"); err != nil {
		t.Fatal(err)
	}
	if got := read(t, m, "/tmp/e/c.txt"); got != "c" {
		t.Errorf("after renaming the directory: %q", got)
	}
	es, err := m.ReadDir("/app")
	if err != nil || len(es) != 1 || es[0].Name() != "a.txt" {
		t.Errorf("ReadDir /app: %v %v", es, err)
	}
	m.Limit = 10
	if err := write(t, m, "/app/big", "0123456789", 0); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("write beyond the limit: %v", err)
	}
	if err := m.Remove("/app/a.txt"); err != nil {
		t.Fatal(err)
	}
	if err := write(t, m, "/app/small", "01234", 0); err != nil {
		t.Errorf("a removed file's bytes are free again: %v", err)
	}
}
