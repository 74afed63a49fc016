import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ibanMod97, iso7064Mod11_10, luhn, verhoeff } from '../../src/guardrails/pii/checksums.ts';

test('luhn accepts valid and rejects altered card numbers', () => {
  assert.equal(luhn('4111111111111111'), true);
  assert.equal(luhn('4111111111111112'), false);
  assert.equal(luhn('4111x11111111111'), false);
});

test('IBAN mod-97', () => {
  assert.equal(ibanMod97('GB82WEST12345698765432'), true);
  assert.equal(ibanMod97('GB82WEST12345698765433'), false);
});

test('Verhoeff', () => {
  assert.equal(verhoeff('2363'), true);
  assert.equal(verhoeff('2364'), false);
});

test('ISO 7064 MOD 11,10', () => {
  assert.equal(iso7064Mod11_10('86095742719'), true);
  assert.equal(iso7064Mod11_10('86095742718'), false);
});
