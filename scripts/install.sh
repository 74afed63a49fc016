#!/usr/bin/env bash
# Installs what the appliance needs to run: Node.js 24, the npm dependencies and the built dashboard.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ensure-node.sh
# onnxruntime-node's install script would download CUDA/TensorRT providers from outside the npm
# registry; it skips that when this variable says so (an npm config line would make every npm call warn).
export ONNXRUNTIME_NODE_INSTALL=skip
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # `npm install` with the committed lock, not `npm ci`: the registry reachable here lacks some
  # other-platform optional binaries (e.g. rollup's), which `npm ci` insists on finding in the lock.
  npm install --no-fund --no-audit
  scripts/prune-onnxruntime.sh node_modules
fi
# The dashboard is served from dashboard/dist; rebuild it when its sources are newer.
if [ ! -f dashboard/dist/index.html ] || [ -n "$(find dashboard/src dashboard/index.html dashboard/vite.config.ts package-lock.json -newer dashboard/dist/index.html -print -quit)" ]; then
  npm run --silent build:dashboard
fi
