package lint

import (
	"encoding/json"

	"github.com/dlxlab/dlxlab/scenarios"
)

// Load reads what a user hands the checker: a RabbitMQ definitions.json
// export (its vhost "/", or the only vhost it has) or a scenario file
// (YAML or JSON). The warnings say what an import left out.
func Load(name string, data []byte) (*scenarios.Scenario, []string, error) {
	if vhost, ok := definitionsVhost(data); ok {
		sc, warnings, err := scenarios.ImportDefinitions(data, vhost)
		if sc != nil {
			sc.Name = name
		}
		return sc, warnings, err
	}
	sc, err := scenarios.Parse(name, data)
	return sc, nil, err
}

// definitionsVhost recognises a definitions export by the fields only an
// export has, and picks the vhost to read: "/" when it has entries there
// (or no vhost fields at all), else the first vhost named.
func definitionsVhost(data []byte) (string, bool) {
	var doc map[string]json.RawMessage
	if json.Unmarshal(data, &doc) != nil {
		return "", false
	}
	_, v1 := doc["rabbit_version"]
	_, v2 := doc["rabbitmq_version"]
	_, version := doc["version"]
	if !v1 && !v2 && (version || doc["queues"] == nil) {
		return "", false
	}
	var qs []struct {
		Vhost *string `json:"vhost"`
	}
	_ = json.Unmarshal(doc["queues"], &qs)
	first := ""
	for _, q := range qs {
		if q.Vhost == nil || *q.Vhost == "/" {
			return "/", true
		}
		if first == "" {
			first = *q.Vhost
		}
	}
	if first == "" {
		first = "/"
	}
	return first, true
}
