import { Value } from '@sinclair/typebox/value';
import { compilePii, PERSON_RECOGNISER, type CompiledPii } from '../../src/guardrails/pii/index.ts';
import { PiiSettings } from '../../src/guardrails/pii/settings.ts';
import { ModelLibrary, SHIPPED_MODELS_DIR } from '../../src/models/model-library.ts';

/** The PII guardrail compiled with the shipped PERSON model, at its default settings unless `settings` changes some. */
export async function compileShippedPii(settings: Partial<PiiSettings> = {}): Promise<CompiledPii> {
  const person = await new ModelLibrary(SHIPPED_MODELS_DIR).load(PERSON_RECOGNISER);
  return compilePii(Value.Default(PiiSettings, settings) as PiiSettings, person);
}

/** The texts `pii` finds in `text` (only those of `type`, when given), in order. */
export function foundTexts(pii: CompiledPii, text: string, type?: string): string[] {
  return pii.engine
    .scan(text)
    .filter((e) => type === undefined || e.type === type)
    .map((e) => text.slice(e.start, e.end));
}
