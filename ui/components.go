package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The page's components. Each draws one region from the page's snapshot
// and handles that region's events; its own state (a filter, a drag, a
// form being filled in) lives in the component. To add a view: write its
// component in a file of its own, embed *page and Rev, and place it in its
// parent's Render (docs/ui.md "Adding a view").

// Header is the title bar: library, undo/redo, profile, language, share.
type Header struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the header.
func (h *Header) Render() app.UI { return h.header(h.snap) }

// Canvas is the topology drawing with its tools, tokens and notices.
type Canvas struct {
	app.Compo
	*page
	Rev  uint64
	drag *dragState
	zp   *zoomPan    // zoom and pan (zoompan.go)
	tok  *tokenTexts // the drawn tokens' SVG texts (canvas.go)
}

// Render draws the canvas.
func (h *Canvas) Render() app.UI { return h.canvas(h.snap) }

// ClockBar is play/pause, step, jumps, speed and the virtual time.
type ClockBar struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the clock bar.
func (h *ClockBar) Render() app.UI { return h.clock(h.snap) }

// JobBar shows a long job's progress with a cancel button.
type JobBar struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the job bar.
func (h *JobBar) Render() app.UI { return h.jobBar(h.snap) }

// LibraryDialog is the lesson picker.
type LibraryDialog struct {
	app.Compo
	*page
	Rev   uint64
	query string
}

// Render draws the dialog.
func (h *LibraryDialog) Render() app.UI { return h.libraryDialog() }

// Side is the side panel: its tabs, the share bar and the open tab's panel.
type Side struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the side panel.
func (h *Side) Render() app.UI { return h.side(h.snap) }

// Inspector shows the selected queue, exchange or message.
type Inspector struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the inspector.
func (h *Inspector) Render() app.UI { return h.inspectPanel(h.snap) }

// BuildPanel holds the forms that add and edit exchanges, queues,
// bindings, policies and consumers.
type BuildPanel struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the build panel.
func (h *BuildPanel) Render() app.UI { return h.buildPanel(h.snap) }

// PublishPanel publishes messages by hand and lists basic.returns.
type PublishPanel struct {
	app.Compo
	*page
	Rev uint64

	st publishState
}

// Render draws the publish panel.
func (h *PublishPanel) Render() app.UI { return h.publishPanel(h.snap) }

// ScenarioEditor edits the scenario as YAML, imports definitions.json
// and exports.
type ScenarioEditor struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the editor.
func (h *ScenarioEditor) Render() app.UI { return h.scenarioPanel(h.snap) }

// Charts draws queue depths and the event timeline.
type Charts struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the charts.
func (h *Charts) Render() app.UI { return h.chartsPanel() }

// Guide is the guided start for a first visit, opened again with "?".
type Guide struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the guide (nothing when it is closed).
func (h *Guide) Render() app.UI { return h.guide(h.snap) }
