import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { startInProcess, type InProcessAppliance } from '../helpers/in-process.ts';

/** One text per type for each direction: a user's prompt and an LLM's answer, with the value they carry. */
const PERSONAL_DATA = [
  {
    type: 'PERSON',
    value: 'Henrietta Vasquez-Lund',
    input: 'Please draft a birthday note for my colleague Henrietta Vasquez-Lund.',
    output: 'Dear Henrietta Vasquez-Lund, your table for four is booked.',
  },
  {
    type: 'EMAIL_ADDRESS',
    value: 'rowan.tillery@example.net',
    input: 'Send the minutes to rowan.tillery@example.net tonight.',
    output: 'The account owner can be reached at rowan.tillery@example.net.',
  },
  {
    type: 'CREDIT_CARD',
    value: '4111 1111 1111 1111',
    input: 'Charge the deposit to 4111 1111 1111 1111 please.',
    output: 'The card on file is 4111 1111 1111 1111, expiring next year.',
  },
  {
    type: 'PHONE_NUMBER',
    value: '+44 20 7946 0321',
    input: 'You can reach the front desk on +44 20 7946 0321.',
    output: 'Call the front desk on +44 20 7946 0321 to change the booking.',
  },
  {
    type: 'STREET_ADDRESS',
    value: '1187 Larkspur Avenue, Denver, CO 80203',
    input: 'Deliver the crate to 1187 Larkspur Avenue, Denver, CO 80203.',
    output: 'Your parcel goes to 1187 Larkspur Avenue, Denver, CO 80203.',
  },
  {
    type: 'DATE_OF_BIRTH',
    value: '14/07/1986',
    input: 'My date of birth is 14/07/1986, is that enough for the form?',
    output: 'The date of birth we hold is 14/07/1986.',
  },
  {
    type: 'IP_ADDRESS',
    value: '81.2.69.160',
    input: 'Our office gateway is 81.2.69.160 if you need it.',
    output: 'The login came from 81.2.69.160 yesterday.',
  },
  {
    type: 'IBAN_CODE',
    value: 'DE89 3704 0044 0532 0130 00',
    input: 'Wire the refund to DE89 3704 0044 0532 0130 00 by Friday.',
    output: 'The refund goes to DE89 3704 0044 0532 0130 00.',
  },
  { type: 'US_SSN', value: '536-90-4399', input: 'My SSN is 536-90-4399.', output: 'The SSN on the application is 536-90-4399.' },
  {
    type: 'SECRET',
    value: 'AKIAZ7QW3ER5TY6UI8OP',
    input: 'Use the key AKIAZ7QW3ER5TY6UI8OP for the upload.',
    output: 'Set the access key to AKIAZ7QW3ER5TY6UI8OP and retry.',
  },
] as const;

const PROMPT = 'What do you have on file?';

interface CheckJson {
  injection_detected: boolean;
  blocked_by: string[];
  monitored_by: string[];
  checks: { pii: { enabled: boolean; detected: boolean; entities: { type: string; text: string }[]; enforced?: boolean } };
  sanitized_message?: string;
  masked_message?: string;
}

