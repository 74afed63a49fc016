// Runs a command with a throwaway PostgreSQL server on loopback (RAMPART_TEST_POSTGRES_URL points at
// it), then stops and deletes the server.   node scripts/with-postgres.ts COMMAND [ARGS...]
import { spawnSync } from 'node:child_process';
import { createPostgresServer } from '../test/helpers/postgres-server.ts';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: with-postgres.ts COMMAND [ARGS...]');
const server = await createPostgresServer();
try {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, RAMPART_TEST_POSTGRES_URL: server.url } });
  process.exitCode = result.status ?? 1;
} finally {
  server.destroy();
}
