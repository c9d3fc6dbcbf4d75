// Package e2e holds the browser tests: chromedp drives the built site in
// headless Chromium (/usr/lib/chromium/chromium) the way a learner does
// (pick a lesson, play, inspect, build, share, embed), once also through
// `wrangler dev` for the Worker. Run them with `./build.sh e2e`; without
// Chromium they are skipped loudly, and with CI=true that is a failure.
// Screenshots go to e2e/screenshots/ (ignored by git). The tests wait for
// what they check, never for a fixed time (docs/architecture.md "Platform
// constraints" says why waiting for an element is not enough).
package e2e
