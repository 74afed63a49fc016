import type { IncomingHttpHeaders } from 'node:http';

const UTF8: ReadonlySet<string> = new Set(['utf-8', 'utf8']);

/**
 * Why a request body cannot be read as UTF-8 JSON, or undefined when it can: the server decodes no
 * Content-Encoding (gzip, br, …) and reads JSON in UTF-8 only (RFC 8259 §8.1).
 */
export function bodyEncodingProblem(headers: IncomingHttpHeaders): string | undefined {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return `Content-Encoding "${encoding}" is not supported; send the body uncompressed.`;
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && !UTF8.has(charset)) return `The charset "${charset}" is not supported; send the JSON body in UTF-8.`;
  return undefined;
}
