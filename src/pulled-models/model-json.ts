import { Type, type Static } from '@sinclair/typebox';
import { nullableString, stringEnum } from '../json-schema.ts';
import type { ModelPullRecord, PulledModel } from '../store/pulled-models.ts';
import { backendPathOf } from './model-folder.ts';
import type { PulledModelFacts } from './model-status.ts';

/** The JSON of pulled models and of the dashboard's pulls, shared by the CLI (--json) and the admin API. */

/** Answers carry only the members named here. */
const CLOSED = { additionalProperties: false } as const;

const FILES_STATE = stringEnum(['present', 'missing', 'mismatch', 'fetching', 'failed'] as const);

export const MODEL_FILES_STATUS_SCHEMA = Type.Object(
  {
    state: FILES_STATE,
    missing: Type.Optional(Type.Array(Type.String(), { description: 'Files absent on this node, by their path in the repository' })),
    mismatched: Type.Optional(Type.Array(Type.String(), { description: 'Files whose size or SHA-256 differs from the registered ones' })),
    error: Type.Optional(Type.String()),
  },
  CLOSED,
);

export const PULLED_MODEL_SCHEMA = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    source: stringEnum(['hub', 'import'] as const),
    repo: nullableString({ description: 'Hub repository id (null for an import)' }),
    revision: nullableString({ description: 'The revision asked for' }),
    commit: nullableString({ description: 'The commit it resolved to: pulling this commit again gets the same bytes' }),
    file: Type.String({ description: 'The ONNX file of the repository' }),
    files: Type.Array(
      Type.Object(
        {
          path: Type.String({ description: 'Path in the repository' }),
          local_name: Type.String({ description: 'Name in the model folder' }),
          size: Type.Integer(),
          sha256: Type.String(),
        },
        CLOSED,
      ),
    ),
    license: nullableString({ description: "The model card's licence (null: none stated)" }),
    license_accepted: Type.Boolean({ description: 'true when a licence that is not permissive was accepted' }),
    labels: Type.Array(Type.String()),
    positive_labels: Type.Array(Type.String()),
    max_tokens: Type.Integer(),
    backend: nullableString({ description: 'The onnx model backend that runs it' }),
    path: Type.String({ description: 'The model folder, relative to the data directory of each node' }),
    used_by: Type.Array(Type.String(), { description: 'Guardrails asking it, as profile/guardrail' }),
    device: stringEnum(['cpu', 'cuda'] as const, { description: 'Where this node runs it' }),
    on_this_node: Type.Optional(MODEL_FILES_STATUS_SCHEMA),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  CLOSED,
);
export type PulledModelJson = Static<typeof PULLED_MODEL_SCHEMA>;

export function pulledModelJson(model: PulledModel, facts: PulledModelFacts): PulledModelJson {
  const positive = model.manifest.positive_label;
  return {
    id: model.id,
    name: model.name,
    source: model.source,
    repo: model.repo,
    revision: model.revision,
    commit: model.commit,
    file: model.onnxFile,
    files: model.files.map((f) => ({ path: f.path, local_name: f.local, size: f.size, sha256: f.sha256 })),
    license: model.license,
    license_accepted: model.licenseAccepted,
    labels: model.manifest.labels,
    positive_labels: typeof positive === 'string' ? [positive] : positive,
    max_tokens: model.manifest.max_tokens,
    backend: facts.backend ?? null,
    path: backendPathOf(model.name),
    used_by: facts.usedBy,
    device: facts.device,
    ...(facts.onThisNode ? { on_this_node: facts.onThisNode } : {}),
    created_at: model.createdAt,
    updated_at: model.updatedAt,
  };
}

export const MODEL_PULL_SCHEMA = Type.Object(
  {
    id: Type.String(),
    repo: Type.String(),
    revision: Type.String(),
    name: nullableString(),
    state: stringEnum(['running', 'succeeded', 'failed'] as const),
    phase: Type.String({ description: 'metadata, downloading, checking (running pulls), done' }),
    file: nullableString({ description: 'The file being downloaded' }),
    bytes_done: Type.Integer({ description: 'Bytes of that file so far' }),
    bytes_total: Type.Union([Type.Integer(), Type.Null()], { description: 'Its size, once known' }),
    error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }, CLOSED), Type.Null()]),
    started_by: Type.String(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  CLOSED,
);
export type ModelPullJson = Static<typeof MODEL_PULL_SCHEMA>;

export function modelPullJson(pull: ModelPullRecord): ModelPullJson {
  return {
    id: pull.id,
    repo: pull.repo,
    revision: pull.revision,
    name: pull.name,
    state: pull.state,
    phase: pull.phase,
    file: pull.file,
    bytes_done: pull.bytesDone,
    bytes_total: pull.bytesTotal,
    error: pull.error,
    started_by: pull.actor,
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
  };
}
