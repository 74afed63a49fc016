import type { Command } from 'commander';
import type { Logger } from 'pino';
import { loadAppConfig } from '../config/app-config.ts';
import type { RunningAppliance } from '../server/assembly.ts';
import { runServerThreads, serverProcessSettings } from '../server/server-threads.ts';
import { createLogger } from '../server/logger.ts';

/** Serves until SIGTERM or SIGINT, then stops gracefully: in-flight requests finish, queued events are written. */
async function serveUntilSignalled(running: RunningAppliance, log: Logger): Promise<void> {
  await new Promise<void>((resolve) => {
    let stopping = false;
    // Handlers stay installed: a second SIGTERM must not kill the process halfway through its graceful stop.
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
    .option('--workers <n>', 'server threads sharing the ports (default: $RAMPART_WORKERS or one per CPU core)')
    .action(async (options: { dataDir?: string; apiPort?: string; dashboardPort?: string; host?: string; workers?: string }) => {
      const config = loadAppConfig(options);
      const settings = serverProcessSettings(process.execArgv, process.env);
      if (settings.options.length > 0 || Object.keys(settings.env).length > 0) {
        process.execve?.(process.execPath, [process.execPath, ...process.execArgv, ...settings.options, ...process.argv.slice(1)], {
          ...process.env,
          ...settings.env,
        });
      }
      const log = createLogger(config.logLevel);
      // Only the threads that serve load the appliance (web apps, store, models): the main thread of
      // several stays small.
      if (config.workers > 1) return runServerThreads(config, config.workers, log);
      const { startAppliance } = await import('../server/appliance.ts');
      return serveUntilSignalled(await startAppliance(config, log), log);
    });
}
