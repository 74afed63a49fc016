import type { Kysely, Selectable } from 'kysely';
import type { KeywordRule, OperatorRules, RegexRule } from '../domain/rules.ts';
import type { RuleSource } from '../engine/ports.ts';
import { namedRows } from './rows.ts';
import type { Database, SecurityProfileTable } from './schema.ts';

/** A security profile as stored: settings are raw JSON until validated against the registry. */
export interface StoredProfile {
  id: string;
  name: string;
  description: string;
  settings: unknown;
  createdAt: string;
  updatedAt: string;
}

function toProfile(row: Selectable<SecurityProfileTable>): StoredProfile {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    settings: JSON.parse(row.settings) as unknown,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(profile: StoredProfile): Selectable<SecurityProfileTable> {
  return {
    id: profile.id,
    name: profile.name,
    description: profile.description,
    settings: JSON.stringify(profile.settings),
    created_at: profile.createdAt,
    updated_at: profile.updatedAt,
  };
}

const rows = namedRows('security_profiles', { toEntity: toProfile, toRow });

export const insertProfile = rows.insert;
export const updateProfileRow = rows.update;

export async function deleteProfileRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('keyword_rules').where('profile_id', '=', id).execute();
  await db.deleteFrom('regex_rules').where('profile_id', '=', id).execute();
  await rows.delete(db, id);
}

export const listProfiles = (db: Kysely<Database>): Promise<StoredProfile[]> => rows.list(db, 'created_at');
export const findProfile = rows.findByIdOrName;

export async function countRuntimeLlmsUsingProfile(db: Kysely<Database>, profileId: string): Promise<number> {
  const row = await db
    .selectFrom('runtime_llms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rules of every profile, grouped by profile id. */
export async function loadRules(db: Kysely<Database>, profileId?: string): Promise<Map<string, OperatorRules>> {
  let keywordQuery = db.selectFrom('keyword_rules').selectAll().orderBy('created_at');
  let regexQuery = db.selectFrom('regex_rules').selectAll().orderBy('created_at');
  if (profileId !== undefined) {
    keywordQuery = keywordQuery.where('profile_id', '=', profileId);
    regexQuery = regexQuery.where('profile_id', '=', profileId);
  }
  const byProfile = new Map<string, { keywords: KeywordRule[]; regexes: RegexRule[] }>();
  const entry = (id: string) => {
    let rules = byProfile.get(id);
    if (!rules) byProfile.set(id, (rules = { keywords: [], regexes: [] }));
    return rules;
  };
  for (const r of await keywordQuery.execute()) {
    entry(r.profile_id).keywords.push({ id: r.id, keyword: r.keyword, wholeWord: r.whole_word === 1, scope: r.scope });
  }
  for (const r of await regexQuery.execute()) {
    entry(r.profile_id).regexes.push({ id: r.id, name: r.name, pattern: r.pattern, caseInsensitive: r.case_insensitive === 1, scope: r.scope });
  }
  return byProfile;
}

/**
 * The rule source the appliance's configuration snapshots read: each kind of operator rule filed
 * under the name its guardrail reads (`keywords`, `regexes`).
 */
export function profileRuleSource(db: Kysely<Database>): RuleSource<OperatorRules> {
  return { rulesByProfile: () => loadRules(db) };
}

export async function insertKeywordRule(db: Kysely<Database>, profileId: string, rule: KeywordRule, createdAt: string): Promise<void> {
  await db
    .insertInto('keyword_rules')
    .values({ id: rule.id, profile_id: profileId, keyword: rule.keyword, whole_word: rule.wholeWord ? 1 : 0, scope: rule.scope, created_at: createdAt })
    .execute();
}

export async function insertRegexRule(db: Kysely<Database>, profileId: string, rule: RegexRule, createdAt: string): Promise<void> {
  await db
    .insertInto('regex_rules')
    .values({
      id: rule.id,
      profile_id: profileId,
      name: rule.name,
      pattern: rule.pattern,
      case_insensitive: rule.caseInsensitive ? 1 : 0,
      scope: rule.scope,
      created_at: createdAt,
    })
    .execute();
}

/** Deletes a rule of either kind from a profile; returns whether one was found. */
export async function deleteRule(db: Kysely<Database>, profileId: string, ruleId: string): Promise<boolean> {
  const a = await db.deleteFrom('keyword_rules').where('profile_id', '=', profileId).where('id', '=', ruleId).executeTakeFirst();
  const b = await db.deleteFrom('regex_rules').where('profile_id', '=', profileId).where('id', '=', ruleId).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(b.numDeletedRows) > 0;
}
