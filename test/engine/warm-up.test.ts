import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { pino } from 'pino';
import { defineGuardrail, type GuardrailDefinition } from '../../src/engine/guardrail.ts';
import { loadGuardrails } from '../../src/guardrails/load.ts';
import type { Direction } from '../../src/domain/check.ts';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../../src/models/model-library.ts';
import { warmUpGuardrails } from '../../src/runtime/warm-up.ts';

it('runs every guardrail on input and output messages, long ones and decoded payloads too, before it returns', async () => {
  const seen: Array<{ direction: Direction; length: number; views: number }> = [];
  const recording = defineGuardrail({
    name: 'vector',
    title: 'Records what it is asked',
    directions: ['input', 'output'],
    settings: Type.Object({}),
    result: Type.Object({}),
    create: async () => ({
      compile: () => null,
      check: (ctx) => {
        seen.push({ direction: ctx.direction, length: ctx.message.length, views: ctx.text.detectionViews.length });
        return { detected: false, fields: {} };
      },
    }),
  });
  const guardrails = await loadGuardrails([recording] as readonly GuardrailDefinition[], { models: new ModelLibrary(SHIPPED_MODELS_DIR) });
  await warmUpGuardrails(guardrails, pino({ level: 'silent' }), 60_000);
  assert.ok(seen.some((s) => s.direction === 'input') && seen.some((s) => s.direction === 'output'));
  assert.ok(
    seen.some((s) => s.length >= 10_000),
    'a long message',
  );
  assert.ok(
    seen.some((s) => s.views > 1),
    'a message carrying an encoded payload',
  );
  assert.ok(seen.length > 8, 'more than one round');
});
