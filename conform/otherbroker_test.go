package conform

import (
	"os"
	"path/filepath"
	"testing"
)

// A RocketMQ scenario is loaded as not applicable: no RabbitMQ broker
// replays it, and it does not fail the run.
func TestRocketMQScenarioNotApplicable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.yaml")
	if err := os.WriteFile(path, []byte("broker: rocketmq\ntopics: [{name: t}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := LoadFiles([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].OtherBroker != "rocketmq" || files[0].Err != nil {
		t.Fatalf("files %+v", files)
	}
}
