#!/usr/bin/env bash
# Installs Rampart as an appliance on a Debian machine: code in /opt/rampart (production
# dependencies only), data in /var/lib/rampart owned by the unprivileged user `rampart`, settings in
# /etc/rampart/rampart.env, and a systemd service that binds 443 (check API) and 3000 (dashboard)
# through CAP_NET_BIND_SERVICE. Run as root from a checkout. Re-running it upgrades in place.
#
#   packaging/install-debian.sh               install or upgrade, enable and (re)start the service
#   packaging/install-debian.sh --no-systemd  install the files only (containers, image builds)
set -euo pipefail
systemd=1
[ "${1:-}" = "--no-systemd" ] && systemd=0
root=0
[ "$(id -u)" = 0 ] && root=1
[ "$root" = 1 ] || [ "$systemd" = 0 ] || { echo "run as root (or pass --no-systemd to install files you own)" >&2; exit 1; }
src=$(cd "$(dirname "$0")/.." && pwd)
prefix=${RAMPART_PREFIX:-/opt/rampart}
data=${RAMPART_DATA_DIR:-/var/lib/rampart}
etc=${RAMPART_ETC:-/etc/rampart}
user=${RAMPART_USER:-rampart}

. "$src/scripts/ensure-node.sh"
node_bin=$(command -v node)

# Build where the development dependencies are (the dashboard bundle), then ship runtime files only.
"$src/scripts/install.sh"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
(cd "$src" && tar -cf - bin src models dashboard/dist package.json package-lock.json .npmrc README.md docs packaging) | tar -xf - -C "$stage"
# `npm install` with the lock, not `npm ci`: see scripts/install.sh.
(cd "$stage" && npm install --omit=dev --no-fund --no-audit --ignore-scripts >/dev/null)
"$src/scripts/prune-onnxruntime.sh" "$stage/node_modules"
install -d -m 755 "$prefix"
# Replace the code atomically enough: new tree next to the old, then swap.
rm -rf "$prefix.new" && cp -a "$stage" "$prefix.new" && chmod 755 "$prefix.new"
rm -rf "$prefix.old" && { [ -d "$prefix" ] && mv "$prefix" "$prefix.old" || true; } && mv "$prefix.new" "$prefix" && rm -rf "$prefix.old"

id -u "$user" >/dev/null 2>&1 || useradd --system --home-dir "$data" --no-create-home --shell /usr/sbin/nologin "$user"
owner=()
[ "$root" = 1 ] && owner=(-o "$user" -g "$user")
install -d "${owner[@]}" -m 700 "$data"
install -d -m 750 "$etc"
[ "$root" = 1 ] && chgrp "$user" "$etc"
if [ ! -f "$etc/rampart.env" ]; then
  cat > "$etc/rampart.env" <<ENV
# Rampart settings (see README, Configuration). Examples:
# RAMPART_DATABASE_URL=postgres://rampart:secret@db.internal:5432/rampart
# RAMPART_WORKERS=4
ENV
  chmod 640 "$etc/rampart.env"
  [ "$root" = 1 ] && chgrp "$user" "$etc/rampart.env"
fi
sed -e "s|@NODE@|$node_bin|g" -e "s|@PREFIX@|$prefix|g" -e "s|@DATA@|$data|g" -e "s|^User=.*|User=$user|" -e "s|^Group=.*|Group=$user|" \
  "$src/packaging/rampart.service" > "$prefix/rampart.service"

if [ "$systemd" = 1 ]; then
  install -m 644 "$prefix/rampart.service" /etc/systemd/system/rampart.service
  systemctl daemon-reload
  systemctl enable rampart >/dev/null
  systemctl restart rampart
  echo "Rampart is running: check API https://$(hostname -f):443, dashboard https://$(hostname -f):3000" >&2
  echo "The first administrator's password is in $data/initial-password-admin (readable by $user only)." >&2
else
  echo "Installed in $prefix (service unit: $prefix/rampart.service); data directory $data." >&2
fi
