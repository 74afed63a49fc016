#!/usr/bin/env bash
# Removes onnxruntime-node's prebuilt binaries for other platforms and architectures (about 245 of the
# package's 290 MB); the appliance only ever loads the one for the machine it runs on.
#
#   scripts/prune-onnxruntime.sh [NODE_MODULES_DIR]
set -euo pipefail
bin="${1:-node_modules}/onnxruntime-node/bin/napi-v6"
[ -d "$bin" ] || exit 0
keep="$(node -p 'process.platform + "/" + process.arch')"
for dir in "$bin"/*/*; do
  [ "${dir#"$bin"/}" = "$keep" ] || rm -rf "$dir"
done
find "$bin" -mindepth 1 -maxdepth 1 -type d -empty -delete
