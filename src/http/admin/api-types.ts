import type { Static } from '@sinclair/typebox';
import type { eventStats } from '../../admin/event-stats.ts';
import type { guardrailCatalogue } from '../../admin/guardrail-catalogue.ts';
import type { modelBackendJson, profileJson, runtimeLlmJson } from '../../admin/json.ts';
import type { runPlayground } from '../../admin/playground.ts';
import type { replayProfile } from '../../admin/replay.ts';
import type { ssoSettingsJson } from '../../auth/sso-settings.ts';
import type { checkEventJson } from '../../events/event-json.ts';
import type { siemSettingsJson } from '../../siem/settings.ts';
import type { THREAT_COUNTS_SCHEMA } from './schemas.ts';

/**
 * The JSON the admin API answers with and accepts, as static types. The dashboard imports them
 * type-only (dashboard/src/api.ts), so each shape is declared once, on the server side.
 */

export type { RetentionSettings as RetentionJson } from '../../events/retention.ts';
export type { ThreatEntryJson } from '../../guardrails/vector/entry-json.ts';
export type { ThreatStatus } from '../../domain/threats.ts';
export type { ModelPullJson, PulledModelJson } from '../../pulled-models/model-json.ts';
export type { ModelPullBody, SessionJson, ThreatProposalBody } from './schemas.ts';

export type RuntimeLlmJson = ReturnType<typeof runtimeLlmJson>;
export type ProfileJson = ReturnType<typeof profileJson>;
export type ModelBackendJson = ReturnType<typeof modelBackendJson>;
export type GuardrailInfoJson = ReturnType<typeof guardrailCatalogue>['guardrails'][number];
export type CheckEventJson = ReturnType<typeof checkEventJson>;
export type EventStatsJson = Awaited<ReturnType<typeof eventStats>>;
export type ReplayReportJson = Awaited<ReturnType<typeof replayProfile>>;
export type PlaygroundJson = Awaited<ReturnType<typeof runPlayground>>;
export type SiemSettingsJson = ReturnType<typeof siemSettingsJson>;
export type SsoSettingsJson = ReturnType<typeof ssoSettingsJson>;
export type ThreatCountJson = Static<typeof THREAT_COUNTS_SCHEMA>['counts'][number];

/** Why a single sign-on failed: the only thing `#/login?error=` carries; the sign-in page words each code itself. */
export type SsoFailureCode = 'sso_refused' | 'sso_not_admin' | 'sso_unavailable';
