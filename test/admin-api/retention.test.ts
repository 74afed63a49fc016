import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pruneEvents, updateRetention } from '../../src/events/retention.ts';
import { newId } from '../../src/ids.ts';
import { recordAudit } from '../../src/store/audit.ts';
import { checkEventRow, listCheckEvents, type CheckEvent } from '../../src/store/check-events.ts';
import type { Store } from '../../src/store/store.ts';
import { openStore } from '../../src/store/open-store.ts';

const DAY = 86_400_000;

function eventAt(time: number): CheckEvent {
  return {
    id: newId('evt'),
    createdAt: new Date(time).toISOString(),
    requestId: 'req_x',
    runtimeLlmId: 'llm_x',
    profileId: 'prf_default',
    direction: 'input',
    verdict: 'allowed',
    blockedBy: [],
    results: {},
    executionTimeMs: 0.1,
    messageLength: 1,
    messageSha256: '0'.repeat(64),
  };
}

describe('event retention by age', () => {
  let dir: string;
  let store: Store;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rampart-retention-'));
    store = await openStore({ dataDir: dir });
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('deletes check events older than max_age_days and audit events older than audit_max_age_days', async () => {
    const now = Date.now();
    await updateRetention(store, { id: 'system' }, { max_age_days: 7, audit_max_age_days: 30 });
    await store.insertCheckEvents([eventAt(now - 8 * DAY), eventAt(now - 6 * DAY), eventAt(now - 1000)].map(checkEventRow));
    const auditCount = async () =>
      Number(
        (
          await store.db
            .selectFrom('audit_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await recordAudit(store.db, { actor: 'system', action: 'test.old', targetType: 'test', targetId: null, details: {} });
    const before = await auditCount();

    // Half a day later only the 8-day-old check event is past 7 days; forty days later everything is.
    const deleted = await pruneEvents(store, now + DAY / 2);
    assert.deepEqual(deleted, { check_events: 1, audit_events: 0 });
    assert.equal((await listCheckEvents(store.db, { limit: 10 })).length, 2);
    const later = await pruneEvents(store, now + 40 * DAY);
    assert.equal(later.audit_events, before);
    assert.equal(await auditCount(), 0);
    assert.equal((await listCheckEvents(store.db, { limit: 10 })).length, 0);
  });
});
