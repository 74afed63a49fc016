import { performance } from 'node:perf_hooks';
import type { GuardrailDefinition, GuardrailResources, GuardrailSlot } from '../engine/guardrail.ts';
import { GUARDRAILS, levelsOf, type GuardrailName } from './registry.ts';

/**
 * Builds the guardrails of `definitions` with the same resources, in the registry's order, and
 * returns one slot per registered guardrail: a registered name without a definition among those given
 * has none, and its block reports `not_available`. A definition given under a registered name (a
 * test's stand-in) runs at its own levels, else at those of the guardrail it stands in for.
 * `onLoaded` learns how long each took.
 */
export async function loadGuardrails(
  definitions: readonly GuardrailDefinition[],
  resources: GuardrailResources,
  onLoaded: (name: GuardrailName, ms: number) => void = () => {},
): Promise<GuardrailSlot[]> {
  const given = new Map(definitions.map((d) => [d.name, d]));
  for (const name of given.keys()) if (!GUARDRAILS.some((g) => g.name === name)) throw new Error(`No guardrail named ${name} is registered.`);
  const slots: GuardrailSlot[] = [];
  for (const registered of GUARDRAILS) {
    const definition = given.get(registered.name);
    const levels = definition?.levels ?? levelsOf(registered);
    if (!definition) {
      slots.push({ name: registered.name, levels });
      continue;
    }
    const started = performance.now();
    slots.push({ name: registered.name, levels, loaded: { definition, guardrail: await definition.create(resources) } });
    onLoaded(registered.name, performance.now() - started);
  }
  return slots;
}
