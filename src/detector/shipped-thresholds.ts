import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DETECTOR_MODEL_NAME } from './detector-model.ts';
import { SHIPPED_MODELS_DIR } from '../models/model-library.ts';
import type { HeadName } from './heads.ts';

/** The detector guardrails' threshold settings (by guardrail name), each with the detector head it is a threshold on. */
const THRESHOLD_HEADS = {
  llm: { threshold: 'attack' },
  content_moderation: { input_threshold: 'harmful', output_threshold: 'unsafe_output' },
  system_prompt: { threshold: 'extraction' },
} as const satisfies Readonly<Record<string, Record<string, HeadName>>>;

export type ThresholdSettings = {
  readonly [G in keyof typeof THRESHOLD_HEADS]: { readonly [S in keyof (typeof THRESHOLD_HEADS)[G]]: number };
};

/**
 * The threshold settings for a detector model's decision thresholds (chosen on out-of-source
 * validation and recorded in its manifest), to three decimals; 0.5 for a head without one.
 */
export function thresholdSettings(thresholds: Readonly<Record<string, number>>): ThresholdSettings {
  const of = (head: HeadName): number => {
    const t = thresholds[head];
    return typeof t === 'number' ? Number(t.toFixed(3)) : 0.5;
  };
  return Object.fromEntries(
    Object.entries(THRESHOLD_HEADS).map(([guardrail, settings]) => [
      guardrail,
      Object.fromEntries(Object.entries(settings).map(([setting, head]) => [setting, of(head)])),
    ]),
  ) as ThresholdSettings;
}

function shippedThresholds(): Record<string, number> {
  try {
    const manifest = JSON.parse(readFileSync(join(SHIPPED_MODELS_DIR, DETECTOR_MODEL_NAME, 'manifest.json'), 'utf8')) as {
      thresholds?: Record<string, number>;
    };
    return manifest.thresholds ?? {};
  } catch {
    return {};
  }
}

/** The defaults of the guardrails' threshold settings in security profiles: the shipped detector model's. */
export const SHIPPED_THRESHOLDS: ThresholdSettings = thresholdSettings(shippedThresholds());
