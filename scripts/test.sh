#!/usr/bin/env bash
# Installs the test prerequisites (Node.js 24, npm dependencies, the dashboard build, Debian's
# chromium and rsyslog) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
scripts/test-system-packages.sh
. scripts/ensure-node.sh
exec npm test
