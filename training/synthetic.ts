import { fnv1a } from '../src/models/hashing.ts';
import { fill, readList } from './data-files.ts';
import type { DatasetRow } from './dataset.ts';
import { EVERYDAY_GROUP } from './folds.ts';
import { emptyTargets, setTarget, type LabelledText } from './labels.ts';
import { PHRASES } from './multilingual-phrases.ts';
import type { Random } from './random.ts';
import { benignLookalikes, indirectInjection, jailbreakWrap, transliteratedAttacks } from './attack-families.ts';
import {
  figurativeRequests,
  generateAttack,
  generateBenignPersona,
  generateBenignTrigger,
  generateHomonymRequest,
  type TemplateKind,
} from './attack-templates.ts';
import { everydayMessages } from './everyday-messages.ts';
import { techniqueLookalikes, techniqueWrap } from './attack-techniques.ts';

/**
 * Training texts generated here rather than read from a dataset (hand-written parts in training/data/):
 * - indirect injections: BIPIA payloads embedded in documents (they are harmless standalone);
 * - wrapped attacks: attacks quoted inside an ordinary-looking request ("translate this: ...");
 * - multilingual attacks and benign questions from hand-written phrases;
 * - hard negatives: benign requests full of trigger words (ignore, bypass, password, system prompt);
 * - compositional attacks and persona-style benign prompts (attack-templates.ts);
 * - attack families absent from train/ and their look-alikes (attack-families.ts);
 * - short everyday messages in many languages (everyday-messages.ts).
 */

function labelled(text: string, group: string, label: string, set: Record<string, number>, weight = 1): LabelledText {
  const t = emptyTargets();
  for (const [head, value] of Object.entries(set)) setTarget(t, head as never, value);
  return { text, targets: t, weight, group, label, category: 'synthetic', license: 'project' };
}

const BENIGN = { attack: 0, extraction: 0, harmful: 0, unsafe_output: 0 };
const ATTACK = { attack: 1, extraction: 0, harmful: 0 };
const EXTRACTION = { attack: 1, extraction: 1, harmful: 0 };
const HARMFUL = { extraction: 0, harmful: 1 };

/** Documents with a `{payload}`. */
const DOCUMENTS = readList('synthetic/documents.jsonl');

/** Ordinary requests quoting an `{attack}`. */
const WRAPPERS = readList('synthetic/wrappers.jsonl');

export function embeddedInjections(payloads: readonly DatasetRow[], emails: readonly DatasetRow[], rng: Random): LabelledText[] {
  const out: LabelledText[] = [];
  for (const row of payloads) {
    const useEmail = emails.length > 0 && rng.next() < 0.5;
    let text: string;
    if (useEmail) {
      const email = rng.pick(emails).text;
      const cut = email.indexOf('.', Math.floor(email.length * rng.next()));
      text = cut === -1 ? `${email}\n${row.text}` : `${email.slice(0, cut + 1)} ${row.text} ${email.slice(cut + 1)}`;
    } else text = fill(rng.pick(DOCUMENTS), { payload: row.text });
    out.push({ ...labelled(text, row.file, 'injection', ATTACK, 0.5), generated: true });
  }
  return out;
}

/** Attacks quoted inside ordinary requests; kept in the attack's own validation group. */
export function wrappedAttacks(attacks: readonly LabelledText[], rng: Random, share: number): LabelledText[] {
  const out: LabelledText[] = [];
  for (const a of attacks) {
    if (a.text.length > 600 || rng.next() >= share) continue;
    const text = fill(rng.pick(WRAPPERS), { attack: a.text });
    out.push({ ...a, text, targets: a.targets.slice(), weight: a.weight * 0.5, generated: true });
  }
  return out;
}

export function multilingualTexts(rng: Random): LabelledText[] {
  const out: LabelledText[] = [];
  for (const p of Object.values(PHRASES)) {
    const group = `synthetic:multilingual`;
    const attacks: Array<[string, Record<string, number>]> = [
      ...p.override.map((s) => [s, ATTACK] as [string, Record<string, number>]),
      ...p.unrestricted.map((s) => [s, ATTACK] as [string, Record<string, number>]),
      ...p.extraction.map((s) => [s, EXTRACTION] as [string, Record<string, number>]),
      ...p.secret.map((s) => [s, EXTRACTION] as [string, Record<string, number>]),
    ];
    // Few phrases per language stand for a whole language's attacks: they weigh more.
    for (const [s, set] of attacks) {
      out.push(labelled(s, group, 'attack', set, 1.5));
      out.push(labelled(`${rng.pick(p.benign)} ${s}`, group, 'attack', set, 1.5));
      out.push(labelled(`${s} ${rng.pick(p.benign)}`, group, 'attack', set, 1.5));
    }
    // An override followed by what it is for, as attacks usually come.
    for (const s of p.override) {
      out.push(labelled(`${s} ${rng.pick([...p.extraction, ...p.secret])}`, group, 'attack', EXTRACTION, 1.5));
      out.push(labelled(`${s} ${rng.pick(p.unrestricted)}`, group, 'attack', ATTACK, 1.5));
    }
    for (const s of p.benign) {
      out.push(labelled(s, group, 'benign', BENIGN));
      out.push(labelled(`${s} ${rng.pick(p.benign)}`, group, 'benign', BENIGN));
    }
    for (const s of p.harmful ?? []) out.push(labelled(s, group, 'harmful', HARMFUL));
  }
  return out;
}

