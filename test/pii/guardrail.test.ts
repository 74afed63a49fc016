import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Value } from '@sinclair/typebox/value';
import { judgePii, piiGuardrail } from '../../src/guardrails/pii/index.ts';
import { PiiSettings, withCurrentPiiActions } from '../../src/guardrails/pii/settings.ts';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../../src/models/model-library.ts';

const settings = (overrides: object): PiiSettings => Value.Default(PiiSettings, overrides) as PiiSettings;
const MESSAGE = 'Hi, I am Maria Gonzalez, mail maria.gonzalez@example.org, card 4111 1111 1111 1111.';

const pii = await piiGuardrail.create({ models: new ModelLibrary(SHIPPED_MODELS_DIR) });
const compile = (piiSettings: PiiSettings) => pii.compile(piiSettings, { keywords: [], regexes: [] });

test('entities carry offsets into the message and a masked text, never the value', () => {
  const verdict = judgePii(MESSAGE, compile(settings({})));
  const entities = verdict.fields.entities as { type: string; start: number; end: number; text: string }[];
  const byType = new Map(entities.map((e) => [e.type, e]));
  const email = byType.get('EMAIL_ADDRESS')!;
  assert.equal(MESSAGE.slice(email.start, email.end), 'maria.gonzalez@example.org');
  assert.equal(email.text, 'm***@example.org');
  assert.equal(byType.get('CREDIT_CARD')!.text, '**** **** **** 1111');
  assert.equal(byType.get('PERSON')?.text, 'M**** G*******');
  assert.ok(!JSON.stringify(verdict.fields).includes('4111 1111 1111 1111'));
  assert.equal(verdict.detected, true);
  assert.equal(verdict.fields.detected, true);
});

test('mask and allow actions do not block; every entity is redacted, only mask ones are passed on masked', () => {
  const compiled = compile(settings({ actions: { PERSON: 'mask', EMAIL_ADDRESS: 'mask', CREDIT_CARD: 'allow' } }));
  const verdict = judgePii(MESSAGE, compiled);
  assert.equal(verdict.detected, false);
  assert.equal(verdict.fields.detected, true);
  const replacements = verdict.redactions!.map((r) => [MESSAGE.slice(r.start, r.end), r.replacement, r.forward]);
  assert.deepEqual(replacements, [
    ['Maria Gonzalez', '<PERSON>', true],
    ['maria.gonzalez@example.org', '<EMAIL_ADDRESS>', true],
    ['4111 1111 1111 1111', '<CREDIT_CARD>', false],
  ]);
});

test('log, the former name of allow, is read as allow', () => {
  const compiled = compile(withCurrentPiiActions({ guardrails: { pii: settings({ actions: { CREDIT_CARD: 'log' } as never }) } }).guardrails.pii);
  assert.equal(compiled.actions.get('CREDIT_CARD'), 'allow');
  assert.equal(judgePii('card 4111 1111 1111 1111', compiled).detected, false);
});

test('disabled entity types are not reported', () => {
  const verdict = judgePii(MESSAGE, compile(settings({ entities: ['CREDIT_CARD'] })));
  assert.deepEqual(
    (verdict.fields.entities as { type: string }[]).map((e) => e.type),
    ['CREDIT_CARD'],
  );
});

test('a clean message is allowed with no entities', () => {
  const verdict = judgePii('How do I sort a list in Python?', compile(settings({})));
  assert.equal(verdict.detected, false);
  assert.deepEqual(verdict.fields, { detected: false, entities: [] });
});

test('min_score filters weak findings', () => {
  const verdict = judgePii('see 10.1.2.3 now', compile(settings({ min_score: 1, entities: ['IP_ADDRESS'] })));
  assert.deepEqual(verdict.fields.entities, []);
});

test('by default every detected type blocks, and every entity is masked in the redactions', () => {
  const compiled = compile(settings({}));
  const contact = 'Introduce Ethan Clarke to the team; Desk: 555-201-4433x219, mail ethan@example.org.';
  const verdict = judgePii(contact, compiled);
  assert.equal(verdict.detected, true);
  assert.deepEqual(
    verdict.redactions!.map((r) => [contact.slice(r.start, r.end), r.replacement, r.forward]),
    [
      ['Ethan Clarke', '<PERSON>', false],
      ['555-201-4433x219', '<PHONE_NUMBER>', false],
      ['ethan@example.org', '<EMAIL_ADDRESS>', false],
    ],
  );
  assert.equal(judgePii('my card is 5018 0000 0009', compiled).detected, true);
  assert.equal(judgePii('IBAN GB82 WEST 1234 5698 7654 32', compiled).detected, true);
});

test('an operator can mask or allow a type and still block the others', () => {
  const compiled = compile(settings({ actions: { PHONE_NUMBER: 'mask', EMAIL_ADDRESS: 'allow' } }));
  assert.equal(judgePii('call me on 8123 4567', compiled).detected, false);
  assert.equal(judgePii('write to ethan@example.org', compiled).detected, false);
  assert.equal(judgePii('call me on 8123 4567 or write to ethan@example.org', compiled).detected, false);
  assert.equal(judgePii('call me on 8123 4567, card 4111 1111 1111 1111', compiled).detected, true);
});

test('a card outside the issuer table is masked to its last four digits', () => {
  const verdict = judgePii('cc 180000000000002 thanks', compile(settings({})));
  assert.deepEqual(
    (verdict.fields.entities as { text: string }[]).map((e) => e.text),
    ['***********0002'],
  );
});
