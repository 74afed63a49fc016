import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkEventRow } from '../../src/store/check-events.ts';
import { bumpConfigRevision } from '../../src/store/revision.ts';
import { openStore } from '../../src/store/open-store.ts';

describe('SQLite store: what counts as a configuration change', () => {
  it('another connection writing check events is not one; a new configuration revision is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-store-'));
    const server = await openStore({ dataDir: dir });
    // Another process on the same file: a second worker, or the CLI.
    const other = await openStore({ dataDir: dir });
    try {
      server.changedSinceLastCall(); // whatever opening the second connection wrote
      assert.equal(server.changedSinceLastCall(), false, 'nothing written');
      const event = {
        id: 'evt_written_by_another_worker',
        createdAt: new Date().toISOString(),
        requestId: 'req_1',
        runtimeLlmId: 'rl_1',
        profileId: 'default',
        direction: 'input' as const,
        verdict: 'allowed' as const,
        blockedBy: [],
        results: {},
        executionTimeMs: 0.5,
        messageLength: 12,
        messageSha256: '0'.repeat(64),
      };
      await other.insertCheckEvents([checkEventRow(event)]);
      assert.equal(server.changedSinceLastCall(), false, 'events only');
      // In the same turn of the event loop as the reading before: a request sent after a change
      // committed elsewhere (a key revoked, an entry approved) must see it, however busy the loop.
      await bumpConfigRevision(other.db);
      assert.equal(server.changedSinceLastCall(), true, 'a new revision');
      assert.equal(server.changedSinceLastCall(), false, 'reported once');
      await server.notifyConfigChanged();
      assert.equal(server.changedSinceLastCall(), true, 'changed by this process');
    } finally {
      await other.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
