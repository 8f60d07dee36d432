// Package fsys is the file system a program's System.IO calls reach: the
// host's for the command line (OS), or one held in memory for a sandboxed
// run such as the playground's (Mem), so that a program that writes a file
// and reads it back runs there too without seeing the host.
//
// Paths given to an FS are absolute and clean; the library resolves a
// program's relative paths against Getwd first.
package fsys

import (
	"io"
	"io/fs"
	"os"
)

// File is an open file: the operations a FileStream needs.
type File interface {
	io.Reader
	io.Writer
	io.Seeker
	io.Closer
	Truncate(size int64) error
	Stat() (fs.FileInfo, error)
}

// FS is a file system.
type FS interface {
	// OpenFile opens name with os.O_* flags (files are created 0666).
	OpenFile(name string, flag int) (File, error)
	Stat(name string) (fs.FileInfo, error)
	// Remove removes a file or an empty directory.
	Remove(name string) error
	Rename(from, to string) error
	// Mkdir makes one directory; its parent must exist.
	Mkdir(name string) error
	// ReadDir lists a directory, sorted by name.
	ReadDir(name string) ([]fs.DirEntry, error)
	// Getwd is the directory relative paths start from.
	Getwd() string
	// TempDir is the directory Path.GetTempPath names.
	TempDir() string
}

// OS is the host's file system.
type OS struct{}

// OpenFile implements FS.
func (OS) OpenFile(name string, flag int) (File, error) { return os.OpenFile(name, flag, 0o666) }

// Stat implements FS.
func (OS) Stat(name string) (fs.FileInfo, error) { return os.Stat(name) }

// Remove implements FS.
func (OS) Remove(name string) error { return os.Remove(name) }

// Rename implements FS.
func (OS) Rename(from, to string) error { return os.Rename(from, to) }

// Mkdir implements FS.
func (OS) Mkdir(name string) error { return os.Mkdir(name, 0o777) }

// ReadDir implements FS.
func (OS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }

// Getwd implements FS.
func (OS) Getwd() string {
	if wd, err := os.Getwd(); err == nil {
		return wd
	}
	return "/"
}

// TempDir implements FS.
func (OS) TempDir() string { return os.TempDir() }
