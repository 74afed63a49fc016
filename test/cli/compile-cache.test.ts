import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { REPO_ROOT, runCli } from '../helpers/cli.ts';

/**
 * A copy of the CLI's launcher in an installation of its own: its sources are the repository's, its
 * node_modules an empty folder (packages still resolve from the sources' real place), so the compile
 * cache it keeps there is this test's alone.
 */
function installation(dirs: string[]): { bin: string; cache: string } {
  const root = mkdtempSync(join(tmpdir(), 'rampart-install-'));
  dirs.push(root);
  mkdirSync(join(root, 'bin'));
  mkdirSync(join(root, 'node_modules'));
  copyFileSync(join(REPO_ROOT, 'bin', 'rampart.js'), join(root, 'bin', 'rampart.js'));
  symlinkSync(join(REPO_ROOT, 'src'), join(root, 'src'));
  return { bin: join(root, 'bin', 'rampart.js'), cache: join(root, 'node_modules', '.cache', 'rampart') };
}

const cachedFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);

describe("the CLI and Node's compile cache", () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the modules it compiled in its installation, and runs the same from them', async () => {
    const { bin, cache } = installation(dirs);
    const first = await runCli(['--version'], {}, '', bin);
    assert.equal(first.code, 0, first.stderr);
    assert.ok(cachedFiles(cache) > 0);
    const second = await runCli(['--version'], {}, '', bin);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.stdout, first.stdout);
  });

  it('keeps none when the operator turns the cache off', async () => {
    const { bin, cache } = installation(dirs);
    const result = await runCli(['--version'], { NODE_DISABLE_COMPILE_CACHE: '1' }, '', bin);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(cachedFiles(cache), 0);
  });
});
