import { AppError } from '../errors.ts';
import { orList } from '../schema-wording.ts';
import { RULE_SCOPES, type KeywordRule, type OperatorRules, type RegexRule, type RuleScope } from '../domain/rules.ts';
import { parseProfileSettings, type ProfileSettings } from '../engine/profile-settings.ts';
import { PROFILE_SETTINGS_SCHEMA, type GuardrailName } from '../guardrails/registry.ts';
import { withCurrentPiiActions } from '../guardrails/pii/settings.ts';
import { compilePattern } from '../guardrails/regex/pattern.ts';
import { newId, nowIso } from '../ids.ts';
import {
  countRuntimeLlmsUsingProfile,
  deleteProfileRow,
  deleteRule,
  findProfile,
  insertKeywordRule,
  insertProfile,
  insertRegexRule,
  listProfiles,
  loadRules,
  updateProfileRow,
  type StoredProfile,
} from '../store/profiles.ts';
import type { Store } from '../store/store.ts';
import { checkBackendReferences } from './model-backends.ts';
import type { Actor } from '../domain/actor.ts';
import { applyConfigChange } from '../store/config-change.ts';
import { mergePatch } from './merge-patch.ts';

const MAX_KEYWORD_LENGTH = 200;
const MAX_RULES_PER_PROFILE = 20_000;

/** A security profile with validated settings (defaults filled in) and its rules. */
export interface SecurityProfile {
  id: string;
  name: string;
  description: string;
  settings: ProfileSettings<GuardrailName>;
  rules: OperatorRules;
  createdAt: string;
  updatedAt: string;
}

