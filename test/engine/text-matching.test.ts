import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AhoCorasick } from '../../src/guardrails/keyword/aho-corasick.ts';
import { keywordGuardrail as keywordDefinition } from '../../src/guardrails/keyword/index.ts';
import { regexGuardrail as regexDefinition } from '../../src/guardrails/regex/index.ts';
import { compilePattern } from '../../src/guardrails/regex/pattern.ts';
import type { CheckContext } from '../../src/engine/guardrail.ts';
import type { KeywordRule, RegexRule } from '../../src/domain/rules.ts';
import { AnalysedText } from '../../src/text/analysed-text.ts';
import { foldForMatching, originalRange } from '../../src/text/fold.ts';
import { mergePatch } from '../../src/admin/merge-patch.ts';
import { RateLimiter } from '../../src/http/rate-limiter.ts';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../../src/models/model-library.ts';

// Neither guardrail loads a model.
const models = new ModelLibrary(SHIPPED_MODELS_DIR);
const keywordGuardrail = await keywordDefinition.create({ models });
const regexGuardrail = await regexDefinition.create({ models });

const ctx = (message: string, direction: 'input' | 'output' = 'input'): CheckContext => ({
  direction,
  message,
  text: new AnalysedText(message),
  runtimeLlm: { id: 'l', name: 'l', mode: 'non-forwarding', systemPrompt: null },
});
const kw = (keyword: string, wholeWord = true): KeywordRule => ({ id: `kw_${keyword}`, keyword, wholeWord, scope: 'input' });

describe('Aho-Corasick', () => {
  it('finds overlapping patterns and patterns that are suffixes of others', () => {
    const found = [...new AhoCorasick(['he', 'she', 'his', 'hers']).matches('ushers')].map((m) => `${m.pattern}@${m.start}-${m.end}`);
    assert.deepEqual(found.sort(), ['0@2-4', '1@1-4', '3@2-6'].sort());
  });
  it('handles thousands of patterns', () => {
    const patterns = Array.from({ length: 5000 }, (_, i) => `word${i}x`);
    const hits = [...new AhoCorasick(patterns).matches('... word4999x and word17x ...')].map((m) => patterns[m.pattern]);
    assert.deepEqual(hits, ['word4999x', 'word17x']);
  });
});

describe('folding', () => {
  it('maps folded ranges back to the original text', () => {
    const original = 'Ａ\u200Bb  C\u0301d';
    const folded = foldForMatching(original);
    assert.equal(folded.text, 'ab ćd'.normalize('NFKC'));
    const at = folded.text.indexOf('ćd'.normalize('NFKC'));
    assert.deepEqual(originalRange(folded, at, at + 2), { start: 5, end: 8 });
  });
});

describe('keyword guardrail', () => {
  it('matches whole words by default, partial when asked, across scripts', async () => {
    const compiled = keywordGuardrail.compile({}, { keywords: [kw('secret'), kw('pass', false), kw('機密')], regexes: [] });
    const check = async (m: string) => (await keywordGuardrail.check(ctx(m), compiled)).fields.matches as { keyword: string }[];
    assert.deepEqual(
      (await check('the SECRET plan')).map((x) => x.keyword),
      ['secret'],
    );
    assert.deepEqual(await check('secretly'), []);
    assert.deepEqual(
      (await check('passwords')).map((x) => x.keyword),
      ['pass'],
    );
    assert.deepEqual(
      (await check('これは機密です')).map((x) => x.keyword),
      ['機密'],
    );
  });
  it('reports spans in the original message', async () => {
    const message = 'x \u200Bs\u200Becret y';
    const verdict = await keywordGuardrail.check(ctx(message), keywordGuardrail.compile({}, { keywords: [kw('secret')], regexes: [] }));
    assert.equal(verdict.spans!.length, 1);
    assert.equal(message.slice(verdict.spans![0]!.start, verdict.spans![0]!.end).replaceAll('\u200B', ''), 'secret');
  });
});

describe('regex guardrail', () => {
  const rule = (pattern: string, caseInsensitive = false): RegexRule => ({ id: 'rx_1', name: 'r', pattern, caseInsensitive, scope: 'both' });
  it('matches on the cleaned text so invisible characters cannot split a match', async () => {
    const compiled = regexGuardrail.compile({}, { keywords: [], regexes: [rule('password\\s*[:=]')] });
    const verdict = await regexGuardrail.check(ctx('my pass\u200Bword: hunter2', 'output'), compiled);
    assert.equal(verdict.detected, true);
    assert.deepEqual(verdict.fields.matches, [{ rule_id: 'rx_1', name: 'r' }]);
  });
  it('honours case sensitivity', async () => {
    const sensitive = regexGuardrail.compile({}, { keywords: [], regexes: [rule('ABC')] });
    assert.equal((await regexGuardrail.check(ctx('abc'), sensitive)).detected, false);
    const insensitive = regexGuardrail.compile({}, { keywords: [], regexes: [rule('ABC', true)] });
    assert.equal((await regexGuardrail.check(ctx('abc'), insensitive)).detected, true);
  });
  it('validates patterns', () => {
    assert.equal(compilePattern('\\d{3}', false).ok, true);
    assert.equal(compilePattern('x'.repeat(2001), false).ok, false);
    assert.equal(compilePattern('', false).ok, false);
  });
});

describe('merge patch', () => {
  it('follows RFC 7386', () => {
    assert.deepEqual(mergePatch({ a: { b: 1, c: 2 }, d: 3 }, { a: { b: null, e: 4 }, d: [1] }), { a: { c: 2, e: 4 }, d: [1] });
  });
});

describe('rate limiter', () => {
  it('allows a burst, then refills at the configured rate', () => {
    const limiter = new RateLimiter(60);
    for (let i = 0; i < 60; i++) assert.equal(limiter.take('k', 0), 0);
    assert.ok(limiter.take('k', 0) > 0);
    assert.equal(limiter.take('k', 1000), 0);
    assert.equal(new RateLimiter(0).take('k'), 0);
  });
});
