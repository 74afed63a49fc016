import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface BenchServer {
  port: number;
  apiKey: string;
  ca: string;
  stop(): void;
}

/**
 * The benchmark appliance in its own process (so the load generator does not share its event loop),
 * with a fresh data directory; `upstream` makes its Runtime LLM a Forwarding one.
 */
export async function startBenchServer(upstream?: string): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-bench-'));
  const script = fileURLToPath(new URL('../check-api-server.ts', import.meta.url));
  const server = spawn(process.execPath, [script, dataDir, ...(upstream ? [upstream] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = await new Promise<{ port: number; apiKey: string }>((resolve, reject) => {
    // Log lines (JSON too) may come first; the ready line is the one with the port.
    createInterface({ input: server.stdout! }).on('line', (line) => {
      const parsed = JSON.parse(line) as { port?: number; apiKey?: string };
      if (parsed.port !== undefined) resolve(parsed as { port: number; apiKey: string });
    });
    server.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
  });
  return {
    ...ready,
    ca: readFileSync(join(dataDir, 'tls', 'cert.pem'), 'utf8'),
    stop() {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
