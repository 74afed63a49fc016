import type { ModelRecogniser } from '../engine.ts';
import type { Entity } from '../entities.ts';
import { TokenView, type PersonVocabulary } from './features.ts';
import { readPersonModel } from './model-files.ts';
import { Scorer, type PersonNetwork } from './network.ts';
import { PUNCT, tokenise, WORD } from './tokenise.ts';

/** A token is part of a name from this probability on. */
export const TOKEN_THRESHOLD = 0.5;

// Lower-case particles inside names: "Ludwig van Beethoven", "Maria de la Cruz".
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'la', 'le', 'du', 'da', 'di', 'del', 'della', 'dos', 'das', 'ten', 'ter', 'bin', 'ibn', 'al', 'el', 'y']);
const POSSESSIVE = /['’]s$/;

/** Finds PERSON spans: scores candidate tokens, then joins adjacent name tokens into one name. */
export function findPersons(text: string, scorer: Scorer, vocabulary: PersonVocabulary): Entity[] {
  const tokens = tokenise(text);
  const view = new TokenView(text, tokens, vocabulary);
  const prob = new Float32Array(tokens.count);
  let any = false;
  for (let i = 0; i < tokens.count; i++) {
    if (!view.isCandidate(i)) continue;
    prob[i] = scorer.score(view, i);
    if (prob[i]! >= TOKEN_THRESHOLD) any = true;
  }
  if (!any) return [];

  const isName = (i: number): boolean => i >= 0 && i < tokens.count && prob[i]! >= TOKEN_THRESHOLD;
  const gap = (a: number, b: number): boolean =>
    !tokens.lineStart[b] && tokens.start[b]! - tokens.end[a]! <= 1;
  // "J." written as an initial: a single capital letter followed by a full stop.
  const isInitial = (i: number): boolean =>
    i >= 0 && i + 1 < tokens.count && tokens.kind[i] === WORD && tokens.end[i]! - tokens.start[i]! === 1 &&
    /\p{Lu}/u.test(text[tokens.start[i]!]!) && tokens.kind[i + 1] === PUNCT && text[tokens.start[i + 1]!] === '.' &&
    tokens.start[i + 1] === tokens.end[i];

  const entities: Entity[] = [];
  for (let i = 0; i < tokens.count; i++) {
    if (!isName(i)) continue;
    let first = i;
    while (isInitial(first - 2) && gap(first - 1, first)) first -= 2;
    let last = i;
    let sum = prob[i]!;
    let count = 1;
    for (;;) {
      const next = last + 1;
      if (isName(next) && gap(last, next) && !POSSESSIVE.test(view.raw(last))) {
        last = next;
      } else if (isInitial(next) && gap(last, next) && isName(next + 2) && gap(next + 1, next + 2)) {
        last = next + 2;
      } else if (PARTICLES.has(view.lower(next)) && gap(last, next) && isName(next + 1) && gap(next, next + 1)) {
        last = next + 1;
      } else if (PARTICLES.has(view.lower(next)) && PARTICLES.has(view.lower(next + 1)) && isName(next + 2) && gap(last, next) && gap(next, next + 1) && gap(next + 1, next + 2)) {
        last = next + 2;
      } else break;
      sum += prob[last]!;
      count++;
    }
    const start = tokens.start[first]!;
    let end = tokens.end[last]!;
    if (POSSESSIVE.test(view.raw(last))) end -= 2;
    entities.push({ type: 'PERSON', start, end, score: Math.round((sum / count) * 1000) / 1000, source: 'person-model' });
    i = last;
  }
  return entities;
}

export function personRecogniser(net: PersonNetwork, vocabulary: PersonVocabulary): ModelRecogniser {
  const scorer = new Scorer(net);
  return { name: 'person-model', entity: 'PERSON', find: (text) => findPersons(text, scorer, vocabulary) };
}

export async function loadPersonRecogniser(dir?: string): Promise<ModelRecogniser> {
  const model = await readPersonModel(dir);
  return personRecogniser(model.net, model.vocabulary);
}
