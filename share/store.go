package share

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Store keeps shared scenarios by id. Implementations: MemoryStore (tests),
// FileStore (`dlxlab serve`) and the Worker's KV store (wasm/worker).
//
// The handler only ever passes ids that ValidID accepts, but a Store must
// not rely on that for safety: FileStore checks again.
type Store interface {
	// Get returns the data stored under id; ok is false when there is none
	// (a missing id is not an error).
	Get(ctx context.Context, id string) (data []byte, ok bool, err error)
	// Put stores data under id, replacing what was there.
	Put(ctx context.Context, id string, data []byte) error
}

// Creator is a Store that can create an entry only if it is absent, in one
// atomic step: of many parallel identical shares exactly one writes.
// MemoryStore and FileStore implement it; the handler uses it when present.
type Creator interface {
	// Create stores data under id unless something is there already;
	// created reports whether this call wrote it.
	Create(ctx context.Context, id string, data []byte) (created bool, err error)
}

// ErrBadID is returned by stores for an id ValidID rejects.
var ErrBadID = errors.New("share: malformed id")

// MemoryStore is a Store in memory, safe for concurrent use. It counts
// writes so tests can check that a repeated share costs none.
type MemoryStore struct {
	mu   sync.Mutex
	m    map[string][]byte
	puts int
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore { return &MemoryStore{m: map[string][]byte{}} }

// Get implements Store.
func (s *MemoryStore) Get(_ context.Context, id string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.m[id]
	if !ok {
		return nil, false, nil
	}
	return append([]byte(nil), d...), true, nil
}

// Put implements Store.
func (s *MemoryStore) Put(_ context.Context, id string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[id] = append([]byte(nil), data...)
	s.puts++
	return nil
}

// Create implements Creator.
func (s *MemoryStore) Create(_ context.Context, id string, data []byte) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.m[id]; ok {
		return false, nil
	}
	s.m[id] = append([]byte(nil), data...)
	s.puts++
	return true, nil
}

// Puts returns how many times Put (or a creating Create) wrote.
func (s *MemoryStore) Puts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.puts
}

// Len returns how many ids are stored.
func (s *MemoryStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}

// FileStore keeps each scenario in its own file, <dir>/<id>.json. Writes
// are atomic (a temporary file in the same folder, synced, then renamed),
// so a reader never sees half a file and a crash leaves at most a stray
// .tmp-* file. Ids are checked with ValidID before any path is built.
type FileStore struct {
	dir string
}

// NewFileStore returns a FileStore in dir, creating the folder (0o755) if
// needed.
func NewFileStore(dir string) (*FileStore, error) {
	if dir == "" {
		return nil, errors.New("share: file store needs a folder")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("share: file store: %w", err)
	}
	return &FileStore{dir: dir}, nil
}

// Dir returns the store's folder.
func (s *FileStore) Dir() string { return s.dir }

func (s *FileStore) path(id string) (string, error) {
	if !ValidID(id) {
		return "", fmt.Errorf("%w: %q", ErrBadID, id)
	}
	return filepath.Join(s.dir, id+".json"), nil
}

// Get implements Store.
func (s *FileStore) Get(_ context.Context, id string) ([]byte, bool, error) {
	p, err := s.path(id)
	if err != nil {
		return nil, false, err
	}
	// A symbolic link in the data folder is not a share: never follow one.
	if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, false, fmt.Errorf("share: file store: %s is a symbolic link; the store follows none", filepath.Base(p))
	}
	d, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("share: file store: %w", err)
	}
	return d, true, nil
}

// Put implements Store. Renaming over a symbolic link replaces the link,
// it does not write through it.
func (s *FileStore) Put(_ context.Context, id string, data []byte) (err error) {
	p, err := s.path(id)
	if err != nil {
		return err
	}
	tmp, err := s.writeTemp(id, data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, p); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("share: file store: %w", err)
	}
	return nil
}

// Create implements Creator: the complete temporary file is hard-linked to
// the id's name, which fails if any file (or link) has that name already,
// so readers never see half a file and two writers never both win.
func (s *FileStore) Create(_ context.Context, id string, data []byte) (bool, error) {
	p, err := s.path(id)
	if err != nil {
		return false, err
	}
	tmp, err := s.writeTemp(id, data)
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, p); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return false, nil
		}
		return false, fmt.Errorf("share: file store: %w", err)
	}
	return true, nil
}

// writeTemp writes data to a synced temporary file in the store's folder.
func (s *FileStore) writeTemp(id string, data []byte) (tmp string, err error) {
	f, err := os.CreateTemp(s.dir, ".tmp-"+id+"-*")
	if err != nil {
		return "", fmt.Errorf("share: file store: %w", err)
	}
	tmp = f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
			err = fmt.Errorf("share: file store: %w", err)
		}
	}()
	if _, err = f.Write(data); err != nil {
		f.Close()
		return "", err
	}
	if err = f.Sync(); err != nil {
		f.Close()
		return "", err
	}
	if err = f.Close(); err != nil {
		return "", err
	}
	if err = os.Chmod(tmp, 0o644); err != nil {
		return "", err
	}
	return tmp, nil
}
