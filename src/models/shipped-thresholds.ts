import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DETECTOR_MODEL_NAME, modelsDir } from './detector-model.ts';

/**
 * Default decision thresholds of the shipped detector model (chosen on out-of-source validation and
 * recorded in its manifest), used as the defaults of the guardrails' profile settings.
 */
export function shippedThreshold(head: string, fallback: number): number {
  try {
    const manifest = JSON.parse(readFileSync(join(modelsDir(), DETECTOR_MODEL_NAME, 'manifest.json'), 'utf8')) as {
      thresholds?: Record<string, number>;
    };
    const t = manifest.thresholds?.[head];
    return typeof t === 'number' ? Number(t.toFixed(3)) : fallback;
  } catch {
    return fallback;
  }
}
