import { hash } from 'node:crypto';
import { join } from 'node:path';
import type { Redaction } from '../../domain/check.ts';
import type { ModelLoader } from '../../domain/model-loader.ts';
import { defineGuardrail, type CheckContext, type GuardrailVerdict } from '../../engine/guardrail.ts';
import { PiiEngine, type ModelRecogniser } from './engine.ts';
import { loadPersonRecogniser } from './person/recogniser.ts';
import type { Entity, EntityType } from './entities.ts';
import { maskValue } from './mask.ts';
import { PATTERN_RECOGNISERS } from './recognisers/index.ts';
import { PII_RESULT, type PiiResult } from './result-schema.ts';
import { defaultAction, PiiSettings, type PiiAction } from './settings.ts';

export interface CompiledPii {
  engine: PiiEngine;
  actions: ReadonlyMap<EntityType, PiiAction>;
  /** The types detected and the minimum score: what decides which entities a scan reports. */
  types: ReadonlySet<EntityType>;
  minScore: number;
  /**
   * Identifies `types` and `minScore`: two profiles with the same key report the same entities in a
   * text (their actions may differ). Recorded with check events for what-if replays.
   */
  detectionKey: string;
}

/** `personModel`: the PERSON recogniser, needed when the settings enable PERSON. */
export function compilePii(settings: PiiSettings, personModel: ModelRecogniser | undefined): CompiledPii {
  const types = new Set<EntityType>(settings.entities);
  const patterns = PATTERN_RECOGNISERS.filter((r) => types.has(r.entity));
  if (types.has('PERSON') && !personModel) throw new Error('PII: PERSON is enabled but no PERSON model was given.');
  const models = personModel && types.has('PERSON') ? [personModel] : [];
  const actions = new Map<EntityType, PiiAction>();
  for (const type of types) actions.set(type, settings.actions[type] ?? defaultAction(type));
  const detectionKey = hash('sha256', JSON.stringify([[...types].sort(), settings.min_score])).slice(0, 16);
  return { engine: new PiiEngine(patterns, models, settings.min_score), actions, types, minScore: settings.min_score, detectionKey };
}

/** What a profile does with an entity of this type. */
export function piiAction(compiled: CompiledPii, type: EntityType): PiiAction {
  return compiled.actions.get(type) ?? defaultAction(type);
}

/**
 * The verdict for one text: the `pii` block members, whether it blocks (any entity whose action is
 * `block`), and the redactions: every entity is masked in `sanitized_message`, and those whose
 * action is `mask` also in what is passed on.
 */
export function judgePii(message: string, compiled: CompiledPii): GuardrailVerdict<PiiResult> {
  const found: Entity[] = compiled.engine.scan(message);
  let blocks = false;
  let score = 0;
  const redactions: Redaction[] = [];
  for (const entity of found) {
    const action = piiAction(compiled, entity.type);
    if (action === 'block') blocks = true;
    redactions.push({ start: entity.start, end: entity.end, replacement: `<${entity.type}>`, forward: action === 'mask' });
    score = Math.max(score, entity.score);
  }
  return {
    detected: blocks,
    fields: {
      // PII was found; whether it blocks depends on the actions (see `detected` of the verdict).
      detected: found.length > 0,
      entities: found.map((e) => ({
        type: e.type,
        start: e.start,
        end: e.end,
        score: e.score,
        text: maskValue(e.type, message.slice(e.start, e.end)),
      })),
    },
    score,
    spans: found.map((e) => ({ start: e.start, end: e.end, label: e.type })),
    ...(redactions.length > 0 ? { redactions } : {}),
  };
}

/** The PERSON recogniser of a models directory: the PII guardrail's, also the masking of recorded message text's. */
export const PERSON_RECOGNISER: Readonly<ModelLoader<Promise<ModelRecogniser>>> = {
  name: 'pii-person',
  load: (modelsDir, read) => loadPersonRecogniser(join(modelsDir, 'pii-person'), read),
};

export const piiGuardrail = defineGuardrail({
  name: 'pii',
  title: 'PII Detection',
  runsModel: true,
  directions: ['input', 'output'],
  levels: [1, 2, 3],
  result: PII_RESULT,
  settings: PiiSettings,
  summarise: (fields) => fields.entities.map((e) => `${e.type} ${e.text}`),
  loaders: [PERSON_RECOGNISER],
  async create({ models }) {
    const person = await models.load(PERSON_RECOGNISER);
    return {
      compile: (settings) => compilePii(settings, person),
      check: (ctx: CheckContext, compiled: CompiledPii) => judgePii(ctx.message, compiled),
    };
  },
});
