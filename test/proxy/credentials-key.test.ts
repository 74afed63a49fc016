import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startAppliance, type StartOptions, type TestAppliance } from '../helpers/appliance.ts';
import { FakeLlm } from '../helpers/fake-llm.ts';

const UPSTREAM_KEY = 'sk-upstream-credential-of-the-test-4711';

/** How a start that must fail failed: the helper's error carries the exit code and the server's stderr. */
async function failedStart(options: StartOptions): Promise<string> {
  const outcome = await startAppliance(options).then(
    async (app) => {
      await app.dispose();
      return undefined;
    },
    (error: Error) => error.message,
  );
  assert.ok(outcome !== undefined, 'the server refused to start');
  return outcome;
}

describe('a wrong credentials key at start', () => {
  const rightKey = randomBytes(32).toString('base64');
  const otherKey = randomBytes(32).toString('base64');
  let upstream: FakeLlm;
  let app: TestAppliance;
  let rampartKey: string;

  /** The Runtime LLM rows of a `db export`, sealed credentials included. */
  const storedRuntimeLlms = async (): Promise<string[]> => {
    const file = join(app.dataDir, `export-${randomBytes(4).toString('hex')}.jsonl`);
    const exported = await app.cli('db', 'export', '--output', file);
    assert.equal(exported.code, 0, exported.stderr);
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"table":"runtime_llms"'));
  };

  const forwardedCredential = async (server: TestAppliance): Promise<string | undefined> => {
    const res = await server.api('/v1/chat/completions', {
      method: 'POST',
      headers: { 'x-api-key': rampartKey },
      body: { model: 'm', messages: [{ role: 'user', content: 'hello' }] },
    });
    assert.equal(res.status, 200, res.text);
    return upstream.requests.at(-1)?.headers.authorization;
  };

  before(async () => {
    upstream = new FakeLlm();
    await upstream.start();
    app = await startAppliance({ env: { RAMPART_CREDENTIALS_KEY: rightKey } });
    app.rememberSecret(UPSTREAM_KEY);
    const keyFile = join(app.dataDir, 'upstream.key');
    writeFileSync(keyFile, `${UPSTREAM_KEY}\n`, { mode: 0o600 });
    ({ apiKey: rampartKey } = await app.createRuntimeLlm(
      'guarded',
      '--mode',
      'forwarding',
      '--url',
      upstream.url,
      '--upstream-key-file',
      keyFile,
      '--level',
      '1',
    ));
    assert.equal(await forwardedCredential(app), `Bearer ${UPSTREAM_KEY}`);
    assert.equal(await app.stop(), 0);
  });
  after(async () => {
    await app.dispose();
    await upstream.stop();
  });

  it('another valid key: the server exits with 1 naming the Runtime LLM whose credential it cannot decrypt, and changes nothing', async () => {
    const before = await storedRuntimeLlms();
    const message = await failedStart({ dataDir: app.dataDir, env: { ...app.env, RAMPART_CREDENTIALS_KEY: otherKey } });
    assert.match(message, /exited with 1 before it was ready/);
    assert.match(message, /Error: The credentials key cannot decrypt the stored upstream credentials of 1 Runtime LLM\(s\) \("guarded"\)/);
    assert.ok(!message.includes(UPSTREAM_KEY));
    assert.deepEqual(await storedRuntimeLlms(), before, 'the sealed credential is stored as it was');
  });

  // A server that started its workers again and again would never exit: the test's time limit ends it.
  it('another valid key with several worker threads: the server exits with 1 and the same error, printed once, without starting workers again', {
    timeout: 120_000,
  }, async () => {
    const message = await failedStart({ dataDir: app.dataDir, env: { ...app.env, RAMPART_CREDENTIALS_KEY: otherKey, RAMPART_WORKERS: '2' } });
    assert.match(message, /exited with 1 before it was ready/);
    const refusals = message.match(/Error: The credentials key cannot decrypt the stored upstream credentials of 1 Runtime LLM\(s\) \("guarded"\)/g) ?? [];
    assert.equal(refusals.length, 1, 'one thread tried to prepare the data directory and was not started again');
    assert.ok(!message.includes(UPSTREAM_KEY));
  });

  it('a key that is not 32 bytes: the server exits with 1 saying so, without repeating the key', async () => {
    const message = await failedStart({ dataDir: app.dataDir, env: { ...app.env, RAMPART_CREDENTIALS_KEY: 'dG9vIHNob3J0' } });
    assert.match(message, /exited with 1 before it was ready/);
    assert.match(message, /Error: The setting RAMPART_CREDENTIALS_KEY must be a base64-encoded 32-byte key \(44 characters\); got a value of 12 characters\./);
    assert.ok(!message.includes('dG9vIHNob3J0'));
  });

  it('started again with the right key, the server forwards with the stored credential', async () => {
    const restarted = await startAppliance({ dataDir: app.dataDir, env: app.env });
    restarted.rememberSecret(UPSTREAM_KEY);
    try {
      assert.equal((await restarted.api('/readyz')).status, 200);
      assert.equal(await forwardedCredential(restarted), `Bearer ${UPSTREAM_KEY}`);
    } finally {
      await restarted.stop();
    }
  });
});
