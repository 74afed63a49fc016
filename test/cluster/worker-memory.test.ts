import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workerMemorySettings } from '../../src/server/cluster.ts';

describe('worker memory settings', () => {
  it('give workers 16 MB semi-spaces, two malloc arenas and a fixed mmap threshold by default', () => {
    const settings = workerMemorySettings(['--enable-source-maps'], {});
    assert.deepEqual(settings.execArgv, ['--enable-source-maps', '--max-semi-space-size=16']);
    assert.deepEqual(settings.env, { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
  });

  it("keep the operator's own semi-space size, from the command line or NODE_OPTIONS, malloc arenas and mmap threshold", () => {
    assert.deepEqual(workerMemorySettings(['--max-semi-space-size=64'], {}).execArgv, ['--max-semi-space-size=64']);
    assert.deepEqual(workerMemorySettings([], { NODE_OPTIONS: '--trace-warnings --semi-space-size=8' }).execArgv, []);
    assert.deepEqual(workerMemorySettings([], { MALLOC_ARENA_MAX: '8' }).env, { MALLOC_MMAP_THRESHOLD_: '131072' });
    assert.deepEqual(workerMemorySettings([], { MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '1048576' }).env, {});
  });
});
