import { MODERATION_CATEGORIES } from '../domain/moderation.ts';

/** Output heads of the detector model, in the order of its output layer. */
export const HEADS = [
  'attack', // prompt injection or jailbreak (the `llm` score)
  'extraction', // attempt to extract the system prompt or a secret
  'harmful', // hazardous request or statement (content moderation, input side)
  'unsafe_output', // LLM answer that complies with a harmful request (content moderation, output side)
  ...MODERATION_CATEGORIES, // which hazard, given that the text is hazardous
] as const;
export type HeadName = (typeof HEADS)[number];

export const HEAD_INDEX: Readonly<Record<HeadName, number>> = Object.fromEntries(HEADS.map((h, i) => [h, i])) as Record<HeadName, number>;
