/**
 * The JSON the admin API answers with and accepts, as the static types of the routes' schemas
 * (`Static<typeof …>`). The dashboard imports them type-only (dashboard/src/api.ts), so each shape
 * is declared once, as the schema the server validates, documents and is compiled against.
 */

export type { EventStatsJson } from '../../admin/event-stats.ts';
export type { GuardrailCatalogueJson, GuardrailInfoJson, JsonSchemaJson } from '../../admin/guardrail-catalogue.ts';
export type { ModelBackendJson, ProfileJson, RuntimeLlmJson } from '../../admin/json.ts';
export type { ReplayReport as ReplayReportJson } from '../../admin/replay.ts';
export type { RuleKind, RuleTestResult as RuleTestJson } from '../../admin/rule-test.ts';
export type { AuthMethod } from '../../store/admin-sessions.ts';
export type { SsoSettingsJson } from '../../auth/sso-settings.ts';
export type { BackendKind } from '../../backends/model-backend.ts';
export type { JudgeFormat } from '../../backends/judge-formats.ts';
export type { RuleScope } from '../../domain/rules.ts';
export type { BackendMode } from '../../engine/profile-settings.ts';
export type { CheckEventJson } from '../../events/event-json.ts';
export type { RetentionSettings as RetentionJson } from '../../events/retention.ts';
export type { ModelPullJson, PulledModelJson } from '../../pulled-models/model-json.ts';
export type { SiemFormat, SiemSettingsJson } from '../../siem/settings.ts';
export type { RuntimeLlmMode } from '../../store/runtime-llms.ts';
export type { ThreatEntryJson } from '../../guardrails/vector/entry-json.ts';
export type { ThreatStatus } from '../../domain/threats.ts';
export type {
  AuditListJson,
  AuthOptionsJson,
  EventPageJson,
  ModelBackendListJson,
  ModelPullBody,
  ModelPullListJson,
  PlaygroundJson,
  ProfileListJson,
  PulledModelListJson,
  RuntimeLlmKeyJson,
  RuntimeLlmListJson,
  SessionJson,
  SiemTestJson,
  ThreatCountsJson,
  ThreatListJson,
  ThreatProposalBody,
} from './schemas.ts';

/** Why a single sign-on failed: the only thing `#/login?error=` carries; the sign-in page words each code itself. */
export type SsoFailureCode = 'sso_refused' | 'sso_not_admin' | 'sso_unavailable';
