# Sourced by the other scripts: makes Node.js 24 the `node` on PATH, installing it from the npm
# registry when the machine has an older one.
need_major=24
current_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(current_major)" -lt "$need_major" ]; then
  if [ -w /usr/local/bin ] && [ -w /usr/local/lib ]; then prefix=/usr/local; else prefix="$HOME/.local"; fi
  echo "Installing Node.js $need_major into $prefix (npm i -g node@$need_major)..." >&2
  npm install --global --prefix "$prefix" --no-fund --no-audit "node@$need_major" >&2
  export PATH="$prefix/bin:$PATH"
  hash -r
fi
if [ "$(current_major)" -lt "$need_major" ]; then
  echo "Node.js $need_major is required but $(node -v 2>/dev/null || echo none) is first on PATH" >&2
  exit 1
fi