export function toSecurityProfile(stored: StoredProfile, rules: OperatorRules | undefined): SecurityProfile {
  return {
    id: stored.id,
    name: stored.name,
    description: stored.description,
    // Settings imported from an older dump may still use former names.
    settings: parseProfileSettings(PROFILE_SETTINGS_SCHEMA, withCurrentPiiActions(stored.settings)),
    rules: rules ?? { keywords: [], regexes: [] },
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

async function requireStoredProfile(store: Store, idOrName: string): Promise<StoredProfile> {
  const profile = await findProfile(store.db, idOrName);
  if (!profile) throw new AppError('not_found', `Security profile ${JSON.stringify(idOrName)} does not exist.`);
  return profile;
}

export async function getProfile(store: Store, idOrName: string): Promise<SecurityProfile> {
  const stored = await requireStoredProfile(store, idOrName);
  return toSecurityProfile(stored, (await loadRules(store.db, stored.id)).get(stored.id));
}

export async function listSecurityProfiles(store: Store): Promise<SecurityProfile[]> {
  const rules = await loadRules(store.db);
  return (await listProfiles(store.db)).map((p) => toSecurityProfile(p, rules.get(p.id)));
}

function validateProfileName(name: unknown): string {
  if (typeof name !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/.test(name)) {
    throw new AppError('invalid_field', 'The profile name must be 1-64 letters, digits, spaces, dots, dashes or underscores.');
  }
  return name;
}

/** Creates a profile, optionally copying another one's settings and rules. */
export async function createProfile(store: Store, actor: Actor, input: { name: string; description?: string; copyFrom?: string }): Promise<SecurityProfile> {
  const name = validateProfileName(input.name);
  if (await findProfile(store.db, name)) throw new AppError('conflict', `A security profile named ${JSON.stringify(name)} already exists.`);
  const source = input.copyFrom === undefined ? undefined : await getProfile(store, input.copyFrom);
  const now = nowIso();
  const stored: StoredProfile = {
    id: newId('prf'),
    name,
    description: input.description ?? source?.description ?? '',
    settings: source ? (await requireStoredProfile(store, source.id)).settings : {},
    createdAt: now,
    updatedAt: now,
  };
  await applyConfigChange(
    store,
    actor,
    { action: 'profile.create', targetType: 'profile', targetId: stored.id, details: { name, copied_from: source?.id ?? null } },
    async (trx) => {
      await insertProfile(trx, stored);
      for (const rule of source?.rules.keywords ?? []) await insertKeywordRule(trx, stored.id, { ...rule, id: newId('kw') }, now);
      for (const rule of source?.rules.regexes ?? []) await insertRegexRule(trx, stored.id, { ...rule, id: newId('rx') }, now);
    },
  );
  return getProfile(store, stored.id);
}

/**
 * Applies a JSON Merge Patch to a profile's settings (`null` resets a member to its default, e.g.
 * `{"guardrails":{"llm":{"enabled":null}}}` makes the LLM guardrail follow the protection level again).
 */
export async function updateProfileSettings(store: Store, actor: Actor, idOrName: string, patch: unknown): Promise<SecurityProfile> {
  const updated = await patchedProfile(store, idOrName, patch);
  await applyConfigChange(store, actor, { action: 'profile.update', targetType: 'profile', targetId: updated.id, details: { patch } }, async (trx) => {
    await updateProfileRow(trx, updated);
  });
  return getProfile(store, updated.id);
}

/**
 * The profile row with a JSON Merge Patch applied to its settings, validated (throws naming the
 * invalid member) but not written. `creating` is a model backend that the same change creates.
 */
export async function patchedProfile(store: Store, idOrName: string, patch: unknown, creating?: string): Promise<StoredProfile> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new AppError('invalid_field', 'The settings patch must be a JSON object.');
  const stored = await requireStoredProfile(store, idOrName);
  // Older clients may send former names; the current ones are stored.
  const merged = withCurrentPiiActions(mergePatch(stored.settings, patch));
  // Both throw naming the invalid member.
  await checkBackendReferences(store, parseProfileSettings(PROFILE_SETTINGS_SCHEMA, merged), creating);
  return { ...stored, settings: merged, updatedAt: nowIso() };
}

/** The profile `idOrName` when it may be deleted: it exists, is not `default`, and no Runtime LLM uses it (409 otherwise). */
export async function requireDeletableProfile(store: Store, idOrName: string): Promise<SecurityProfile> {
  const stored = await requireStoredProfile(store, idOrName);
  const users = await countRuntimeLlmsUsingProfile(store.db, stored.id);
  if (users > 0)
    throw new AppError(
      'conflict',
      `Security profile ${JSON.stringify(stored.name)} is used by ${users} Runtime LLM${users === 1 ? '' : 's'}; give ${users === 1 ? 'it' : 'them'} another profile first.`,
    );
  if (stored.name === 'default') throw new AppError('conflict', 'The default profile cannot be deleted.');
  return toSecurityProfile(stored, (await loadRules(store.db, stored.id)).get(stored.id));
}

export async function deleteProfile(store: Store, actor: Actor, idOrName: string): Promise<void> {
  const stored = await requireDeletableProfile(store, idOrName);
  await applyConfigChange(
    store,
    actor,
    { action: 'profile.delete', targetType: 'profile', targetId: stored.id, details: { name: stored.name } },
    async (trx) => {
      await deleteProfileRow(trx, stored.id);
    },
  );
}

function validateScope(scope: unknown): RuleScope {
  if (scope === undefined) return 'input';
  if ((RULE_SCOPES as readonly unknown[]).includes(scope)) return scope as RuleScope;
  throw new AppError('invalid_field', `The rule scope must be ${orList(RULE_SCOPES)}, got ${JSON.stringify(scope)}.`);
}

async function ensureRoomForRule(store: Store, profileId: string): Promise<void> {
  const rules = (await loadRules(store.db, profileId)).get(profileId);
  const count = (rules?.keywords.length ?? 0) + (rules?.regexes.length ?? 0);
  if (count >= MAX_RULES_PER_PROFILE) throw new AppError('conflict', `A profile holds at most ${MAX_RULES_PER_PROFILE} rules.`);
}

export async function addKeywordRule(
  store: Store,
  actor: Actor,
  idOrName: string,
  input: { keyword: string; wholeWord?: boolean; scope?: string },
): Promise<KeywordRule> {
  const stored = await requireStoredProfile(store, idOrName);
  const keyword = typeof input.keyword === 'string' ? input.keyword.trim() : '';
  if (keyword.length === 0) throw new AppError('invalid_field', 'The keyword is empty.');
  if (keyword.length > MAX_KEYWORD_LENGTH) throw new AppError('invalid_field', `The keyword is longer than ${MAX_KEYWORD_LENGTH} characters.`);
  await ensureRoomForRule(store, stored.id);
  const rule: KeywordRule = { id: newId('kw'), keyword, wholeWord: input.wholeWord ?? true, scope: validateScope(input.scope) };
  await applyConfigChange(
    store,
    actor,
    {
      action: 'rule.keyword.add',
      targetType: 'profile',
      targetId: stored.id,
      details: { rule_id: rule.id, keyword, whole_word: rule.wholeWord, scope: rule.scope },
    },
    async (trx) => {
      await insertKeywordRule(trx, stored.id, rule, nowIso());
    },
  );
  return rule;
}

export async function addRegexRule(
  store: Store,
  actor: Actor,
  idOrName: string,
  input: { name: string; pattern: string; caseInsensitive?: boolean; scope?: string },
): Promise<RegexRule> {
  const stored = await requireStoredProfile(store, idOrName);
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length === 0 || name.length > 100) throw new AppError('invalid_field', 'The regex rule name must be 1-100 characters.');
  const pattern = typeof input.pattern === 'string' ? input.pattern : '';
  const caseInsensitive = input.caseInsensitive ?? false;
  const compiled = compilePattern(pattern, caseInsensitive);
  if (!compiled.ok) throw new AppError('invalid_field', `The regex rule ${JSON.stringify(name)} is not usable: ${compiled.message}`);
  await ensureRoomForRule(store, stored.id);
  const rule: RegexRule = { id: newId('rx'), name, pattern, caseInsensitive, scope: validateScope(input.scope) };
  await applyConfigChange(
    store,
    actor,
    {
      action: 'rule.regex.add',
      targetType: 'profile',
      targetId: stored.id,
      details: { rule_id: rule.id, name, pattern, case_insensitive: caseInsensitive, scope: rule.scope },
    },
    async (trx) => {
      await insertRegexRule(trx, stored.id, rule, nowIso());
    },
  );
  return rule;
}

export async function removeRule(store: Store, actor: Actor, idOrName: string, ruleId: string): Promise<void> {
  const stored = await requireStoredProfile(store, idOrName);
  await applyConfigChange(store, actor, { action: 'rule.remove', targetType: 'profile', targetId: stored.id, details: { rule_id: ruleId } }, async (trx) => {
    if (!(await deleteRule(trx, stored.id, ruleId)))
      throw new AppError('not_found', `Profile ${JSON.stringify(stored.name)} has no rule ${JSON.stringify(ruleId)}.`);
  });
}
