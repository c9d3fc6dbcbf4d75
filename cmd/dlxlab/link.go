package main

import (
	"fmt"
	"strings"

	"github.com/dlxlab/dlxlab/scenarios"
	rmq "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

func init() {
	commands["link"] = command{
		summary: "print a share link that carries the whole scenario in its fragment",
		run:     func(args []string) int { return runLink(args, osIO()) },
	}
}

const linkAbout = `Prints <base>/#s=1.… : the scenario's canonical JSON, deflated and
base64url-encoded into the URL fragment, so opening the link loads the
scenario without any server storing it (docs/links-and-http.md "Fragment
links").`

// defaultLinkBase is where 'dlxlab serve' listens by default.
const defaultLinkBase = "http://127.0.0.1:8080"

func runLink(args []string, cio cliIO) int {
	fs := scenarioFlagSet("link", "[--base URL] FILE|-", linkAbout, cio)
	base := fs.String("base", defaultLinkBase, "site the link opens")
	files, code, stop := parseArgs(fs, args, 1, 1)
	if stop {
		return code
	}
	var s string
	if rs, err := loadRocketMQ(files[0], cio); err != nil || rs != nil {
		if err != nil {
			fmt.Fprintf(cio.stderr, "dlxlab link: %v\n", err)
			return exitFail
		}
		s, err = rmq.Encode(rs)
		if err != nil {
			fmt.Fprintf(cio.stderr, "dlxlab link: %v\n", err)
			return exitFail
		}
		fmt.Fprintf(cio.stdout, "%s/#s=%s\n", strings.TrimRight(*base, "/"), s)
		return exitOK
	}
	sc, err := loadScenario(files[0], cio)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab link: %v\n", err)
		return exitFail
	}
	s, err = scenarios.Encode(sc)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab link: %v\n", err)
		return exitFail
	}
	fmt.Fprintf(cio.stdout, "%s/#s=%s\n", strings.TrimRight(*base, "/"), s)
	return exitOK
}
