#!/bin/sh
# Refreshes the dashboard screenshots in docs/screenshots (shown in README.md) from a run of the
# end-to-end browser tests against a real appliance.
set -eu
cd "$(dirname "$0")/.."
shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT
npm run --silent build:dashboard
RAMPART_SCREENSHOT_DIR="$shots" node --test test/e2e/*.test.ts
# test screenshot → docs name
for pair in 02-forced-password-change:change-password 04-runtime-llms:runtime-llms 06-regex-add-rules:regex-add-rules \
  08-siem-integration:siem-integration 09-events:events 10-playground:playground vector-01-proposed:vector-guardrail; do
  cp "$shots/${pair%%:*}.png" "docs/screenshots/${pair#*:}.png"
done
