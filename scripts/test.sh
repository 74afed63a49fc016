#!/usr/bin/env bash
# Installs the test prerequisites (Node.js 24, npm dependencies) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
. scripts/ensure-node.sh
exec npm test
