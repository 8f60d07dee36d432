package fsys

import (
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Mem is a file system in memory: a tree of directories and files under
// "/", with /tmp and the working directory /app made at the start. Its
// files hold at most Limit bytes in all (writes beyond fail with ENOSPC,
// which the library reports as .NET does for a full disk), so a sandboxed
// program cannot use it to escape its heap limit.
type Mem struct {
	mu    sync.Mutex
	nodes map[string]*memNode // by clean absolute path
	used  int64
	Limit int64
}

type memNode struct {
	dir  bool
	data []byte
	mod  time.Time
}

// MemLimit is the default size of a Mem's files, in all.
const MemLimit = 16 << 20

// NewMem makes an empty in-memory file system.
func NewMem() *Mem {
	m := &Mem{nodes: map[string]*memNode{}, Limit: MemLimit}
	for _, d := range []string{"/", "/tmp", "/app"} {
		m.nodes[d] = &memNode{dir: true, mod: time.Now()}
	}
	return m
}

func pathErr(op, name string, err error) error { return &fs.PathError{Op: op, Path: name, Err: err} }

// parentDir reports whether name's parent exists as a directory; m.mu held.
func (m *Mem) parentDir(name string) bool {
	p := m.nodes[path.Dir(name)]
	return p != nil && p.dir
}

// OpenFile implements FS.
func (m *Mem) OpenFile(name string, flag int) (File, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.nodes[name]
	switch {
	case n == nil && flag&os.O_CREATE == 0, n == nil && !m.parentDir(name):
		return nil, pathErr("open", name, fs.ErrNotExist)
	case n != nil && n.dir:
		return nil, pathErr("open", name, syscall.EISDIR)
	case n != nil && flag&os.O_CREATE != 0 && flag&os.O_EXCL != 0:
		return nil, pathErr("open", name, fs.ErrExist)
	case n == nil:
		n = &memNode{mod: time.Now()}
		m.nodes[name] = n
	case flag&os.O_TRUNC != 0:
		m.used -= int64(len(n.data))
		n.data = nil
		n.mod = time.Now()
	}
	return &memFile{m: m, n: n, name: name, flag: flag}, nil
}

// Stat implements FS.
func (m *Mem) Stat(name string) (fs.FileInfo, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.nodes[name]
	if n == nil {
		return nil, pathErr("stat", name, fs.ErrNotExist)
	}
	return memInfo{name: path.Base(name), size: int64(len(n.data)), dir: n.dir, mod: n.mod}, nil
}

// Remove implements FS.
func (m *Mem) Remove(name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.nodes[name]
	if n == nil {
		return pathErr("remove", name, fs.ErrNotExist)
	}
	if n.dir && len(m.children(name)) > 0 {
		return pathErr("remove", name, syscall.ENOTEMPTY)
	}
	m.used -= int64(len(n.data))
	delete(m.nodes, name)
	return nil
}

// children lists the names directly under dir; m.mu held.
func (m *Mem) children(dir string) []string {
	prefix := strings.TrimSuffix(dir, "/") + "/"
	var out []string
	for p := range m.nodes {
		if p != dir && strings.HasPrefix(p, prefix) && !strings.Contains(p[len(prefix):], "/") {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// Rename implements FS: a file over a file, or a directory with its tree
// to a new name.
func (m *Mem) Rename(from, to string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.nodes[from]
	switch {
	case n == nil:
		return pathErr("rename", from, fs.ErrNotExist)
	case !m.parentDir(to):
		return pathErr("rename", to, fs.ErrNotExist)
	}
	if old := m.nodes[to]; old != nil {
		if old.dir || n.dir {
			return pathErr("rename", to, fs.ErrExist)
		}
		m.used -= int64(len(old.data))
	}
	if n.dir {
		prefix := from + "/"
		for p, c := range m.nodes {
			if strings.HasPrefix(p, prefix) {
				delete(m.nodes, p)
				m.nodes[to+"/"+p[len(prefix):]] = c
			}
		}
	}
	delete(m.nodes, from)
	m.nodes[to] = n
	return nil
}

// Mkdir implements FS.
func (m *Mem) Mkdir(name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.nodes[name] != nil:
		return pathErr("mkdir", name, fs.ErrExist)
	case !m.parentDir(name):
		return pathErr("mkdir", name, fs.ErrNotExist)
	}
	m.nodes[name] = &memNode{dir: true, mod: time.Now()}
	return nil
}

// ReadDir implements FS.
func (m *Mem) ReadDir(name string) ([]fs.DirEntry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.nodes[name]
	switch {
	case n == nil:
		return nil, pathErr("readdir", name, fs.ErrNotExist)
	case !n.dir:
		return nil, pathErr("readdir", name, syscall.ENOTDIR)
	}
	var out []fs.DirEntry
	for _, p := range m.children(name) {
		c := m.nodes[p]
		out = append(out, fs.FileInfoToDirEntry(memInfo{name: path.Base(p), size: int64(len(c.data)), dir: c.dir, mod: c.mod}))
	}
	return out, nil
}

// Getwd implements FS.
func (m *Mem) Getwd() string { return "/app" }

// TempDir implements FS.
func (m *Mem) TempDir() string { return "/tmp" }

type memInfo struct {
	name string
	size int64
	dir  bool
	mod  time.Time
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) ModTime() time.Time { return i.mod }
func (i memInfo) IsDir() bool        { return i.dir }
func (i memInfo) Sys() any           { return nil }
func (i memInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o777
	}
	return 0o666
}

// memFile is an open file of a Mem.
type memFile struct {
	m      *Mem
	n      *memNode
	name   string
	flag   int
	pos    int64
	closed bool
}

func (f *memFile) check(write bool) error {
	switch {
	case f.closed:
		return fs.ErrClosed
	case write && f.flag&(os.O_WRONLY|os.O_RDWR) == 0, !write && f.flag&os.O_WRONLY != 0:
		return pathErr("access", f.name, fs.ErrPermission)
	}
	return nil
}

// Read implements io.Reader.
func (f *memFile) Read(p []byte) (int, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if err := f.check(false); err != nil {
		return 0, err
	}
	if f.pos >= int64(len(f.n.data)) {
		return 0, io.EOF
	}
	k := copy(p, f.n.data[f.pos:])
	f.pos += int64(k)
	return k, nil
}

// Write implements io.Writer.
func (f *memFile) Write(p []byte) (int, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if err := f.check(true); err != nil {
		return 0, err
	}
	if f.flag&os.O_APPEND != 0 {
		f.pos = int64(len(f.n.data))
	}
	end := f.pos + int64(len(p))
	if grow := end - int64(len(f.n.data)); grow > 0 {
		if f.m.used+grow > f.m.Limit {
			return 0, pathErr("write", f.name, syscall.ENOSPC)
		}
		f.m.used += grow
		f.n.data = append(f.n.data, make([]byte, grow)...)
	}
	copy(f.n.data[f.pos:], p)
	f.pos = end
	f.n.mod = time.Now()
	return len(p), nil
}

// Seek implements io.Seeker.
func (f *memFile) Seek(off int64, whence int) (int64, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if f.closed {
		return 0, fs.ErrClosed
	}
	switch whence {
	case io.SeekCurrent:
		off += f.pos
	case io.SeekEnd:
		off += int64(len(f.n.data))
	}
	if off < 0 {
		return 0, pathErr("seek", f.name, syscall.EINVAL)
	}
	f.pos = off
	return off, nil
}

// Truncate sets the file's length, filling with zeros when it grows.
func (f *memFile) Truncate(size int64) error {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if err := f.check(true); err != nil {
		return err
	}
	grow := size - int64(len(f.n.data))
	if grow > 0 && f.m.used+grow > f.m.Limit {
		return pathErr("truncate", f.name, syscall.ENOSPC)
	}
	f.m.used += grow
	if grow > 0 {
		f.n.data = append(f.n.data, make([]byte, grow)...)
	} else {
		f.n.data = f.n.data[:size]
	}
	return nil
}

// Stat implements File.
func (f *memFile) Stat() (fs.FileInfo, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	return memInfo{name: path.Base(f.name), size: int64(len(f.n.data)), mod: f.n.mod}, nil
}

// Close implements io.Closer.
func (f *memFile) Close() error {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	f.closed = true
	return nil
}

// NewBuffer is a read-write File held in memory alone, for MemoryStream:
// it starts with data and grows without a limit of its own.
func NewBuffer(data []byte) File {
	m := &Mem{nodes: map[string]*memNode{}, Limit: math.MaxInt64}
	return &memFile{m: m, n: &memNode{data: data, mod: time.Now()}, name: "", flag: os.O_RDWR}
}

// Bytes is the content of a File NewBuffer made (nil for any other File).
func Bytes(f File) []byte {
	mf, ok := f.(*memFile)
	if !ok {
		return nil
	}
	mf.m.mu.Lock()
	defer mf.m.mu.Unlock()
	return mf.n.data
}
