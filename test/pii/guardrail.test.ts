import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { Value } from '@sinclair/typebox/value';
import { compilePii, judgePii, piiGuardrail } from '../../src/guardrails/pii/index.ts';
import { PiiSettings } from '../../src/guardrails/pii/settings.ts';

const settings = (overrides: object): PiiSettings => Value.Default(PiiSettings, overrides) as PiiSettings;
const MESSAGE = 'Hi, I am Maria Gonzalez, mail maria.gonzalez@example.org, card 4111 1111 1111 1111.';

before(async () => {
  await piiGuardrail.init?.();
});

test('entities carry offsets into the message and a masked text, never the value', () => {
  const verdict = judgePii(MESSAGE, compilePii(settings({})));
  const entities = verdict.fields['entities'] as { type: string; start: number; end: number; text: string }[];
  const byType = new Map(entities.map((e) => [e.type, e]));
  const email = byType.get('EMAIL_ADDRESS')!;
  assert.equal(MESSAGE.slice(email.start, email.end), 'maria.gonzalez@example.org');
  assert.equal(email.text, 'm***@example.org');
  assert.equal(byType.get('CREDIT_CARD')!.text, '**** **** **** 1111');
  assert.equal(byType.get('PERSON')?.text, 'M**** G*******');
  assert.ok(!JSON.stringify(verdict.fields).includes('4111 1111 1111 1111'));
  assert.equal(verdict.detected, true);
  assert.equal(verdict.fields['detected'], true);
});

test('mask and log actions do not block; mask asks for redactions', () => {
  const compiled = compilePii(settings({ actions: { PERSON: 'mask', EMAIL_ADDRESS: 'mask', CREDIT_CARD: 'log' } }));
  const verdict = judgePii(MESSAGE, compiled);
  assert.equal(verdict.detected, false);
  assert.equal(verdict.fields['detected'], true);
  const replacements = verdict.redactions!.map((r) => [MESSAGE.slice(r.start, r.end), r.replacement]);
  assert.deepEqual(replacements, [
    ['Maria Gonzalez', '<PERSON>'],
    ['maria.gonzalez@example.org', '<EMAIL_ADDRESS>'],
  ]);
});

test('disabled entity types are not reported', () => {
  const verdict = judgePii(MESSAGE, compilePii(settings({ entities: ['CREDIT_CARD'] })));
  assert.deepEqual((verdict.fields['entities'] as { type: string }[]).map((e) => e.type), ['CREDIT_CARD']);
});

test('a clean message is allowed with no entities', () => {
  const verdict = judgePii('How do I sort a list in Python?', compilePii(settings({})));
  assert.equal(verdict.detected, false);
  assert.deepEqual(verdict.fields, { detected: false, entities: [] });
});

test('min_score filters weak findings', () => {
  const verdict = judgePii('see 10.1.2.3 now', compilePii(settings({ min_score: 1, entities: ['IP_ADDRESS'] })));
  assert.deepEqual(verdict.fields['entities'], []);
});
