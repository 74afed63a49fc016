#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server on loopback (RAMPART_TEST_POSTGRES_URL points at
# it), then stops and deletes the server. Needs Debian's postgresql package.
set -euo pipefail
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$pg_bin" ]; then echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; fi
dir=$(mktemp -d /tmp/rampart-pg.XXXXXX)
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
# initdb refuses to run as root: run the server as the postgres user then.
as_owner() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
as_owner "'$pg_bin/initdb' -D '$dir/data' -A trust -U postgres --no-sync" >/dev/null
as_owner "'$pg_bin/pg_ctl' -D '$dir/data' -l '$dir/log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c fsync=off -c synchronous_commit=off -c max_connections=400\" start" >/dev/null
stop() { as_owner "'$pg_bin/pg_ctl' -D '$dir/data' -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap stop EXIT
export RAMPART_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
