import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.ts';

/** The files of Node's compile cache under `dir` (its default place is the temporary directory). */
function cachedFiles(dir: string): string[] {
  const root = join(dir, 'node-compile-cache');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe("the CLI and Node's compile cache", () => {
  const dirs: string[] = [];
  const freshTmp = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-compile-cache-'));
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const env = (tmp: string, extra: Record<string, string> = {}) => ({ TMPDIR: tmp, ...extra });

  it('keeps the modules it compiled in the temporary directory', async () => {
    const tmp = freshTmp();
    const result = await runCli(['--version'], env(tmp));
    assert.equal(result.code, 0, result.stderr);
    assert.ok(cachedFiles(tmp).length > 0);
  });

  it('keeps none when NODE_DISABLE_COMPILE_CACHE is set', async () => {
    const tmp = freshTmp();
    const result = await runCli(['--version'], env(tmp, { NODE_DISABLE_COMPILE_CACHE: '1' }));
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(cachedFiles(tmp), []);
  });
});
