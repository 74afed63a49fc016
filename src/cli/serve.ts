import type { Command } from 'commander';
import { loadAppConfig } from '../config/app-config.ts';
import { createLogger, startAppliance } from '../server/appliance.ts';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('start the check API (HTTPS, default port 443) and the dashboard (HTTPS, default port 3000)')
    .option('--data-dir <dir>', 'data directory: database, TLS certificate (default: $RAMPART_DATA_DIR or ./data)')
    .option('--api-port <port>', 'check API port (default: $RAMPART_API_PORT or 443)')
    .option('--dashboard-port <port>', 'dashboard port (default: $RAMPART_DASHBOARD_PORT or 3000)')
    .option('--host <host>', 'address to listen on (default: $RAMPART_HOST or 0.0.0.0)')
    .action(async (options: { dataDir?: string; apiPort?: string; dashboardPort?: string; host?: string }) => {
      const config = loadAppConfig(options);
      const log = createLogger(config.logLevel);
      const appliance = await startAppliance(config, log);
      await new Promise<void>((resolve) => {
        const stop = (signal: string) => {
          log.info({ signal }, 'shutting down');
          void appliance.close().then(resolve);
        };
        process.once('SIGTERM', () => stop('SIGTERM'));
        process.once('SIGINT', () => stop('SIGINT'));
      });
    });
}
