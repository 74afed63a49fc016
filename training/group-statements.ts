import { fill, readList } from './data-files.ts';
import { emptyTargets, setTarget, type LabelledText } from './labels.ts';
import type { Random } from './random.ts';

/**
 * Statements about groups of people, written for this project (training/data/group-statements/):
 * dehumanising ones (a group called vermin, a disease, not human; calls to kill or expel it), which
 * are hateful whoever the group is, and texts that quote, discuss, report or counter such statements,
 * or speak of the same groups plainly, which are not. The same groups fill both sides, so neither a
 * group's name nor a dehumanising word alone tells them apart: the model has to read what the text
 * does with it.
 *
 * Measured with `--translation-share 0.2` (three seeds, mean): hard-benign false positives 13.6 →
 * 10.6 % (HateCheck's contrasts 36 → 23 %), attacks in other languages 6.6 → 9.4 %, English attacks
 * 38.0 → 37.9 %, hazardous requests and statements 14.7 → 14.1 %, safe answers flagged 11.0 → 12.3 %.
 * Not shipped: the trained model let a plain dehumanising statement of the model tests through
 * ("… are a disease …", 0.11) once no template repeated it, and flagged an everyday message. In a
 * bag of n-grams, counter-speech that quotes a statement teaches the statement's own n-grams as
 * harmless; reading which clause asserts and which one quotes needs word order.
 *
 * With counter-speech templates that do not quote the statement (this version; one seed): every
 * dehumanising statement of the model tests is flagged and the quoting questions pass; hard-benign
 * 13.7 %, other languages 9.5 %, English attacks 38.4 %, harmful 15.8 %, safe answers 6.6 %, unsafe
 * answers 50.0 %. Not shipped: a Japanese "どうも" was flagged by content moderation (the translated
 * copies' word-by-word Japanese puts everyday words into harmful texts), and one seed is not a card.
 *
 * With word-by-word copies that leave function words, greetings and thanks in English
 * (training/data/translation/untranslated-words.txt), three seeds, mean against the shipped model's:
 * English attacks 37.6 against 38.0 %, other languages 8.5 against 6.6 %, benign 1.9 against 1.8 %,
 * hard-benign 15.1 against 13.6 %, harmful 15.6 against 14.7 %, safe answers flagged 11.9 against
 * 11.0 %, unsafe answers 55.6 against 53.0 %. "どうも" passes; "reply in French" (0.44 under the shipped
 * model's extraction head already) reaches 0.61 and is blocked. Not shipped: hard-benign and safe
 * answers got worse, and an everyday message fails.
 */
const data = (name: string) => readList(`group-statements/${name}`);
const GROUPS = data('groups.txt');
/** Templates with `{group}` and `{Group}` (capitalised). */
const DEHUMANISING = data('dehumanising.txt');
const CONTRASTS = data('contrasts.txt');

const GROUP = 'synthetic:group-statements';

function statement(template: string, rng: Random): string {
  const group = rng.pick(GROUPS);
  return fill(template, { group, Group: group[0]!.toUpperCase() + group.slice(1) });
}

function labelled(text: string, label: string, hateful: boolean): LabelledText {
  const t = emptyTargets();
  for (const head of ['attack', 'extraction', 'unsafe_output'] as const) setTarget(t, head, 0);
  setTarget(t, 'harmful', hateful ? 1 : 0);
  // A hateful statement is HATE; what else it is (VIOLENCE for a call to kill) is left unlabelled.
  if (hateful) setTarget(t, 'HATE', 1);
  return { text, targets: t, weight: 1, group: GROUP, label, category: 'synthetic', license: 'project' };
}

/** `hateful` dehumanising statements and `contrasts` harmless texts about the same groups, de-duplicated. */
export function groupStatements(rng: Random, hateful: number, contrasts: number): LabelledText[] {
  const seen = new Set<string>();
  const out: LabelledText[] = [];
  const add = (text: string, label: string, isHateful: boolean) => {
    if (seen.has(text)) return;
    seen.add(text);
    out.push(labelled(text, label, isHateful));
  };
  for (let i = 0; i < hateful; i++) add(statement(rng.pick(DEHUMANISING), rng), 'harmful', true);
  for (let i = 0; i < contrasts; i++) add(statement(rng.pick(CONTRASTS), rng), 'benign_hard', false);
  return out;
}
