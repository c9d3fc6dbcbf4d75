package model

import (
	"strings"
	"sync"

	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/scenarios/library"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// Lesson is one scenario of the library (scenarios/library, embedded).
type Lesson struct {
	Name      string // file name without extension, e.g. "retry-loop"
	Title     string
	Summary   string
	TitleZH   string // "" if the file has no title_zh
	SummaryZH string // "" if the file has no summary_zh
	Err       string // a file that does not parse is listed with its error
	Broker    string // "" for RabbitMQ, "rocketmq" for a RocketMQ lesson (rocketmq_library.go)
	sc        *scenarios.Scenario
	rsc       *rscn.Scenario
}

var (
	libOnce sync.Once
	lib     []Lesson
)

// Library lists the lessons, parsed once, in file-name order.
func Library() []Lesson {
	libOnce.Do(func() {
		for _, f := range library.Files() {
			name := strings.TrimSuffix(strings.TrimSuffix(f.Name, ".yaml"), ".yml")
			l := Lesson{Name: name}
			sc, err := scenarios.Parse(f.Name, f.Data)
			if err != nil {
				l.Title, l.Err = name, err.Error()
			} else {
				l.Title, l.Summary, l.sc = sc.Title, sc.Summary, sc
				l.TitleZH, l.SummaryZH = sc.TitleZH, sc.SummaryZH
				if l.Title == "" {
					l.Title = name
				}
			}
			lib = append(lib, l)
		}
	})
	return lib
}

// LoadLesson loads a library scenario by name; false if there is none.
func (s *Session) LoadLesson(name string) bool {
	for _, l := range Library() {
		if l.Name == name && l.sc != nil {
			s.Load(l.sc)
			return true
		}
	}
	return s.fail("notice.nolesson", name)
}

// NewScenario starts an empty scenario (undoable).
func (s *Session) NewScenario() { s.Load(emptyScenario()) }

// LoadText parses a scenario (YAML or JSON, e.g. a short link's JSON)
// and loads it; on error nothing changes.
func (s *Session) LoadText(name string, data []byte) error {
	sc, err := scenarios.Parse(name, data)
	if err != nil {
		return err
	}
	s.Load(sc)
	return nil
}
