#!/usr/bin/env bash
# Installs what the appliance needs to run: Node.js 24 and the npm dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ensure-node.sh
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-fund --no-audit
fi
