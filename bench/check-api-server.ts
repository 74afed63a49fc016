// Benchmark server: the real appliance plus a bare echo route on the same HTTPS stack, so the
// check API's cost can be reported as a ratio against doing nothing in the same process.
//   node bench/check-api-server.ts DATA_DIR [UPSTREAM_URL]   (an upstream makes it a Forwarding Runtime LLM)
import { createRuntimeLlm } from '../src/admin/runtime-llms.ts';
import { loadAppConfig } from '../src/config/app-config.ts';
import { CredentialBox } from '../src/secrets/credential-box.ts';
import { buildAppliance } from '../src/server/appliance.ts';
import { prepareDataDirectory } from '../src/server/data-directory.ts';
import { createLogger } from '../src/server/logger.ts';

const [dataDir, upstream] = process.argv.slice(2) as [string, string | undefined];
const config = loadAppConfig(
  { dataDir, apiPort: '0', dashboardPort: '0', host: '127.0.0.1' },
  { ...process.env, RAMPART_RATE_LIMIT_PER_KEY: '0', RAMPART_RATE_LIMIT_PER_IP: '0' },
);
const log = createLogger('warn');
await prepareDataDirectory(config, log);
const appliance = await buildAppliance(config, log);
const { apiKey } = await createRuntimeLlm(
  appliance.store,
  { id: 'bench' },
  { name: `bench-${Date.now()}`, ...(upstream ? { mode: 'forwarding', url: upstream } : {}) },
  CredentialBox.forDataDir(config.dataDir, config.credentialsKey),
);
appliance.api.post('/bench/echo', async (request) => request.body);
const running = await appliance.listen();
process.stdout.write(`${JSON.stringify({ port: running.apiPort, apiKey })}\n`);
process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
