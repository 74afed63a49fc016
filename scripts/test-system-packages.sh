#!/usr/bin/env bash
# Debian packages the tests drive: chromium (dashboard end-to-end tests, headless), rsyslog (a
# real syslog receiver for SIEM forwarding) and postgresql (the suites that use the database run
# against it too). Installed only when missing; never a downloaded browser.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/rsyslogd ] || missing+=(rsyslog)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing ${missing[*]} (apt-get)..." >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
