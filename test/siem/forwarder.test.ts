import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { checkEventJson } from '../../src/events/event-json.ts';
import { formatDatagram, MAX_DATAGRAM_BYTES } from '../../src/siem/format.ts';
import { SiemForwarder } from '../../src/siem/forwarder.ts';
import { updateSiemSettings } from '../../src/siem/settings.ts';
import { recordAudit } from '../../src/store/audit.ts';
import type { CheckEvent } from '../../src/store/check-events.ts';
import type { Store } from '../../src/store/store.ts';
import { openStore } from '../../src/store/open-store.ts';

const event = (n: number, messageText?: string): CheckEvent => ({
  id: `evt_${n}`,
  createdAt: new Date().toISOString(),
  requestId: `req_${n}`,
  runtimeLlmId: 'llm_1',
  profileId: 'prf_default',
  direction: 'input',
  verdict: 'blocked',
  blockedBy: ['regex'],
  results: { regex: { detected: true, score: 1 } },
  executionTimeMs: 0.5,
  messageLength: 10,
  messageSha256: 'ab'.repeat(32),
  ...(messageText === undefined ? {} : { messageText }),
});

describe('SIEM forwarder queue', () => {
  let dir: string;
  let store: Store;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rampart-siem-'));
    store = await openStore({ dataDir: dir });
    await updateSiemSettings(store, { id: 'system' }, { collector: '127.0.0.1', port: 9, enabled: true });
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never waits on a stuck collector: a full queue drops new events and counts them', async () => {
    const registry = new Registry();
    const stuck: Buffer[] = [];
    const forwarder = new SiemForwarder({
      store,
      registry,
      log: pino({ level: 'silent' }),
      capacity: 5,
      send: (d) => {
        stuck.push(d);
        return new Promise(() => {});
      },
    });
    await forwarder.start();
    for (let i = 0; i < 20; i++) forwarder.enqueueCheck(event(i));
    forwarder.stop();
    // One datagram is in flight (never completes), five wait, the rest were dropped at once.
    assert.equal(stuck.length, 1);
    assert.equal(forwarder.pending, 5);
    const metrics = await registry.metrics();
    assert.match(metrics, /rampart_siem_events_dropped_total\{reason="queue_full"\} 14/);
    assert.match(metrics, /rampart_siem_queue_length 5/);
  });

  it('counts send errors as drops and keeps going', async () => {
    const registry = new Registry();
    let calls = 0;
    const forwarder = new SiemForwarder({
      store,
      registry,
      log: pino({ level: 'silent' }),
      send: async () => {
        calls++;
        throw new Error('EHOSTUNREACH');
      },
    });
    await forwarder.start();
    for (let i = 0; i < 3; i++) forwarder.enqueueCheck(event(i));
    while (forwarder.pending > 0) await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    forwarder.stop();
    assert.equal(calls, 3);
    assert.match(await registry.metrics(), /rampart_siem_events_dropped_total\{reason="send_error"\} 3/);
  });
});

describe('SIEM forwarding of audit events', () => {
  it('forwards each audit event once, even with several servers on one database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-siem-'));
    const store = await openStore({ dataDir: dir });
    try {
      await updateSiemSettings(store, { id: 'system' }, { collector: '127.0.0.1', port: 9, enabled: true });
      const sent: string[] = [];
      const nodes = [1, 2, 3].map(
        () =>
          new SiemForwarder({
            store,
            registry: new Registry(),
            log: pino({ level: 'silent' }),
            pollMs: 60_000,
            send: async (d) => void sent.push(d.toString()),
          }),
      );
      for (const node of nodes) await node.start(); // the first start opens the shared cursor
      await recordAudit(store.db, { actor: 'cli:test', action: 'profile.update', targetType: 'profile', targetId: 'prf_default', details: {} });
      // A restart of every node polls again: exactly one claims the new event.
      for (const node of nodes) {
        node.stop();
        await node.start();
      }
      for (const node of nodes) node.stop();
      while (nodes.some((n) => n.pending > 0)) await new Promise((r) => setImmediate(r));
      await new Promise((r) => setImmediate(r));
      assert.equal(sent.filter((d) => d.includes('audit.profile.update')).length, 1);
      assert.equal(sent.filter((d) => d.includes('audit.siem.update')).length, 0, 'events before forwarding started are not replayed');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SIEM datagram format', () => {
  it('keeps one event in one datagram of at most 1,400 bytes, shortening only the message text', () => {
    for (const format of ['cef', 'json'] as const) {
      const datagram = formatDatagram(checkEventJson(event(1, 'ü|=\\\n'.repeat(2000))), format).toString('utf8');
      assert.ok(Buffer.byteLength(datagram) <= MAX_DATAGRAM_BYTES, `${format}: ${Buffer.byteLength(datagram)}`);
      assert.ok(datagram.includes('evt_1') && datagram.includes('req_1'), 'fixed fields survive');
    }
  });

  it('escapes CEF header and extension values', () => {
    const datagram = formatDatagram(
      {
        kind: 'audit',
        id: 'aud_1',
        time: '2026-01-01T00:00:00.000Z',
        actor: 'admin:a=b',
        action: 'profile.update',
        target_type: 'profile',
        target_id: 'p|1',
        details: { note: 'line1\nline2' },
      },
      'cef',
    ).toString();
    assert.match(
      datagram,
      /^<133>1 2026-01-01T00:00:00.000Z \S+ rampart \d+ audit - \uFEFFCEF:0\|Rampart\|Rampart\|[^|]+\|audit\.profile\.update\|Administrative action profile\.update\|3\|/,
    );
    assert.ok(datagram.includes('suser=admin:a\\=b'));
    assert.ok(datagram.includes('cs2=p|1'), 'pipes need no escaping in extensions');
    assert.ok(!datagram.includes('\n'), 'one line');
  });
});
