import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL server on loopback, from Debian's postgresql package: created in a temporary
 * directory, started and stopped on demand (fault tests stop it under a running appliance).
 */
export interface PostgresServer {
  url: string;
  start(): void;
  stop(): void;
  destroy(): void;
}

function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  return join('/usr/lib/postgresql', versions[0]!, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root: the server then runs as the postgres user. */
function runAsOwner(command: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const result = root
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')], { stdio: 'pipe' })
    : spawnSync(command, args, { stdio: 'pipe' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.toString()}`);
}

export async function createPostgresServer(): Promise<PostgresServer> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'rampart-pg-'));
  if (process.getuid?.() === 0)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const port = await freePort();
  runAsOwner(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c max_connections=400`;
  const server: PostgresServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => runAsOwner(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', '-o', options, 'start']),
    stop: () => runAsOwner(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']),
    destroy() {
      try {
        runAsOwner(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}
