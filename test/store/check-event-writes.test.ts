import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkEventRow, listCheckEvents, type CheckEvent } from '../../src/store/check-events.ts';
import type { Store } from '../../src/store/store.ts';
import { openStore } from '../../src/store/open-store.ts';

function event(n: number, overrides: Partial<CheckEvent> = {}): CheckEvent {
  return {
    id: `evt_write_${String(n).padStart(4, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    requestId: `req_${n}`,
    runtimeLlmId: 'rl_writes',
    profileId: 'default',
    direction: n % 2 ? 'output' : 'input',
    verdict: n % 3 ? 'allowed' : 'blocked',
    blockedBy: n % 3 ? [] : ['keyword'],
    monitoredBy: n % 5 ? [] : ['pii'],
    results: { keyword: { detected: n % 3 === 0, ms: n / 1000 } },
    executionTimeMs: n / 10,
    messageLength: n,
    messageSha256: 'ab'.repeat(32),
    messageText: n % 7 ? null : `masked text <EMAIL_ADDRESS> ${n}`,
    messageMasking: n % 7 ? null : { masked: [{ type: 'EMAIL_ADDRESS', score: 1 }], ...(n % 2 ? { cut: true as const } : {}) },
    traceId: n % 4 ? null : '5c1e0d4a7b2f4e6a9d3c8b1a0f2e4d6c',
    spanId: n % 4 ? null : '1a2b3c4d5e6f7a8b',
    litellmCallId: null,
    litellmTraceId: null,
    endUser: n % 6 ? null : `user-${n}`,
    imagesNotInspected: n % 9 ? 0 : 1,
    ...overrides,
  };
}

describe('SQLite store: writing check events', () => {
  let dir: string;
  let store: Store;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rampart-event-writes-'));
    store = await openStore({ dataDir: dir });
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes every event of a batch of any size, each as it was queued', async () => {
    // 123 events: two statements of many rows and 23 of one row.
    const events = Array.from({ length: 123 }, (_, i) => event(i + 1));
    await store.insertCheckEvents(events.map(checkEventRow));
    const read = await listCheckEvents(store.db, { runtimeLlmId: 'rl_writes', limit: 1000 });
    assert.deepEqual(
      read.sort((a, b) => a.id.localeCompare(b.id)),
      events.map((e) => ({ ...e, monitoredBy: e.monitoredBy ?? [] })),
    );
  });

  it('writes nothing of a batch that fails, and writes the next batch', async () => {
    const failing = [event(500), event(501), event(1)].map(checkEventRow); // evt_write_0001 exists already
    await assert.rejects(store.insertCheckEvents(failing), /UNIQUE|constraint/i);
    const ids = async () => (await listCheckEvents(store.db, { runtimeLlmId: 'rl_writes', limit: 1000 })).map((e) => e.id);
    assert.equal((await ids()).includes('evt_write_0500'), false, 'the first rows of the failed batch were rolled back');
    await store.insertCheckEvents([event(500), event(501)].map(checkEventRow));
    assert.equal((await ids()).length, 125);
  });

  it('waits for a transaction of the query builder instead of writing into it', async () => {
    let release!: () => void;
    let begun!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const transaction = store.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('check_events')
        .values(checkEventRow(event(900)))
        .execute();
      begun();
      await held;
      throw new Error('rolled back on purpose');
    });
    await inside;
    const write = store.insertCheckEvents([checkEventRow(event(901))]);
    release();
    await assert.rejects(transaction, /on purpose/);
    await write;
    const ids = (await listCheckEvents(store.db, { runtimeLlmId: 'rl_writes', limit: 1000 })).map((e) => e.id);
    assert.equal(ids.includes('evt_write_0900'), false, 'the rolled-back transaction wrote nothing');
    assert.equal(ids.includes('evt_write_0901'), true, 'the batch was written after it');
  });
});
