package share

import (
	"strings"

	"github.com/dlxlab/dlxlab/scenarios"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// ValidateScenario is the Validate used when Options.Validate is nil: the
// body must be one JSON object (the API takes JSON only, though
// scenarios.Parse would also read YAML), scenarios.Parse must accept it
// (errors carry line and column), and the canonical form is
// scenarios.CanonicalJSON: fixed key order, defaults left out. So two
// scenarios that differ only in spacing, key order or spelled-out defaults
// get the same id, and the stored bytes are what a fragment link
// (scenarios.Encode) compresses.
func ValidateScenario(data []byte) (canonical []byte, title string, err error) {
	if err := checkSingleObject(data); err != nil {
		return nil, "", err
	}
	if rscn.IsRocketMQ(data) {
		return validateRocket(data)
	}
	sc, err := scenarios.Parse("scenario", data)
	if err != nil {
		return nil, "", err
	}
	canonical, err = scenarios.CanonicalJSON(sc)
	if err != nil {
		return nil, "", err
	}
	return canonical, strings.TrimSpace(sc.Title), nil
}
