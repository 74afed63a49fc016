import { fill, readList } from './data-files.ts';
import { emptyTargets, setTarget, type LabelledText } from './labels.ts';
import type { Random } from './random.ts';

/**
 * Safe answers that name a hazard in order to refuse it, warn about it or redirect: an answer head
 * trained only on compliant answers and bare requests learns "names a hazard → unsafe" and flags
 * every refusal. Built from parts in training/data/answers/ (hand-written, no dataset text) around
 * the training split's own hazardous requests, so each answer sits in its request's validation fold.
 */
function safeAnswer(text: string, group: string, license: string): LabelledText {
  const targets = emptyTargets();
  setTarget(targets, 'unsafe_output', 0);
  setTarget(targets, 'attack', 0);
  return { text, targets, weight: 1, group, label: 'safe_output', category: 'refusal', license, generated: true };
}

/** How a refusal names the request: quoted, paraphrased as a task, or not at all. */
function mention(request: string, rng: Random): string {
  const bare = request.trim().replace(/[?.!]+$/, '');
  switch (rng.int(4)) {
    case 0:
      return `"${bare}"`;
    case 1:
      return bare.charAt(0).toLowerCase() + bare.slice(1);
    case 2:
      return 'this request';
    default:
      return 'that';
  }
}

/** Refusals, warnings and redirections composed around `share` of the given requests. */
export function safeAnswers(requests: readonly LabelledText[], rng: Random, share: number): LabelledText[] {
  const openers = readList('answers/refusal-openers.txt');
  const reasons = readList('answers/refusal-reasons.txt');
  const redirections = readList('answers/refusal-redirections.txt');
  const notes = readList('answers/safety-notes.txt');
  const out: LabelledText[] = [];
  for (const r of requests) {
    if (r.text.length > 300 || rng.next() >= share) continue;
    const parts = [fill(rng.pick(openers), { request: mention(r.text, rng) })];
    if (rng.next() < 0.8) parts.push(rng.pick(reasons));
    if (rng.next() < 0.7) parts.push(rng.pick(redirections));
    if (rng.next() < 0.15) parts.push(rng.pick(notes));
    out.push(safeAnswer(parts.join(' '), r.group, r.license));
  }
  // Safety information on its own is a safe answer too; hand-written, so trained on in every fold.
  for (const note of notes) out.push({ ...safeAnswer(note, 'synthetic:safety-notes', 'project'), generated: false });
  return out;
}
