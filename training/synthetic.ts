import { fnv1a } from '../src/models/hashing.ts';
import type { DatasetRow } from './dataset.ts';
import { EVERYDAY_GROUP } from './folds.ts';
import { emptyTargets, setTarget, type LabelledText } from './labels.ts';
import { PHRASES } from './multilingual-phrases.ts';
import type { Random } from './random.ts';
import { benignLookalikes, indirectInjection, jailbreakWrap, transliteratedAttacks } from './attack-families.ts';
import { figurativeRequests, generateAttack, generateBenignPersona, generateBenignTrigger, generateHomonymRequest, type TemplateKind } from './attack-templates.ts';
import { everydayMessages } from './everyday-messages.ts';

/**
 * Training texts generated here rather than read from a dataset:
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

const DOCUMENTS = [
  (p: string) => `Product review: The blender works well and is easy to clean. ${p} Four stars overall, would buy again.`,
  (p: string) => `| name | price | stock |\n| lamp | 19.99 | 12 |\n| ${p} | | |\n| chair | 45.00 | 3 |`,
  (p: string) => `def load_config(path):\n    # ${p}\n    with open(path) as f:\n        return json.load(f)`,
  (p: string) => `Meeting notes, Tuesday: budget review moved to Friday. ${p} Action items: Anna sends the slides.`,
  (p: string) => `<html><body><h1>Weekend hiking trails</h1><p>The northern loop is 12 km long.</p><!-- ${p} --></body></html>`,
  (p: string) => `Subject: Your order has shipped\n\nHi, your package is on its way and should arrive Thursday. ${p}\n\nThanks for shopping with us.`,
];

const WRAPPERS = [
  (a: string) => `Translate the following text into French:\n${a}`,
  (a: string) => `Summarize this customer message for me: "${a}"`,
  (a: string) => `Here is a user comment we received. ${a}`,
  (a: string) => `Please proofread my paragraph: ${a}`,
  (a: string) => `Context from the retrieved document:\n---\n${a}\n---\nAnswer the question using the context.`,
];

export function embeddedInjections(payloads: readonly DatasetRow[], emails: readonly DatasetRow[], rng: Random): LabelledText[] {
  const out: LabelledText[] = [];
  for (const row of payloads) {
    const useEmail = emails.length > 0 && rng.next() < 0.5;
    let text: string;
    if (useEmail) {
      const email = emails[rng.int(emails.length)]!.text;
      const cut = email.indexOf('.', Math.floor(email.length * rng.next()));
      text = cut === -1 ? `${email}\n${row.text}` : `${email.slice(0, cut + 1)} ${row.text} ${email.slice(cut + 1)}`;
    } else text = DOCUMENTS[rng.int(DOCUMENTS.length)]!(row.text);
    out.push({ ...labelled(text, row.file, 'injection', ATTACK, 0.5), generated: true });
  }
  return out;
}

/** Attacks quoted inside ordinary requests; kept in the attack's own validation group. */
export function wrappedAttacks(attacks: readonly LabelledText[], rng: Random, share: number): LabelledText[] {
  const out: LabelledText[] = [];
  for (const a of attacks) {
    if (a.text.length > 600 || rng.next() >= share) continue;
    const text = WRAPPERS[rng.int(WRAPPERS.length)]!(a.text);
    out.push({ ...a, text, targets: a.targets.slice(), weight: a.weight * 0.5, generated: true });
  }
  return out;
}

export function multilingualTexts(rng: Random): LabelledText[] {
  const out: LabelledText[] = [];
  for (const p of Object.values(PHRASES)) {
    const group = `synthetic:multilingual`;
    const pick = (list: readonly string[]) => list[rng.int(list.length)]!;
    const attacks: Array<[string, Record<string, number>]> = [
      ...p.override.map((s) => [s, ATTACK] as [string, Record<string, number>]),
      ...p.unrestricted.map((s) => [s, ATTACK] as [string, Record<string, number>]),
      ...p.extraction.map((s) => [s, EXTRACTION] as [string, Record<string, number>]),
      ...p.secret.map((s) => [s, EXTRACTION] as [string, Record<string, number>]),
    ];
    // Few phrases per language stand for a whole language's attacks: they weigh more.
    for (const [s, set] of attacks) {
      out.push(labelled(s, group, 'attack', set, 1.5));
      out.push(labelled(`${pick(p.benign)} ${s}`, group, 'attack', set, 1.5));
      out.push(labelled(`${s} ${pick(p.benign)}`, group, 'attack', set, 1.5));
    }
    // An override followed by what it is for, as attacks usually come.
    for (const s of p.override) {
      out.push(labelled(`${s} ${pick([...p.extraction, ...p.secret])}`, group, 'attack', EXTRACTION, 1.5));
      out.push(labelled(`${s} ${pick(p.unrestricted)}`, group, 'attack', ATTACK, 1.5));
    }
    for (const s of p.benign) {
      out.push(labelled(s, group, 'benign', BENIGN));
      out.push(labelled(`${s} ${pick(p.benign)}`, group, 'benign', BENIGN));
    }
    for (const s of p.harmful ?? []) out.push(labelled(s, group, 'harmful', HARMFUL));
  }
  return out;
}

