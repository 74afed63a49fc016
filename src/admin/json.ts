import type { BackendHealth } from '../backends/model-backends.ts';
import type { KeywordRule, RegexRule } from '../domain/rules.ts';
import type { StoredModelBackend } from '../store/model-backends.ts';
import type { SecurityProfile } from './profiles.ts';
import type { RuntimeLlmView } from './runtime-llms.ts';

/** Administrative resources as JSON (CLI --json and the admin API): snake_case like the check API. */

export function runtimeLlmJson(llm: RuntimeLlmView) {
  return {
    id: llm.id,
    name: llm.name,
    mode: llm.mode,
    url: llm.url,
    level: llm.level,
    profile_id: llm.profileId,
    monitor: llm.monitor,
    system_prompt_registered: llm.systemPrompt !== null,
    upstream_credential_set: llm.upstreamCredential !== null,
    api_key_hint: llm.apiKeyHint,
    created_at: llm.createdAt,
    updated_at: llm.updatedAt,
  };
}

export function keywordRuleJson(rule: KeywordRule) {
  return { id: rule.id, keyword: rule.keyword, whole_word: rule.wholeWord, scope: rule.scope };
}

export function regexRuleJson(rule: RegexRule) {
  return { id: rule.id, name: rule.name, pattern: rule.pattern, case_insensitive: rule.caseInsensitive, scope: rule.scope };
}

export function profileJson(profile: SecurityProfile) {
  return {
    id: profile.id,
    name: profile.name,
    description: profile.description,
    settings: profile.settings,
    rules: { keywords: profile.rules.keywords.map(keywordRuleJson), regexes: profile.rules.regexes.map(regexRuleJson) },
    created_at: profile.createdAt,
    updated_at: profile.updatedAt,
  };
}

/** A model backend: its settings, whether an API key is set (never the key), and this node's view of its health. */
export function modelBackendJson(backend: StoredModelBackend, health?: BackendHealth) {
  // `own` keeps `kind` with the members of its kind, so the JSON type stays a union discriminated by kind.
  const { timeoutMs, breakerFailures, breakerCooldownMs, maxConcurrency, queueDepth, ...settings } = backend.settings;
  const own = settings.kind === 'onnx' ? (({ intraOpThreads, ...rest }) => ({ ...rest, intra_op_threads: intraOpThreads }))(settings) : settings;
  const { kind } = own;
  return {
    id: backend.id,
    name: backend.name,
    ...own,
    timeout_ms: timeoutMs,
    breaker_failures: breakerFailures,
    breaker_cooldown_ms: breakerCooldownMs,
    max_concurrency: maxConcurrency,
    queue_depth: queueDepth,
    ...(kind === 'llm_judge' ? { api_key_set: backend.credential !== null } : {}),
    ...(health
      ? {
          health: {
            state: health.state,
            consecutive_failures: health.consecutive_failures,
            ...(health.device ? { device: health.device } : {}),
            ...(health.error ? { error: health.error } : {}),
          },
        }
      : {}),
    created_at: backend.createdAt,
    updated_at: backend.updatedAt,
  };
}
