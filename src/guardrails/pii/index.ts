import { defineGuardrail, type CheckContext, type GuardrailVerdict } from '../../engine/guardrail.ts';
import { PiiEngine, type ModelRecogniser } from './engine.ts';
import type { Entity, EntityType } from './entities.ts';
import { maskValue } from './mask.ts';
import { PATTERN_RECOGNISERS } from './recognisers/index.ts';
import { PII_RESULT, type PiiResult } from './result-schema.ts';
import { defaultAction, PiiSettings, type PiiAction } from './settings.ts';

export interface CompiledPii {
  engine: PiiEngine;
  actions: ReadonlyMap<EntityType, PiiAction>;
}

/** `personModel`: the PERSON recogniser, needed when the settings enable PERSON. */
export function compilePii(settings: PiiSettings, personModel: ModelRecogniser | undefined): CompiledPii {
  const enabled = new Set<EntityType>(settings.entities);
  const patterns = PATTERN_RECOGNISERS.filter((r) => enabled.has(r.entity));
  if (enabled.has('PERSON') && !personModel) throw new Error('PII: PERSON is enabled but no PERSON model was given.');
  const models = personModel && enabled.has('PERSON') ? [personModel] : [];
  const actions = new Map<EntityType, PiiAction>();
  for (const type of enabled) actions.set(type, settings.actions[type] ?? defaultAction(type));
  return { engine: new PiiEngine(patterns, models, settings.min_score), actions };
}

/** The verdict for one text: the `pii` block members, what blocks, and what to mask. */
export function judgePii(message: string, compiled: CompiledPii): GuardrailVerdict<PiiResult> {
  const found: Entity[] = compiled.engine.scan(message);
  let blocks = false;
  let score = 0;
  const redactions = [];
  for (const entity of found) {
    const action = compiled.actions.get(entity.type) ?? defaultAction(entity.type);
    if (action === 'block') blocks = true;
    if (action === 'mask') redactions.push({ start: entity.start, end: entity.end, replacement: `<${entity.type}>` });
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

export const piiGuardrail = defineGuardrail({
  name: 'pii',
  title: 'PII Detection',
  runsModel: true,
  directions: ['input', 'output'],
  result: PII_RESULT,
  settings: PiiSettings,
  async create({ models }) {
    const person = await models.personRecogniser();
    return {
      compile: (settings) => compilePii(settings, person),
      check: (ctx: CheckContext, compiled: CompiledPii) => judgePii(ctx.message, compiled),
    };
  },
});
