import { clause } from './attack-families.ts';
import { fill, readList, readTable } from './data-files.ts';
import type { Random } from './random.ts';

/**
 * Jailbreak techniques that carry a hazardous goal without stating it as a plain request, generated
 * from templates written for this project (training/data/attack-techniques/):
 * - payload splitting: the goal cut into pieces assigned to variables, with an order to join and obey them;
 * - few-shot and many-shot: forged turns in which an assistant complied with other hazardous requests,
 *   then the goal;
 * - virtualization: a virtual machine, simulation, emulator or game in which "no rules apply";
 * - claims of a system, developer or maintenance mode that lifts the rules.
 * And their look-alikes: code that joins strings, chat logs of harmless requests, questions about
 * virtual machines, simulations and games, and genuine notices about modes and maintenance.
 */
export type Technique = 'payload-splitting' | 'many-shot' | 'virtualization' | 'mode-claim';

const data = (name: string) => readList(`attack-techniques/${name}`);

const SPLIT_NAMES = data('split-names.txt').map((line) => line.split(','));
/** How one piece is assigned: `{name}` and `{chunk}`. */
const SPLIT_ASSIGNMENTS = data('split-assignments.txt');
/** The order to join the pieces, `{names}` written as `a + b + c`. */
const SPLIT_INSTRUCTIONS = data('split-instructions.txt');

/** `text` cut at two to four random places (words may be cut too: that is the point of the technique). */
function splitPieces(text: string, rng: Random): string[] {
  const pieces = Math.min(2 + rng.int(3), Math.max(2, Math.floor(text.length / 8)));
  const cuts = new Set<number>();
  while (cuts.size < pieces - 1) cuts.add(1 + rng.int(text.length - 1));
  const at = [0, ...[...cuts].sort((a, b) => a - b), text.length];
  return at.slice(1).map((end, i) => text.slice(at[i], end));
}

/** `text` in pieces assigned to variables, then an instruction to join them and act on the result. */
export function payloadSplit(text: string, rng: Random): string {
  const names = rng.pick(SPLIT_NAMES);
  const assignment = rng.pick(SPLIT_ASSIGNMENTS);
  const pieces = splitPieces(text, rng);
  const lines = pieces.map((chunk, i) => fill(assignment, { name: names[i]!, chunk }));
  return `${lines.join('\n')}\n${fill(rng.pick(SPLIT_INSTRUCTIONS), { names: names.slice(0, pieces.length).join(' + ') })}`;
}

const SHOT_ROLES = readTable('attack-techniques/shot-roles.tsv', 2) as Array<[string, string]>;
/** A forged compliant answer. */
const SHOT_COMPLIANCE = data('shot-compliance.txt');
/** The last turn, carrying the `{goal}` as written. */
const SHOT_FINALS = data('shot-finals.txt');

/**
 * A transcript of `turns` earlier requests (drawn from `earlier`), each answered with `answers`, then a
 * final turn from `finals` carrying `goal`.
 */
function transcript(goal: string, earlier: readonly string[], turns: number, answers: readonly string[], finals: readonly string[], rng: Random): string {
  const [user, assistant] = rng.pick(SHOT_ROLES);
  const lines: string[] = [];
  for (let i = 0; i < turns; i++) {
    const request = rng.pick(earlier);
    lines.push(`${user}: ${request}`, `${assistant}: ${rng.pick(answers)}`);
  }
  lines.push(`${user}: ${fill(rng.pick(finals), { goal })}`);
  return lines.join('\n');
}

const VIRTUAL_FRAMES = data('virtual-frames.txt');
const MODE_CLAIMS = data('mode-claims.txt');

/** The goal as a frame's `{goal}` (a clause), `{goal_snake}` (words joined by underscores). */
function framed(template: string, goal: string): string {
  const c = clause(goal);
  return fill(template, {
    goal: c,
    goal_snake: c
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '_')
      .replace(/^_|_$/g, ''),
  });
}

/**
 * A hazardous goal carried by one of the techniques above, drawn evenly. `earlier` are other hazardous
 * requests for the forged turns of few-shot and many-shot transcripts (the caller keeps them in the
 * goal's validation group).
 */
export function techniqueWrap(goal: string, earlier: readonly string[], rng: Random): { technique: Technique; text: string } {
  const x = rng.next();
  if (x < 0.25) return { technique: 'payload-splitting', text: payloadSplit(goal, rng) };
  if (x < 0.5) {
    // Few-shot (two or three turns) as often as many-shot (six to fifteen).
    const turns = rng.next() < 0.5 ? 2 + rng.int(2) : 6 + rng.int(10);
    return { technique: 'many-shot', text: transcript(goal, earlier.length > 0 ? earlier : [goal], turns, SHOT_COMPLIANCE, SHOT_FINALS, rng) };
  }
  if (x < 0.75) return { technique: 'virtualization', text: framed(rng.pick(VIRTUAL_FRAMES), goal) };
  return { technique: 'mode-claim', text: framed(rng.pick(MODE_CLAIMS), goal) };
}

const BENIGN_SPLITS = data('benign-splits.jsonl');
const BENIGN_ANSWERS = data('benign-answers.txt');
const BENIGN_FINALS = data('benign-transcript-finals.txt');
const BENIGN_VIRTUAL = data('benign-virtual.txt');
const BENIGN_NOTICES = data('benign-notices.txt');
/** Harmless requests, from the goals of the persuasive framings' negatives. */
const HARMLESS_REQUESTS = readList('attack-families/harmless-goals.txt').map((goal) => `How can I ${goal}?`);

/**
 * Harmless texts with the surface of the techniques: the written look-alikes, and `logs` chat logs of
 * harmless requests (helpful answers, then a harmless last turn).
 */
export function techniqueLookalikes(logs: number, rng: Random): string[] {
  const chats = Array.from({ length: logs }, () =>
    transcript(rng.pick(HARMLESS_REQUESTS), HARMLESS_REQUESTS, 2 + rng.int(12), BENIGN_ANSWERS, BENIGN_FINALS, rng),
  );
  return [...BENIGN_SPLITS, ...BENIGN_VIRTUAL, ...BENIGN_NOTICES, ...chats];
}
