import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serverProcessSettings, threadResourceLimits } from '../../src/server/server-threads.ts';

describe('server memory settings', () => {
  it('give the server process 16 MB semi-spaces, a 1 GB old generation growing by 100 %, two malloc arenas and a fixed mmap threshold by default', () => {
    assert.deepEqual(serverProcessSettings(['--enable-source-maps'], {}), {
      options: ['--max-semi-space-size=16', '--max-old-space-size=1024', '--heap-growing-percent=100'],
      env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
    });
  });

  it('keep what the operator set on the command line, in NODE_OPTIONS or in the environment', () => {
    assert.deepEqual(serverProcessSettings(['--max-semi-space-size=64', '--heap-growing-percent=50'], { MALLOC_ARENA_MAX: '8' }), {
      options: ['--max-old-space-size=1024'],
      env: { MALLOC_MMAP_THRESHOLD_: '131072' },
    });
    assert.deepEqual(
      serverProcessSettings([], {
        NODE_OPTIONS: '--trace-warnings --semi-space-size=8 --max-old-space-size=4096',
        MALLOC_ARENA_MAX: '8',
        MALLOC_MMAP_THRESHOLD_: '1048576',
      }),
      { options: ['--heap-growing-percent=100'], env: {} },
    );
  });

  it('give each server thread the heap limits of its process', () => {
    assert.deepEqual(threadResourceLimits(['--max-semi-space-size=16', '--max-old-space-size=1024'], {}), {
      maxYoungGenerationSizeMb: 48,
      maxOldGenerationSizeMb: 1024,
    });
    // The command line wins over NODE_OPTIONS, as in Node.
    assert.deepEqual(threadResourceLimits(['--max-old-space-size=2048'], { NODE_OPTIONS: '--semi-space-size=8 --max-old-space-size=512' }), {
      maxYoungGenerationSizeMb: 24,
      maxOldGenerationSizeMb: 2048,
    });
  });
});
