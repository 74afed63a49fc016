import type { Kysely, Selectable } from 'kysely';
import type { OnnxManifest } from '../backends/onnx-manifest.ts';
import { keyedRows } from './rows.ts';
import type { Database, ModelPullTable, PulledModelTable } from './schema.ts';

/** A repository file the model folder holds: its path in the repository, its name in the folder, its size and SHA-256. */
export interface ModelFile {
  path: string;
  local: string;
  size: number;
  sha256: string;
}

export interface PulledModel {
  id: string;
  name: string;
  backendId: string;
  source: 'hub' | 'import';
  repo: string | null;
  revision: string | null;
  commit: string | null;
  onnxFile: string;
  files: ModelFile[];
  manifest: OnnxManifest;
  license: string | null;
  licenseAccepted: boolean;
  createdAt: string;
  updatedAt: string;
}

function toModel(row: Selectable<PulledModelTable>): PulledModel {
  return {
    id: row.id,
    name: row.name,
    backendId: row.backend_id,
    source: row.source,
    repo: row.repo,
    revision: row.revision,
    commit: row.commit_sha,
    onnxFile: row.onnx_file,
    files: JSON.parse(row.files) as ModelFile[],
    manifest: JSON.parse(row.manifest) as OnnxManifest,
    license: row.license,
    licenseAccepted: row.license_accepted === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(model: PulledModel): Selectable<PulledModelTable> {
  return {
    id: model.id,
    name: model.name,
    backend_id: model.backendId,
    source: model.source,
    repo: model.repo,
    revision: model.revision,
    commit_sha: model.commit,
    onnx_file: model.onnxFile,
    files: JSON.stringify(model.files),
    manifest: JSON.stringify(model.manifest),
    license: model.license,
    license_accepted: model.licenseAccepted ? 1 : 0,
    created_at: model.createdAt,
    updated_at: model.updatedAt,
  };
}

const models = keyedRows('pulled_models', { toEntity: toModel, toRow });

export const insertPulledModel = models.insert;
export const deletePulledModelRow = models.delete;
export const listPulledModels = (db: Kysely<Database>): Promise<PulledModel[]> => models.list(db, 'name');
export const findPulledModel = (db: Kysely<Database>, name: string): Promise<PulledModel | undefined> => models.findBy(db, 'name', name);
export const findPulledModelOfBackend = (db: Kysely<Database>, backendId: string): Promise<PulledModel | undefined> =>
  models.findBy(db, 'backend_id', backendId);

/** A pull started from the dashboard, as its progress is recorded (any node or thread can answer for it). */
export interface ModelPullRecord {
  id: string;
  repo: string;
  revision: string;
  name: string | null;
  state: ModelPullTable['state'];
  phase: string;
  file: string | null;
  bytesDone: number;
  bytesTotal: number | null;
  error: { code: string; message: string } | null;
  actor: string;
  createdAt: string;
  updatedAt: string;
}

function toPull(row: Selectable<ModelPullTable>): ModelPullRecord {
  return {
    id: row.id,
    repo: row.repo,
    revision: row.revision,
    name: row.name,
    state: row.state,
    phase: row.phase,
    file: row.file,
    bytesDone: Number(row.bytes_done),
    bytesTotal: row.bytes_total === null ? null : Number(row.bytes_total),
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
    actor: row.actor,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toPullRow(pull: ModelPullRecord): Selectable<ModelPullTable> {
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
    error_code: pull.error?.code ?? null,
    error_message: pull.error?.message ?? null,
    actor: pull.actor,
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
  };
}

const pulls = keyedRows('model_pulls', { toEntity: toPull, toRow: toPullRow });

export const insertModelPull = pulls.insert;
export const updateModelPull = pulls.update;
export const findModelPull = (db: Kysely<Database>, id: string): Promise<ModelPullRecord | undefined> => pulls.findBy(db, 'id', id);
export const listModelPulls = (db: Kysely<Database>, limit: number): Promise<ModelPullRecord[]> => pulls.list(db, 'created_at', { direction: 'desc', limit });

/** Forgets pulls that ended before `before` (an ISO time). */
export async function pruneModelPulls(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('model_pulls').where('state', '!=', 'running').where('updated_at', '<', before).execute();
}
