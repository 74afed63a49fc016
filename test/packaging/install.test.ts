import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../helpers/cli.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';

const run = promisify(execFile);

describe('appliance install script (files only, no systemd)', () => {
  const root = mkdtempSync(join(tmpdir(), 'rampart-install-'));
  const prefix = join(root, 'opt', 'rampart');
  const data = join(root, 'var', 'lib', 'rampart');
  const etc = join(root, 'etc', 'rampart');
  let app: TestAppliance | undefined;

  before(async () => {
    const env = { ...process.env, RAMPART_PREFIX: prefix, RAMPART_DATA_DIR: data, RAMPART_ETC: etc, RAMPART_USER: userInfo().username };
    await run(join(REPO_ROOT, 'packaging', 'install-debian.sh'), ['--no-systemd'], { env, maxBuffer: 32 * 1024 * 1024, timeout: 600_000 });
  });
  after(async () => {
    await app?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('installs runtime files with production dependencies only, a private data directory and a settings file', () => {
    for (const path of ['bin/rampart.js', 'src/server/appliance.ts', 'dashboard/dist/index.html', 'node_modules/fastify/package.json'])
      assert.ok(existsSync(join(prefix, path)), path);
    assert.ok(!existsSync(join(prefix, 'node_modules', 'typescript')), 'development dependencies stay out');
    assert.ok(!existsSync(join(prefix, 'test')), 'tests stay out');
    assert.equal(statSync(data).mode & 0o777, 0o700);
    assert.equal(statSync(join(etc, 'rampart.env')).mode & 0o777, 0o640);
  });

  it("keeps only this platform's onnxruntime binaries, and onnxruntime still loads", async () => {
    const binaries = join(prefix, 'node_modules', 'onnxruntime-node', 'bin', 'napi-v6');
    assert.deepEqual(readdirSync(binaries), [process.platform]);
    assert.deepEqual(readdirSync(join(binaries, process.platform)), [process.arch]);
    const { stdout } = await run(process.execPath, ['-e', 'console.log(typeof require("onnxruntime-node").InferenceSession.create)'], { cwd: prefix });
    assert.equal(stdout.trim(), 'function');
  });

  it('renders a systemd unit that binds the spec ports unprivileged', () => {
    const unit = readFileSync(join(prefix, 'rampart.service'), 'utf8');
    assert.doesNotMatch(unit, /@[A-Z]+@/);
    assert.match(unit, new RegExp(`ExecStart=\\S+node ${prefix}/bin/rampart.js serve`));
    assert.match(unit, /AmbientCapabilities=CAP_NET_BIND_SERVICE/);
    assert.match(unit, new RegExp(`ReadWritePaths=${data}`));
    assert.match(unit, /RAMPART_API_PORT=443/);
  });

  it('the installed appliance starts and checks prompts', async () => {
    app = await startAppliance({ bin: join(prefix, 'bin', 'rampart.js') });
    const { apiKey } = await app.createRuntimeLlm('installed');
    const res = await app.inputCheck(apiKey, { message: 'hello from the installed appliance' });
    assert.equal(res.status, 200);
    assert.equal(res.json.injection_detected, false);
  });
});
