import { fill, readList, readTable } from './data-files.ts';
import type { Random } from './random.ts';

/**
 * Tool outputs an agent reads (emails, messages, reviews, profiles, calendar entries, search results,
 * files; JSON and plain formats) generated from material written for this project
 * (training/data/tool-outputs/). An injected one hides, in one of its free-text fields, an order to the
 * agent to act with its tools (move money, grant access, send data away, delete, post), with or
 * without a lead-in that claims authority. The look-alikes are the same outputs with everyday field
 * text, and the same kinds of action asked for directly by the user, which is what an agent is for.
 */
const data = (name: string) => readList(`tool-outputs/${name}`);
const SCHEMAS = data('schemas.jsonl');
const BENIGN_TEXTS = data('benign-texts.txt');
const ACTIONS = data('agent-actions.txt');
const LEAD_INS = data('lead-ins.txt');
const DIRECT_REQUESTS = data('direct-requests.txt');
/** Values of the schemas' other fields: `{id}`, `{sender}`, `{date}`, … */
const FIELDS = new Map<string, string[]>();
for (const [field, value] of readTable('tool-outputs/fields.tsv', 2) as Array<[string, string]>) FIELDS.set(field, [...(FIELDS.get(field) ?? []), value]);

/** `schema` with its `{text}` field holding `text`, quotes escaped for the string it sits in, and its other fields drawn. */
function toolOutput(schema: string, text: string, rng: Random): string {
  const escaped = schema.includes('"{text}"') ? text.replace(/"/g, '\\"') : schema.includes("'{text}'") ? text.replace(/'/g, "\\'") : text;
  const values: Record<string, string> = { text: escaped };
  for (const [field, options] of FIELDS) values[field] = rng.pick(options);
  return fill(schema, values);
}

export interface ToolOutputTexts {
  injected: string[];
  /** Tool outputs with everyday text, and actions the user asks for directly. */
  lookalikes: string[];
}

/** `count` injected tool outputs and as many look-alikes (the direct requests among them, each once). */
export function toolOutputTexts(rng: Random, count: number): ToolOutputTexts {
  const injected: string[] = [];
  const lookalikes: string[] = [...DIRECT_REQUESTS];
  for (let i = 0; i < count; i++) {
    const action = rng.pick(ACTIONS);
    const order = fill(rng.pick(LEAD_INS), { action, action_cap: action.charAt(0).toUpperCase() + action.slice(1) });
    // Half the orders follow everyday text in the same field, as a reply or a review would carry them.
    const text = rng.next() < 0.5 ? `${rng.pick(BENIGN_TEXTS)} ${order}` : order;
    injected.push(toolOutput(rng.pick(SCHEMAS), text, rng));
    lookalikes.push(toolOutput(rng.pick(SCHEMAS), rng.pick(BENIGN_TEXTS), rng));
  }
  return { injected, lookalikes };
}
