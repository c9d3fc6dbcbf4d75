package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The checkpoint panel folds to its title, its question and Continue, so
// that the inspector below it has room: at 1280×800 an open checkpoint
// took most of the side panel and pushed a message's x-death table out
// of sight. It folds by itself while a message is open in the inspector
// (the checkpoints send the learner there to read x-death), and the
// learner's Fold or Unfold wins for the rest of that checkpoint.

// cpFold is the learner's choice for one checkpoint (key: cpKey).
type cpFold struct {
	key    string
	folded bool
}

// cpKey tells checkpoints apart: a new one starts unfolded again.
func cpKey(cp *model.CheckpointView) string {
	return strconv.Itoa(cp.Index) + "/" + strconv.Itoa(cp.Count) + " " + cp.Text
}

// cpFolded reports whether the checkpoint panel is folded.
func (h *page) cpFolded(cp *model.CheckpointView, snap model.Snapshot) bool {
	if h.cpFold.key == cpKey(cp) {
		return h.cpFold.folded
	}
	return snap.Sel.Kind == "message" || snap.Sel.Kind == model.SelReceived
}

// foldButton folds or unfolds the checkpoint panel.
func (h *page) foldButton(cp *model.CheckpointView, folded bool) app.UI {
	label, title := "▴ "+h.t("cp.fold"), h.t("cp.fold.title")
	if folded {
		label, title = "▾ "+h.t("cp.unfold"), h.t("cp.unfold.title")
	}
	return app.Button().ID("checkpoint-fold").Class("dl-button", "dl-button--small", "dl-cp-fold").Type("button").
		Aria("expanded", !folded).Aria("controls", "checkpoint").Title(title).
		OnClick(h.onCheckpointFold(cpKey(cp), !folded), cpKey(cp), folded).Text(label)
}

func (h *page) onCheckpointFold(key string, folded bool) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		h.cpFold = cpFold{key: key, folded: folded}
		h.changed()
	}
}
