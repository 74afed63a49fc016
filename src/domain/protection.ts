/**
 * How much of the registry a Runtime LLM runs when its profile does not switch a guardrail itself:
 * each guardrail names the levels that switch it on. Level 3 (the recommended default) runs everything.
 */
export type ProtectionLevel = 1 | 2 | 3;
export const PROTECTION_LEVELS: readonly ProtectionLevel[] = [1, 2, 3];
export const DEFAULT_PROTECTION_LEVEL: ProtectionLevel = 3;
