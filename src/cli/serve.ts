import cluster from 'node:cluster';
import type { Command } from 'commander';
import type { Logger } from 'pino';
import { loadAppConfig } from '../config/app-config.ts';
import type { RunningAppliance } from '../server/appliance.ts';
import { runPrimary } from '../server/cluster.ts';
import { createLogger } from '../server/logger.ts';

/** Serves until SIGTERM or SIGINT, then stops gracefully: in-flight requests finish, queued events are written. */
async function serveUntilSignalled(running: RunningAppliance, log: Logger): Promise<void> {
  await new Promise<void>((resolve) => {
    let stopping = false;
    // Handlers stay installed: a second SIGTERM (systemd signals the whole group, the primary its
    // workers) must not kill the process halfway through its graceful stop.
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'shutting down');
      void running.close().then(resolve);
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('start the check API (HTTPS, default port 443) and the dashboard (HTTPS, default port 3000)')
    .option('--data-dir <dir>', 'data directory: database, TLS certificate (default: $RAMPART_DATA_DIR or ./data)')
    .option('--api-port <port>', 'check API port (default: $RAMPART_API_PORT or 443)')
    .option('--dashboard-port <port>', 'dashboard port (default: $RAMPART_DASHBOARD_PORT or 3000)')
    .option('--host <host>', 'address to listen on (default: $RAMPART_HOST or 0.0.0.0)')
    .option('--workers <n>', 'server processes sharing the ports (default: $RAMPART_WORKERS or one per CPU core)')
    .action(async (options: { dataDir?: string; apiPort?: string; dashboardPort?: string; host?: string; workers?: string }) => {
      const config = loadAppConfig(options);
      const log = createLogger(config.logLevel);
      // Only the processes that serve load the appliance (web apps, store, models): the primary of
      // several worker processes stays small.
      if (cluster.isWorker) {
        const { runWorker } = await import('../server/cluster-worker.ts');
        try {
          await serveUntilSignalled(await runWorker(config, log), log);
        } finally {
          // The channel to the primary is all that keeps a stopped worker, or one that failed to start, alive.
          cluster.worker?.disconnect();
        }
        return;
      }
      if (config.workers > 1) return runPrimary(config, config.workers, log);
      const { startAppliance } = await import('../server/appliance.ts');
      return serveUntilSignalled(await startAppliance(config, log), log);
    });
}
