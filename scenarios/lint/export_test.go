package lint

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The production export of testdata/ and the findings a senior engineer
// would point out in it, per version; docs/lint.md "The findings on a
// production export" lists the same.
func TestProductionExport(t *testing.T) {
	sc := loadExport(t)
	if n := len(sc.Queues); n < 20 {
		t.Fatalf("the export has %d queues", n)
	}
	want := map[string][]string{
		p43: {
			"mirroring-removed@ha-inventory,inventory.reserve,inventory.release",
			"dlx-missing@emails.dlx,email.send",
			"dlx-unroutable@payments.capture,shop.dlx",
			"delivery-limit-loop@shipping.requests",
			"queue-expires@cart.abandoned",
			"dlq-ttl@payments.dlq",
			"quorum-delivery-limit@orders.dlq",
			"qq-reject-publish-dlx@orders.paid",
			"policy-matches-nothing@payment-limits",
			"head-of-line@reports.delay",
			"reject-publish-shared@analytics.events,orders",
			"exchange-unroutable@legacy.events",
			"dlq-unbounded@orders.dlq",
			"expiry-without-dlx@sms.send",
			"quorum-delivery-limit@orders.created",
		},
		p312: {
			"dlx-missing@emails.dlx,email.send",
			"dlx-unroutable@payments.capture,shop.dlx",
			"mirroring-removed@ha-inventory",
			"delivery-limit-loop@shipping.requests",
			"queue-expires@cart.abandoned",
			"dlq-ttl@payments.dlq",
			"qq-reject-publish-dlx@orders.paid",
			"policy-matches-nothing@payment-limits",
			"head-of-line@reports.delay",
			"reject-publish-shared@analytics.events,orders",
			"exchange-unroutable@legacy.events",
			"dlq-unbounded@orders.dlq",
			"dlq-unbounded@dlq.inventory",
			"expiry-without-dlx@sms.send",
		},
	}
	for p, w := range want {
		rep, err := Check(sc, p)
		if err != nil {
			t.Fatal(err)
		}
		if g := got(rep); !slices.Equal(g, w) {
			t.Errorf("%s:\n got %q\nwant %q", p, g, w)
		}
	}

	d, err := Compare(sc, p312, p43)
	if err != nil {
		t.Fatal(err)
	}
	added := got(&Report{Findings: d.Added})
	removed := got(&Report{Findings: d.Removed})
	if !slices.Equal(added, []string{"mirroring-removed@ha-inventory,inventory.reserve,inventory.release",
		"quorum-delivery-limit@orders.dlq", "quorum-delivery-limit@orders.created"}) {
		t.Errorf("upgrade adds %q", added)
	}
	if !slices.Equal(removed, []string{"mirroring-removed@ha-inventory", "dlq-unbounded@dlq.inventory"}) {
		t.Errorf("upgrade removes %q", removed)
	}
	var changes []string
	for _, c := range d.Changed {
		changes = append(changes, c.Queue+" "+c.Setting+": "+c.From+" → "+c.To)
	}
	for _, w := range []string{"orders.created delivery-limit: none → 20",
		"inventory.reserve dead-letter-exchange: 'shop.dlx' (policy ha-inventory) → none"} {
		if !slices.Contains(changes, w) {
			t.Errorf("changes lack %q: %q", w, changes)
		}
	}
}

// docs/lint.md explains every code under a heading of its name, and
// lists the export's findings.
func TestDocsListEveryCode(t *testing.T) {
	doc, err := os.ReadFile("../../docs/lint.md")
	if err != nil {
		t.Fatal(err)
	}
	headings := regexp.MustCompile(`(?m)^### (\S+)$`).FindAllStringSubmatch(string(doc), -1)
	var names []string
	for _, h := range headings {
		names = append(names, h[1])
	}
	if !slices.Equal(names, Codes()) {
		t.Errorf("docs/lint.md code headings\n got %q\nwant %q", names, Codes())
	}
	rep, _ := Check(loadExport(t), p43)
	for _, f := range rep.Findings {
		if !strings.Contains(string(doc), "`"+f.Code+"` "+strings.Join(f.Names(), ", ")) {
			t.Errorf("docs/lint.md does not list the export's %s on %v", f.Code, f.Names())
		}
	}
}
