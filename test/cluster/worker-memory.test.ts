import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workerMemorySettings } from '../../src/server/cluster.ts';

describe('worker memory settings', () => {
  it('give workers 16 MB semi-spaces and two malloc arenas by default', () => {
    const settings = workerMemorySettings(['--enable-source-maps'], {});
    assert.deepEqual(settings.execArgv, ['--enable-source-maps', '--max-semi-space-size=16']);
    assert.deepEqual(settings.env, { MALLOC_ARENA_MAX: '2' });
  });

  it("keep the operator's own semi-space size, from the command line or NODE_OPTIONS, and malloc arenas", () => {
    assert.deepEqual(workerMemorySettings(['--max-semi-space-size=64'], {}).execArgv, ['--max-semi-space-size=64']);
    assert.deepEqual(workerMemorySettings([], { NODE_OPTIONS: '--trace-warnings --semi-space-size=8' }).execArgv, []);
    assert.deepEqual(workerMemorySettings([], { MALLOC_ARENA_MAX: '8' }).env, {});
  });
});
