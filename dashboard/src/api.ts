/** The admin API client: same-origin fetch with the session cookie and the CSRF token. */

import type { ThreatEntryJson, ThreatProposalBody } from '../../src/http/admin/api-types.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The setting an `invalid_field` error is about (a dotted path), when the API names one. */
  readonly field: string | undefined;
  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** An error to show next to one field of a form. */
export interface FieldError {
  field: string;
  message: string;
}

/** A form value refused before it is sent (an emptied required number), shown next to its field like the API's refusals. */
export class FieldProblem extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** The field error an API failure or a FieldProblem carries, or null when it concerns no single field. */
export function fieldErrorOf(error: unknown): FieldError | null {
  if (error instanceof FieldProblem) return { field: error.field, message: error.message };
  return error instanceof ApiError && error.field ? { field: error.field, message: error.message } : null;
}

let csrfToken = '';
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export async function api<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const data = (await response.json().catch(() => null)) as { error?: { code: string; message: string; field?: string } } | null;
  if (!response.ok) throw new ApiError(response.status, data?.error?.code ?? 'error', data?.error?.message ?? response.statusText, data?.error?.field);
  return data as T;
}

// The admin API's JSON: the static types of the routes' schemas (src/http/admin/api-types.ts), imported type-only.
export type {
  AuthMethod,
  AuthOptionsJson as AuthOptions,
  BackendKind,
  BackendMode,
  CheckEventJson,
  EventPageJson as EventPage,
  EventStatsJson as EventStats,
  GuardrailCatalogueJson as GuardrailCatalogue,
  GuardrailInfoJson as GuardrailInfo,
  JsonSchemaJson as JsonSchema,
  JudgeFormat,
  ModelBackendJson as ModelBackend,
  ModelBackendListJson as ModelBackendList,
  ModelPullBody,
  ModelPullJson as ModelPull,
  PlaygroundJson as PlaygroundResult,
  ProfileJson as Profile,
  ProfileListJson as ProfileList,
  PulledModelJson as PulledModel,
  PulledModelListJson as PulledModelList,
  ReplayReportJson as ReplayReport,
  RetentionJson as Retention,
  RuleKind,
  RuleScope,
  RuleTestJson as RuleTest,
  RuntimeLlmJson as RuntimeLlm,
  RuntimeLlmKeyJson as RuntimeLlmKey,
  RuntimeLlmListJson as RuntimeLlmList,
  RuntimeLlmMode,
  SessionJson as SessionInfo,
  SiemFormat,
  SiemSettingsJson as SiemSettings,
  SiemTestJson as SiemTest,
  SsoFailureCode,
  SsoSettingsJson as SsoSettings,
  ThreatCountsJson as ThreatCounts,
  ThreatEntryJson as ThreatEntry,
  ThreatListJson as ThreatList,
  ThreatProposalBody as ThreatProposal,
  ThreatStatus,
} from '../../src/http/admin/api-types.ts';

/**
 * Select and SegmentedControl data from a label for every value of one of the API's enums: a value
 * the server adds is a compile error here until it has a label.
 */
export function optionsOf<T extends string>(labels: Readonly<Record<T, string>>): { value: T; label: string }[] {
  return (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
}

/** Proposes a message (typed, or a check event's recorded text) for the threat store. */
export function proposeThreat(proposal: ThreatProposalBody): Promise<ThreatEntryJson> {
  return api<ThreatEntryJson>('/api/vectors/proposals', { method: 'POST', body: proposal });
}