const TRIGGER_REQUESTS = readList('synthetic/trigger-requests.txt');

export function hardNegatives(): LabelledText[] {
  return [...TRIGGER_REQUESTS, ...figurativeRequests(), ...benignLookalikes()].map((s) => labelled(s, 'synthetic:hard-negatives', 'benign_hard', BENIGN));
}

/**
 * Short everyday messages (greetings, acknowledgements, one-line requests) in many languages, one
 * validation group per language (English in five, by sentence).
 */
export function everydayTexts(rng: Random): LabelledText[] {
  const groupOf = (lang: string, text: string) => (lang === 'en' ? `${EVERYDAY_GROUP}en-${fnv1a(text, 0) % 5}` : `${EVERYDAY_GROUP}${lang}`);
  return everydayMessages(rng, 1200).map((m) => ({ ...labelled(m.text, groupOf(m.lang, m.text), 'benign', BENIGN, 1.5), license: 'project' }));
}

/** Indirect injections in documents and tool output, forged transcripts, transliterated attacks. */
export function attackFamilyTexts(rng: Random, injections: number): LabelledText[] {
  const out: LabelledText[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < injections; i++) {
    const text = indirectInjection(rng);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(labelled(text, 'synthetic:attack-families', 'injection', ATTACK, 0.5));
  }
  for (const text of transliteratedAttacks()) {
    const extraction = /prompt|pas+word|parol|contrase|sir|instructions copy/.test(text);
    out.push(labelled(text, 'synthetic:attack-families', extraction ? 'prompt_extraction' : 'jailbreak', extraction ? EXTRACTION : ATTACK));
  }
  return out;
}

/** Compositional attacks and persona-style benign prompts (training/attack-templates.ts), de-duplicated. */
export function templatedTexts(rng: Random): LabelledText[] {
  const out: LabelledText[] = [];
  const seen = new Set<string>();
  const add = (text: string, label: string, set: Record<string, number>) => {
    if (seen.has(text)) return;
    seen.add(text);
    out.push(labelled(text, 'synthetic:templates', label, set, 0.5));
  };
  const counts: Array<[TemplateKind, number, Record<string, number>]> = [
    ['injection', 800, ATTACK],
    ['extraction', 800, EXTRACTION],
    ['jailbreak', 1200, ATTACK],
  ];
  for (const [kind, n, set] of counts) for (let i = 0; i < n; i++) add(generateAttack(rng, kind), kind, set);
  for (let i = 0; i < 1500; i++) add(generateBenignPersona(rng), 'benign_hard', BENIGN);
  for (let i = 0; i < 3000; i++) add(generateBenignTrigger(rng), 'benign_hard', BENIGN);
  for (let i = 0; i < 800; i++) add(generateHomonymRequest(rng), 'benign_hard', BENIGN);
  return out;
}

/**
 * Hazardous requests inside a jailbreak: a role-play or story frame, an optimisation-style suffix or a
 * rule template (attack-families.ts), or payload splitting, forged few- and many-shot turns,
 * virtualization or a claimed system mode (attack-techniques.ts). They are attacks and stay hazardous
 * requests. Kept in the request's own validation group, and forged turns quote requests of that group
 * only, so a held-out source's goals are never seen in training, even wrapped.
 */
export function jailbrokenRequests(requests: readonly LabelledText[], rng: Random, share: number): LabelledText[] {
  const byGroup = new Map<string, string[]>();
  for (const r of requests) {
    if (r.text.length > 300) continue;
    const group = byGroup.get(r.group) ?? [];
    group.push(r.text);
    byGroup.set(r.group, group);
  }
  const out: LabelledText[] = [];
  for (const r of requests) {
    if (r.text.length > 400 || rng.next() >= share) continue;
    const { text } = rng.next() < TECHNIQUE_SHARE ? techniqueWrap(r.text, byGroup.get(r.group) ?? [], rng) : jailbreakWrap(r.text, rng);
    const targets = r.targets.slice();
    setTarget(targets, 'attack', 1);
    setTarget(targets, 'extraction', 0);
    out.push({ ...r, text, targets, weight: r.weight * 0.6, label: 'jailbreak', generated: true });
  }
  return out;
}

/** Share of jailbroken requests carried by the techniques of attack-techniques.ts rather than attack-families.ts. */
const TECHNIQUE_SHARE = 0.4;

/** Harmless texts with the surface of those techniques (hard negatives). */
export function techniqueNegatives(rng: Random): LabelledText[] {
  return techniqueLookalikes(400, rng).map((s) => labelled(s, 'synthetic:hard-negatives', 'benign_hard', BENIGN));
}

/** Refusals naming the `{request}`, or `{request_lower}`: lower case, without its final punctuation. */
const REFUSALS = readList('synthetic/refusals.txt');

/** Refusals that name the hazardous request: safe answers, although they use its words. */
export function refusals(requests: readonly LabelledText[], rng: Random, share: number): LabelledText[] {
  const out: LabelledText[] = [];
  for (const r of requests) {
    if (r.text.length > 300 || rng.next() >= share) continue;
    const text = fill(rng.pick(REFUSALS), { request: r.text, request_lower: r.text.replace(/[?.!]+$/, '').toLowerCase() });
    out.push({ ...labelled(text, r.group, 'safe_output', { unsafe_output: 0, attack: 0 }), license: r.license, generated: true });
  }
  return out;
}
