import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startInProcess, type InProcessAppliance, type Listening } from '../helpers/in-process.ts';

const PYTHON_CLIENT = join(import.meta.dirname, '../../clients/python');

describe('Python client (python3 -m unittest) against a running appliance', () => {
  let app: InProcessAppliance;
  let listening: Listening;
  let apiKey: string;

  before(async () => {
    // The shipped models: the client is tested against the verdicts a real appliance gives.
    app = await startInProcess({ guardrails: 'real' });
    listening = await app.listen();
    ({ apiKey } = await app.createRuntimeLlm('python-app'));
  });
  after(() => app.dispose());

  it('passes its unittest suite over real HTTPS with the self-signed CA', async () => {
    const run = await promisify(execFile)('python3', ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.', '-v'], {
      cwd: PYTHON_CLIENT,
      env: {
        PATH: process.env.PATH,
        PYTHONDONTWRITEBYTECODE: '1',
        RAMPART_URL: listening.apiUrl,
        RAMPART_API_KEY: apiKey,
        RAMPART_CA_FILE: join(app.dataDir, 'tls', 'cert.pem'),
      },
      timeout: 120_000,
    }).catch((error: { stdout: string; stderr: string }) => assert.fail(`the Python suite failed:\n${error.stderr}`));
    // unittest reports on stderr: every test ran and passed, none skipped.
    assert.match(run.stderr, /\nOK\n?$/, run.stderr);
    assert.doesNotMatch(run.stderr, /skipped/, run.stderr);
    assert.match(run.stderr, /AgainstTheAppliance\.test_verdicts\) \.\.\. ok/);
  });
});
