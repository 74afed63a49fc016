import { readGroups, readLanguages, readList } from './data-files.ts';
import type { Random } from './random.ts';

/**
 * Short everyday messages, written for this project (training/data/everyday-messages/, one file per
 * language): what real chat traffic is full of and what the datasets barely contain (greetings,
 * acknowledgements, one-line requests about the text at hand, follow-ups, customer-service questions,
 * fillers). Per language, in many scripts. They are benign training texts, so that a short message
 * needs evidence of an attack before it scores as one.
 * (The everyday-messages test uses different sentences.)
 */
const MESSAGES: Record<string, readonly string[]> = Object.fromEntries(
  readLanguages('everyday-messages', '.txt').map((lang) => [lang, readList(`everyday-messages/${lang}.txt`)]),
);

/** Openers per language, to put before a message of that language. */
const OPENERS: Record<string, readonly string[]> = Object.fromEntries(readGroups('everyday-openers.tsv'));

export interface EverydayMessage {
  lang: string;
  text: string;
}

/** Every hand-written message, then combinations of an opener and a message of the same language. */
export function everydayMessages(rng: Random, combinations: number): EverydayMessage[] {
  const out: EverydayMessage[] = [];
  for (const [lang, list] of Object.entries(MESSAGES)) for (const text of list) out.push({ lang, text });
  const langs = Object.keys(OPENERS);
  for (let i = 0; i < combinations; i++) {
    const lang = rng.pick(langs);
    const openers = OPENERS[lang]!;
    const list = MESSAGES[lang]!;
    const text = `${rng.pick(openers)} ${rng.pick(list)}`;
    out.push({ lang, text: rng.next() < 0.3 ? text.charAt(0).toUpperCase() + text.slice(1) : text });
  }
  return out;
}
