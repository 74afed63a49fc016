import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DatabaseFailureLog, isDatabaseUnavailable } from '../../src/store/unavailable.ts';

function recorder() {
  const lines: { fields: object; message: string }[] = [];
  return { lines, log: { error: (fields: object, message: string) => lines.push({ fields, message }) } };
}

test('a burst of database failures is logged once, with its cause; a failure after a quiet spell starts a new burst', () => {
  let now = 1_000_000;
  const failures = new DatabaseFailureLog(30_000, () => now);
  const { lines, log } = recorder();
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  assert.equal(failures.record(log, refused), true);
  for (let i = 0; i < 20; i++) {
    now += 10_000; // failures keep coming, each within the quiet spell of the one before
    assert.equal(failures.record(log, refused), false);
  }
  assert.equal(lines.length, 1);
  assert.deepEqual(lines[0]!.fields, { err: refused });
  assert.match(lines[0]!.message, /^database unavailable/);

  now += 30_001;
  assert.equal(failures.record(log, refused), true);
  assert.equal(lines.length, 2);
});

test('busy, locked, full and unreachable databases count as unavailable; other errors do not', () => {
  const sqlite = (errcode: number) => Object.assign(new Error('sqlite'), { code: 'ERR_SQLITE_ERROR', errcode });
  assert.equal(isDatabaseUnavailable(sqlite(5)), true); // SQLITE_BUSY
  assert.equal(isDatabaseUnavailable(sqlite(517)), true); // SQLITE_BUSY_SNAPSHOT: extended code of BUSY
  assert.equal(isDatabaseUnavailable(sqlite(13)), true); // SQLITE_FULL
  assert.equal(isDatabaseUnavailable(sqlite(19)), false); // SQLITE_CONSTRAINT: a bug or a conflict, not an outage
  assert.equal(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' })), true); // admin shutdown
  assert.equal(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' })), false); // unique violation
  assert.equal(isDatabaseUnavailable(new Error('Connection terminated unexpectedly')), true);
  assert.equal(isDatabaseUnavailable(new TypeError('undefined is not a function')), false);
});
