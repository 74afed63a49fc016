import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { defineGuardrail, type GuardrailDefinition } from '../../src/engine/guardrail.ts';
import { loadGuardrails } from '../../src/guardrails/load.ts';
import { applyRedactions, compileProfile, runChecks } from '../../src/engine/pipeline.ts';
import { parseProfileSettings } from '../../src/engine/profile-settings.ts';
import { profileSettingsSchema } from '../../src/guardrails/registry.ts';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../../src/models/model-library.ts';
import { inputRequest as request, stubRegistry as registry, stubSchema as schema } from '../helpers/stub-guardrails.ts';

const noRules = { keywords: [], regexes: [] };

describe('pipeline', () => {
  it('applies on_error=block to a failing guardrail and reports the failure', async () => {
    const settings = parseProfileSettings(schema, {});
    const profile = compileProfile(registry, { id: 'p', settings, rules: noRules }, 3);
    const failures: string[] = [];
    const outcome = await runChecks(profile, request('hello'), (name) => failures.push(name));
    assert.deepEqual(failures, ['llm']);
    assert.equal(outcome.injection_detected, true);
    assert.deepEqual(outcome.blocked_by, ['llm']);
    assert.equal(outcome.checks.llm!.detected, true);
    assert.equal((outcome.checks.llm!.error as { code: string }).code, 'guardrail_failed');
    assert.equal(outcome.records.llm!.error, 'guardrail_failed');
  });

  it('applies on_error=allow: the failure is visible but does not block', async () => {
    const settings = parseProfileSettings(schema, { on_error: 'allow' });
    const profile = compileProfile(registry, { id: 'p', settings, rules: noRules }, 3);
    const outcome = await runChecks(profile, request('hello'), () => {});
    assert.equal(outcome.injection_detected, false);
    assert.equal(outcome.checks.llm!.detected, false);
    assert.ok(outcome.checks.llm!.error);
  });

  it('reports unregistered guardrails as not available and switched-off ones as switched off', async () => {
    const settings = parseProfileSettings(schema, { guardrails: { llm: { enabled: false } } });
    const outcome = await runChecks(compileProfile(registry, { id: 'p', settings, rules: noRules }, 3), request('x'), () => {});
    assert.deepEqual(outcome.checks.llm, { enabled: false, reason: 'switched_off' });
    assert.deepEqual(outcome.checks.vector, { enabled: false, reason: 'not_available' });
  });

  it('builds sanitized_message from every redaction and the forwarded message from those passed on, without blocking', async () => {
    const settings = parseProfileSettings(schema, { guardrails: { llm: { enabled: false } } });
    const outcome = await runChecks(compileProfile(registry, { id: 'p', settings, rules: noRules }, 3), request('call 555 or 12'), () => {});
    assert.equal(outcome.injection_detected, false);
    assert.equal(outcome.sanitized_message, 'call <NUMBER> or <NUMBER>');
    assert.equal(outcome.masked_message, 'call <NUMBER> or 12');
    assert.deepEqual(
      outcome.redactions.map((r) => [r.start, r.end]),
      [[5, 8]],
    );
    const reportOnly = await runChecks(compileProfile(registry, { id: 'p', settings, rules: noRules }, 3), request('call 12'), () => {});
    assert.equal(reportOnly.sanitized_message, 'call <NUMBER>');
    assert.equal(reportOnly.masked_message, undefined);
  });

  it('follows protection levels unless the profile overrides a switch', () => {
    const settings = parseProfileSettings(schema, { guardrails: { keyword: { enabled: false }, llm: { enabled: true } } });
    const level1 = compileProfile(registry, { id: 'p', settings, rules: noRules }, 1);
    assert.equal(level1.guardrails.get('keyword'), 'switched_off');
    assert.notEqual(typeof level1.guardrails.get('llm'), 'string');
    assert.notEqual(typeof level1.guardrails.get('pii'), 'string');
    const level1Default = compileProfile(registry, { id: 'p', settings: parseProfileSettings(schema, {}), rules: noRules }, 1);
    assert.equal(level1Default.guardrails.get('llm'), 'switched_off');
  });
});

describe('profile settings', () => {
  it('fills defaults and rejects unknown members with their path', () => {
    const settings = parseProfileSettings(schema, {});
    assert.equal(settings.on_error, 'block');
    assert.equal(settings.guardrails.llm.threshold, 0.5);
    assert.equal(settings.guardrails.vector.sensitivity, 'Medium');
    assert.throws(() => parseProfileSettings(schema, { guardrails: { regex: { speed: 'fast' } } }), /guardrails\.regex/);
    assert.throws(() => parseProfileSettings(schema, { guardrails: { llm: { threshold: -1 } } }), /guardrails\.llm\.threshold/);
  });
});

describe('applyRedactions', () => {
  it('replaces ranges in order and merges overlaps', () => {
    assert.equal(
      applyRedactions('abcdefgh', [
        { start: 5, end: 7, replacement: 'X' },
        { start: 1, end: 3, replacement: 'Y' },
      ]),
      'aYdeXh',
    );
    assert.equal(
      applyRedactions('abcdefgh', [
        { start: 1, end: 5, replacement: 'A' },
        { start: 3, end: 7, replacement: 'B' },
      ]),
      'aAh',
    );
    assert.equal(applyRedactions('abc', []), 'abc');
  });
});

describe('pipeline: checks started together', () => {
  /** A guardrail that reads the message with a model of its own and notes which check reached it. */
  const noting = (name: 'llm' | 'pii', log: string[]) =>
    defineGuardrail({
      name,
      title: `Notes ${name}`,
      directions: ['input'],
      runsModel: true,
      settings: Type.Object({}),
      result: Type.Object({}),
      create: async () => ({
        compile: () => null,
        check: (ctx) => {
          log.push(`${ctx.message}:${name}`);
          return { detected: false, fields: {} };
        },
      }),
    });

  /** Three checks started as a server starts them, each from its own callback (a request read from its socket); returns the order guardrails were reached in. */
  async function threeChecks(othersRunning: () => boolean): Promise<string[]> {
    const log: string[] = [];
    const definitions = [noting('llm', log), noting('pii', log)] as readonly GuardrailDefinition[];
    const loaded = await loadGuardrails(definitions, { models: new ModelLibrary(SHIPPED_MODELS_DIR) });
    const profile = compileProfile(loaded, { id: 'p', settings: parseProfileSettings(profileSettingsSchema(definitions), {}), rules: noRules }, 3);
    await Promise.all(
      ['a', 'b', 'c'].map(
        (message) => new Promise((resolve) => setImmediate(() => resolve(runChecks(profile, request(message), () => {}, undefined, othersRunning)))),
      ),
    );
    return log;
  }

  it('each reach a model guardrail before any goes on to the next while others run', async () => {
    assert.deepEqual(await threeChecks(() => true), ['a:llm', 'b:llm', 'c:llm', 'a:pii', 'b:pii', 'c:pii']);
  });

  it('run straight through when each is alone', async () => {
    assert.deepEqual(await threeChecks(() => false), ['a:llm', 'a:pii', 'b:llm', 'b:pii', 'c:llm', 'c:pii']);
  });
});
