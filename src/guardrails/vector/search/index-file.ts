import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ThreatIndex, type ThreatPartition } from './threat-index.ts';

/**
 * The in-memory index persisted in the data directory, so a restart loads it in one read instead of
 * decoding every vector from the database (and, above the exact-search limit, rebuilding the HNSW
 * graph). One file holds a JSON header (encoder version, ids, families) and the vector matrix; the
 * graph, when there is one, sits next to it under a name the header records, so a header is never
 * paired with another writer's graph (server processes sharing a data directory all save). Files are
 * written under a per-process temporary name and renamed into place. The database stays the source of
 * truth: after loading, `ThreatIndex.sync` applies whatever changed since the file was written.
 */
const FORMAT = 'rampart-threat-index-2';
const MATRIX_FILE = 'threat-index.bin';
const GRAPH_PREFIX = 'threat-index-';
const GRAPH_SUFFIX = '.usearch';

interface Header {
  format: typeof FORMAT;
  encoder: string;
  dims: number;
  ids: string[];
  families: string[];
  /** File name of the HNSW graph saved with this matrix, or null for exact search. */
  graph: string | null;
}

/** Where a partition's index is persisted: attacks at the top, requests in a folder of their own. */
export function indexDir(dataDir: string, partition: ThreatPartition = 'attacks'): string {
  const dir = join(dataDir, 'vector-index');
  return partition === 'attacks' ? dir : join(dir, partition);
}

export function saveThreatIndex(index: ThreatIndex, dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmpSuffix = `.tmp-${process.pid}`;
  let graph: string | null = `${GRAPH_PREFIX}${randomBytes(6).toString('hex')}${GRAPH_SUFFIX}`;
  if (index.knn.saveGraph(join(dir, graph + tmpSuffix))) renameSync(join(dir, graph + tmpSuffix), join(dir, graph));
  else graph = null;
  const header: Header = { format: FORMAT, encoder: index.encoderVersion, dims: index.knn.dims, ids: [...index.ids], families: [...index.families], graph };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const matrix = index.knn.matrix;
  const out = Buffer.alloc(4 + json.length + matrix.byteLength);
  out.writeUInt32LE(json.length, 0);
  json.copy(out, 4);
  Buffer.from(matrix.buffer, matrix.byteOffset, matrix.byteLength).copy(out, 4 + json.length);
  writeFileSync(join(dir, MATRIX_FILE + tmpSuffix), out, { mode: 0o600 });
  renameSync(join(dir, MATRIX_FILE + tmpSuffix), join(dir, MATRIX_FILE));
  // Graphs of earlier saves; one another process is reading right now is already open or gets rebuilt.
  for (const file of readdirSync(dir))
    if (file.startsWith(GRAPH_PREFIX) && file.endsWith(GRAPH_SUFFIX) && file !== graph) rmSync(join(dir, file), { force: true });
}

/** The persisted index, or undefined when there is none usable for this encoder. */
export function loadThreatIndex(dir: string, encoderVersion: string, dims: number, exactLimit?: number, partition?: ThreatPartition): ThreatIndex | undefined {
  const path = join(dir, MATRIX_FILE);
  if (!existsSync(path)) return undefined;
  try {
    const data = readFileSync(path);
    const length = data.readUInt32LE(0);
    const header = JSON.parse(data.subarray(4, 4 + length).toString('utf8')) as Header;
    if (header.format !== FORMAT || header.encoder !== encoderVersion || header.dims !== dims) return undefined;
    const bytes = data.subarray(4 + length);
    if (bytes.length !== header.ids.length * dims * 4 || header.families.length !== header.ids.length) return undefined;
    const matrix = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    const index = new ThreatIndex(encoderVersion, dims, exactLimit, partition);
    index.restore(header.ids, header.families, matrix, header.graph === null ? undefined : join(dir, header.graph));
    return index;
  } catch {
    return undefined; // unreadable or torn: rebuild from the database
  }
}
