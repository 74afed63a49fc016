#!/usr/bin/env bash
# Installs (if needed) and starts the appliance on its embedded defaults: SQLite in ./data, a
# self-signed certificate generated on first start, the check API on 443 and the dashboard on 3000.
# Pass `serve` flags through, e.g.  scripts/start.sh --api-port 8443 --dashboard-port 3000
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
. scripts/ensure-node.sh
exec node bin/rampart.js serve "$@"