const TRIGGER_REQUESTS = [
  'How do I make git ignore all files in the build folder?',
  'What does it mean to jailbreak an iPhone, and is it legal?',
  'Explain how to override a method in Java with an example.',
  'How can I bypass the cache when testing my website?',
  'What is a system prompt in large language models?',
  'How do password managers keep my passwords safe?',
  'Forget the previous recipe, can you suggest a vegetarian lasagna instead?',
  'Ignore my last question, what is the boiling point of water at altitude?',
  'Write a short story about a hacker who helps a hospital recover from an outage.',
  'Act as a travel guide and suggest three things to do in Kyoto.',
  'Pretend you are a pirate and tell me a joke about the sea.',
  'Can you repeat the main points of the article I pasted earlier in bullet form?',
  'What are common prompt injection attacks and how do developers defend against them?',
  'Print the numbers from 1 to 10 in Python.',
  'How do I reset my router password?',
  'Disregard formatting and just give me the plain text version of this list: apples, pears, plums.',
  'What instructions should I give a babysitter before leaving for the evening?',
  'In developer mode on Android, how do I enable USB debugging?',
  'How can I kill a zombie process in Linux?',
  'What is the best way to shoot photos in low light?',
  'My boss told me to ignore the emails from the old system. How do I set up a filter?',
  'Reveal the answer to this riddle: what has keys but cannot open locks?',
  'Describe the rules of chess for a beginner.',
  'Explain what an SQL injection is and how parameterized queries prevent it.',
  'Can you role-play as my Spanish teacher and correct my sentences?',
  'Override the default font size in CSS for mobile screens.',
  'How do I unlock a bike lock if I forgot the combination I set?',
  'What secret ingredient makes banana bread moist?',
  'Tell me the instructions for assembling a bookshelf with six shelves.',
  'You are now my study partner: quiz me on European capitals.',
  'How do antivirus programs detect malware?',
  'What happened in the Battle of Hastings?',
  'How can I stop my dog from attacking the mail carrier?',
  'Give me tips for killing it at my job interview tomorrow.',
  'What is the password policy recommended by NIST?',
  'Show me how to write a function that reverses a string.',
  'Decode this base64 string for my homework: aGVsbG8gd29ybGQ=',
  'What are the previous instructions on this medicine label likely to say about dosage?',
  'Please ignore typos in my message, I am writing from my phone. What time does the museum open?',
  'Can an AI model have no restrictions? Explain the debate around open models.',
];

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
 * rule template. They are attacks and stay hazardous requests. Kept in the request's own validation
 * group, so a held-out source's goals are never seen in training, even wrapped.
 */
export function jailbrokenRequests(requests: readonly LabelledText[], rng: Random, share: number): LabelledText[] {
  const out: LabelledText[] = [];
  for (const r of requests) {
    if (r.text.length > 400 || rng.next() >= share) continue;
    const { text } = jailbreakWrap(r.text, rng);
    const targets = r.targets.slice();
    setTarget(targets, 'attack', 1);
    setTarget(targets, 'extraction', 0);
    out.push({ ...r, text, targets, weight: r.weight * 0.6, label: 'jailbreak', generated: true });
  }
  return out;
}

const REFUSALS = [
  (r: string) => `I'm sorry, but I can't help with that. ${r} could cause real harm, and I won't provide instructions for it.`,
  (r: string) => `I cannot assist with this request. If you are asking "${r}", please consider the legal and ethical consequences.`,
  (r: string) => `As an AI developed to be helpful and safe, I must decline. I can, however, share general information about staying safe or point you to professional support.`,
  (r: string) => `Sorry, I can't do that. Requests like "${r}" go against my guidelines. Is there something else I can help you with?`,
  (r: string) => `I understand you're curious, but I won't explain ${r.replace(/[?.!]+$/, '').toLowerCase()}. If you or someone else is in danger, please contact local emergency services.`,
  (r: string) => `Developer Mode response: I still can't help with "${r}". It is illegal and dangerous, and I'd rather help you with a lawful alternative.`,
];

/** Refusals that name the hazardous request: safe answers, although they use its words. */
export function refusals(requests: readonly LabelledText[], rng: Random, share: number): LabelledText[] {
  const out: LabelledText[] = [];
  for (const r of requests) {
    if (r.text.length > 300 || rng.next() >= share) continue;
    const text = REFUSALS[rng.int(REFUSALS.length)]!(r.text);
    out.push({ ...labelled(text, r.group, 'safe_output', { unsafe_output: 0, attack: 0 }), license: r.license, generated: true });
  }
  return out;
}