describe("PII: the specification's rule is the default, masking an operator's choice", () => {
  let app: InProcessAppliance;
  let admin: AdminClient;
  const keys: Record<string, string> = {};

  before(async () => {
    app = await startInProcess();
    admin = await signInAsAdmin(app);
    for (const level of ['1', '2', '3']) keys[`level${level}`] = (await app.createRuntimeLlm(`level-${level}`, { level: Number(level) })).apiKey;
    for (const name of ['masking', 'allowing', 'watching']) assert.equal((await app.cli('profile', 'create', '--name', name)).code, 0);
    const masking = await app.cli('profile', 'update', 'masking', '--pii-action', 'PERSON=mask,EMAIL_ADDRESS=mask', '--pii-action', 'PHONE_NUMBER=mask');
    assert.equal(masking.code, 0, masking.stderr);
    const allowing = await app.cli('profile', 'update', 'allowing', '--set', 'guardrails.pii.actions.EMAIL_ADDRESS="allow"');
    assert.equal(allowing.code, 0, allowing.stderr);
    assert.equal((await app.cli('profile', 'update', 'watching', '--monitor', 'pii')).code, 0);
    for (const name of ['masking', 'allowing', 'watching']) keys[name] = (await app.createRuntimeLlm(`${name}-app`, { profile: name, level: 1 })).apiKey;
  });
  after(() => app.dispose());

  const input = async (key: string, message: string) => {
    const res = await app.inputCheck(keys[key]!, { message });
    assert.equal(res.status, 200, res.text);
    return res.json as CheckJson;
  };
  const output = async (key: string, message: string) => {
    const res = await app.outputCheck(keys[key]!, { message, prompt: PROMPT });
    assert.equal(res.status, 200, res.text);
    return res.json as CheckJson;
  };

  for (const { type, value, input: prompt, output: answer } of PERSONAL_DATA) {
    it(`blocks ${type} by default on input and on output, at every protection level, and masks it in sanitized_message`, async () => {
      for (const level of ['level1', 'level2', 'level3']) {
        for (const [direction, result] of [
          ['input', await input(level, prompt)],
          ['output', await output(level, answer)],
        ] as const) {
          const where = `${type}, ${direction}, ${level}`;
          assert.equal(result.injection_detected, true, where);
          assert.ok(result.blocked_by.includes('pii'), where);
          assert.deepEqual(
            result.checks.pii.entities.map((e) => e.type),
            [type],
            where,
          );
          assert.ok(result.sanitized_message?.includes(`<${type}>`), `${where}: ${result.sanitized_message}`);
          assert.ok(!JSON.stringify(result).includes(value), `${where}: the value is never echoed`);
        }
      }
    });
  }

  it('allows a message without personal data, with no sanitized_message', async () => {
    const result = await input('level1', 'Which trains run to the coast on Sundays?');
    assert.equal(result.injection_detected, false);
    assert.deepEqual(result.checks.pii, { enabled: true, detected: false, entities: [] });
    assert.equal(result.sanitized_message, undefined);
  });

  it('a blocked card comes back masked in sanitized_message, and so does every other entity of the message', async () => {
    const message = 'Bill my colleague Henrietta Vasquez-Lund, card 4111 1111 1111 1111, receipt to rowan.tillery@example.net.';
    const result = await input('level1', message);
    assert.equal(result.injection_detected, true);
    assert.equal(result.sanitized_message, 'Bill my colleague <PERSON>, card <CREDIT_CARD>, receipt to <EMAIL_ADDRESS>.');
    assert.equal(result.masked_message, undefined, 'nothing is sent on');
    assert.equal(result.checks.pii.entities.find((e) => e.type === 'CREDIT_CARD')?.text, '**** **** **** 1111');
  });

  it('masking is an opt-in: masked types are allowed with sanitized_message, the others still block', async () => {
    const message = 'Please ask my colleague Henrietta Vasquez-Lund to call +44 20 7946 0321 or write to rowan.tillery@example.net.';
    for (const result of [await input('masking', message), await output('masking', message)]) {
      assert.equal(result.injection_detected, false);
      assert.deepEqual(result.blocked_by, []);
      assert.equal(result.checks.pii.detected, true);
      assert.equal(result.sanitized_message, 'Please ask my colleague <PERSON> to call <PHONE_NUMBER> or write to <EMAIL_ADDRESS>.');
      assert.equal(result.masked_message, result.sanitized_message, 'what is sent on');
    }
    const withCard = await input('masking', 'Ask my colleague Henrietta Vasquez-Lund to pay with 4111 1111 1111 1111.');
    assert.equal(withCard.injection_detected, true);
    assert.deepEqual(withCard.blocked_by, ['pii']);
    assert.equal(withCard.sanitized_message, 'Ask my colleague <PERSON> to pay with <CREDIT_CARD>.');
  });

  it('allow reports the entity without blocking; sanitized_message still masks it', async () => {
    const result = await input('allowing', 'Send the minutes to rowan.tillery@example.net tonight.');
    assert.equal(result.injection_detected, false);
    assert.equal(result.checks.pii.detected, true);
    assert.deepEqual(
      result.checks.pii.entities.map((e) => e.type),
      ['EMAIL_ADDRESS'],
    );
    assert.equal(result.sanitized_message, 'Send the minutes to <EMAIL_ADDRESS> tonight.');
    assert.equal(result.masked_message, undefined, 'sent on as written');
  });

  it('in monitor mode PII blocks nothing and sanitized_message still shows every entity masked', async () => {
    const result = await input('watching', 'Charge the deposit to 4111 1111 1111 1111 please.');
    assert.equal(result.injection_detected, false);
    assert.deepEqual([result.blocked_by, result.monitored_by], [[], ['pii']]);
    assert.equal(result.checks.pii.enforced, false);
    assert.equal(result.sanitized_message, 'Charge the deposit to <CREDIT_CARD> please.');
    assert.equal(result.masked_message, undefined, 'monitoring changes nothing that is sent on');
  });

  it('the admin API and its settings schema offer block, mask and allow; log is accepted as allow', async () => {
    const catalogue = await admin.request('/api/guardrails');
    const pii = (
      catalogue.json.guardrails as { name: string; settings_schema: { properties: Record<string, { properties: Record<string, unknown> }> } }[]
    ).find((g) => g.name === 'pii')!;
    const person = pii.settings_schema.properties.actions!.properties.PERSON as { anyOf: { const: string }[] };
    assert.deepEqual(
      person.anyOf.map((a) => a.const),
      ['block', 'mask', 'allow'],
    );

    const patched = await admin.request('/api/profiles/allowing', {
      method: 'PATCH',
      body: { guardrails: { pii: { actions: { PHONE_NUMBER: 'log', PERSON: 'mask' } } } },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(patched.json.settings.guardrails.pii.actions, { EMAIL_ADDRESS: 'allow', PHONE_NUMBER: 'allow', PERSON: 'mask' });
    const shown = await app.cli('profile', 'show', 'allowing', '--json');
    assert.deepEqual(shown.json.settings.guardrails.pii.actions, { EMAIL_ADDRESS: 'allow', PHONE_NUMBER: 'allow', PERSON: 'mask' });
    const allowed = await input('allowing', 'You can reach the front desk on +44 20 7946 0321.');
    assert.equal(allowed.injection_detected, false);
    const mixed = await input('allowing', 'Please ask my colleague Henrietta Vasquez-Lund to write to rowan.tillery@example.net.');
    assert.equal(mixed.injection_detected, false);
    assert.equal(mixed.sanitized_message, 'Please ask my colleague <PERSON> to write to <EMAIL_ADDRESS>.');
    assert.equal(mixed.masked_message, 'Please ask my colleague <PERSON> to write to rowan.tillery@example.net.');

    const wrong = await admin.request('/api/profiles/allowing', { method: 'PATCH', body: { guardrails: { pii: { actions: { PERSON: 'hide' } } } } });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.error.code, 'invalid_field');
    assert.equal(wrong.json.error.field, 'guardrails.pii.actions.PERSON');
  });

  it('the CLI sets, resets and refuses PII actions by name', async () => {
    const reset = await app.cli('profile', 'update', 'masking', '--pii-action', 'PHONE_NUMBER=default', '--pii-action', 'IP_ADDRESS=log', '--json');
    assert.equal(reset.code, 0, reset.stderr);
    assert.deepEqual(reset.json.settings.guardrails.pii.actions, { PERSON: 'mask', EMAIL_ADDRESS: 'mask', IP_ADDRESS: 'allow' });
    const blocked = await input('masking', 'You can reach the front desk on +44 20 7946 0321.');
    assert.equal(blocked.injection_detected, true);

    const badType = await app.cli('profile', 'update', 'masking', '--pii-action', 'NAME=mask');
    assert.equal(badType.code, 1);
    assert.match(badType.stderr, /TYPE one of PERSON, EMAIL_ADDRESS/);
    const badAction = await app.cli('profile', 'update', 'masking', '--pii-action', 'PERSON=hide');
    assert.equal(badAction.code, 1);
    assert.match(badAction.stderr, /PII action for PERSON must be one of block, mask, allow, default; got "hide"/);
  });
});
