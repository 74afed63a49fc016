import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../helpers/cli.ts';

const run = promisify(execFile);
// As an operator's shell runs them: without the npm_config_* settings (such as --silent) that an
// enclosing `npm test` passes down to its children.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

/**
 * npm reads the project's .npmrc on every call and warns about any key it does not know (such as
 * onnxruntime-node's install switch, which scripts/install.sh and the Dockerfile pass in the
 * environment instead): the commands an operator types print no npm warning.
 */
describe('npm in the project directory', () => {
  it('npx rampart --help prints the help and no npm warning', async () => {
    const { stdout, stderr } = await run('npx', ['--offline', 'rampart', '--help'], { cwd: REPO_ROOT, env });
    assert.match(stdout, /^Usage: rampart/);
    assert.doesNotMatch(stderr, /npm warn/i, stderr);
  });

  it('npm run and other npm commands print no npm warning', async () => {
    const { stdout, stderr } = await run('npm', ['pkg', 'get', 'name'], { cwd: REPO_ROOT, env });
    assert.equal(stdout.trim(), '"rampart"');
    assert.doesNotMatch(stderr, /npm warn/i, stderr);
    const scripts = await run('npm', ['run'], { cwd: REPO_ROOT, env });
    assert.match(scripts.stdout, /build:dashboard/);
    assert.doesNotMatch(scripts.stderr, /npm warn/i, scripts.stderr);
  });
});
