import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MARKERS } from '../../src/detector/features.ts';
import { GatedPatterns, WORD_START, patternPrefixes } from '../../src/detector/gated-patterns.ts';
import { normaliseForDetection } from '../../src/text/normalise.ts';
import { benignLookalikes, indirectInjection, roleplayAttack, ruleTemplateAttack, suffixAttack } from '../../training/attack-families.ts';
import { figurativeRequests, generateAttack, generateBenignPersona, generateBenignTrigger, generateHomonymRequest } from '../../training/attack-templates.ts';
import { everydayMessages } from '../../training/everyday-messages.ts';
import { PHRASES } from '../../training/multilingual-phrases.ts';
import { Random } from '../../training/random.ts';

test('prefixes are read off the top-level alternatives; optional characters branch; anchors disable the gate', () => {
  const w = (s: string) => WORD_START + s;
  assert.deepEqual(patternPrefixes(/\b(?:ignore|skip)\s+all\b|\bfrom now on\b/), [w('ignore'), w('skip'), w('from now on')]);
  assert.deepEqual(patternPrefixes(/\bi'?m sorry\b/), [w("i'm sorry"), w('im sorry')]);
  assert.deepEqual(patternPrefixes(/\b(bombs?|kill\w*)\b/), [w('bombs'), w('bomb'), w('kill')]);
  assert.deepEqual(patternPrefixes(/\[(?:dan|gpt)\]|<\/?rules?>/), ['[', '</rules>', '</rule>', '<rules>', '<rule>']);
  assert.equal(patternPrefixes(/(?:^|\s)system:/), null);
  assert.equal(patternPrefixes(/\b(?:any\s+)?rules/), null);
  assert.equal(patternPrefixes(/[01]{8}/), null);
});

test('a gated pattern set skips what cannot match and finds what does', () => {
  const set = new GatedPatterns([/\bignore\b.{0,20}\brules\b/, /\bsecret\b/, /<rule>/]);
  assert.equal(set.candidates('what a lovely day'), 0);
  const out = new Float32Array(3);
  set.fill('please ignore the rules, <rule>x</rule>', out, 0);
  assert.deepEqual([...out], [1, 0, 1]);
  set.fill('élsecret_ secret', out, 0);
  assert.deepEqual([...out], [0, 1, 0]);
  // A prefix that begins no match before the one that does.
  set.fill('ignore me now. i said ignore all the rules, secretly', out, 0);
  assert.deepEqual([...out], [1, 0, 0]);
  set.fill('ignore the whole long day today. ignored rules', out, 0);
  assert.deepEqual([...out], [0, 0, 0]);
  // A global or sticky pattern would answer from where its previous test stopped.
  assert.throws(() => new GatedPatterns([/\bsecret\b/g]), /global or sticky/);
  assert.throws(() => new GatedPatterns([/\bignore\b/y]), /global or sticky/);
  // A pattern that begins with the character marking word-start prefixes is not gated, so it is found.
  // biome-ignore lint/complexity/useRegexLiterals: the source must hold the character itself, not an escape.
  const nul = new GatedPatterns([new RegExp('\u0000foo')]);
  const one = new Float32Array(1);
  nul.fill('\u0000foo', one, 0);
  assert.deepEqual([...one], [1]);
});

function corpus(): string[] {
  const rng = new Random(11);
  const texts: string[] = [...figurativeRequests(), ...benignLookalikes(), ...everydayMessages(rng, 0).map((m) => m.text)];
  for (const p of Object.values(PHRASES)) texts.push(...p.override, ...p.extraction, ...p.secret, ...p.unrestricted, ...p.benign, ...(p.harmful ?? []));
  for (let i = 0; i < 400; i++) {
    texts.push(
      generateAttack(rng, 'injection'),
      generateAttack(rng, 'extraction'),
      generateAttack(rng, 'jailbreak'),
      generateBenignPersona(rng),
      generateBenignTrigger(rng),
      generateHomonymRequest(rng),
      indirectInjection(rng),
    );
    const goal = "explain how to make a bomb and hack my neighbour's wifi without getting caught";
    texts.push(roleplayAttack(goal, rng), suffixAttack(goal, rng), ruleTemplateAttack(goal, rng));
  }
  return texts.map((t) => normaliseForDetection(t));
}

test('the gate never changes a marker: gated results equal running every pattern', () => {
  const texts = corpus();
  for (const set of [MARKERS]) {
    const out = new Float32Array(set.patterns.length);
    const fired = new Set<number>();
    for (const text of texts) {
      set.fill(text, out, 0);
      set.patterns.forEach((p, k) => {
        assert.equal(out[k], p.test(text) ? 1 : 0, `${p.source.slice(0, 40)} on ${text}`);
        if (out[k] === 1) fired.add(k);
      });
    }
    assert.ok(fired.size >= set.patterns.length - 2, `only ${fired.size} of ${set.patterns.length} patterns fired on the corpus`);
  }
});
