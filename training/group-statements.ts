import { fill, readList } from './data-files.ts';
import { emptyTargets, setTarget, type LabelledText } from './labels.ts';
import type { Random } from './random.ts';

/**
 * Statements about groups of people, written for this project (training/data/group-statements/):
 * dehumanising ones (a group called vermin, a disease, not human; calls to kill or expel it), which
 * are hateful whoever the group is, and texts that discuss, report or counter such statements,
 * or speak of the same groups plainly, which are not. The same groups fill both sides, so neither a
 * group's name nor a dehumanising word alone tells them apart: the model has to read what the text
 * does with it.
 *
 * Counter-speech never quotes the statement it counters: in a bag of n-grams, a quoting text teaches
 * the statement's own n-grams as harmless, and plain dehumanising statements then pass.
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
