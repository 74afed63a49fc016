import { parse } from 'yaml';
import { AppError } from '../errors.ts';
import { cardLicense } from '../hub/hub-client.ts';

/**
 * Licences (as the hub spells them, SPDX-like) that let anyone use a model, commercially too, without
 * accepting terms: a pull goes ahead under these. Anything else (Llama and Gemma terms, non-commercial
 * and share-alike licences, use-restricted OpenRAIL, `other`, none stated) must be accepted.
 */
const PERMISSIVE: ReadonlySet<string> = new Set([
  'apache-2.0',
  'mit',
  'bsd',
  'bsd-2-clause',
  'bsd-3-clause',
  'bsd-3-clause-clear',
  'isc',
  'cc0-1.0',
  'cc-by-2.0',
  'cc-by-2.5',
  'cc-by-3.0',
  'cc-by-4.0',
  'unlicense',
  'zlib',
  'bsl-1.0',
  'postgresql',
  'ncsa',
  'afl-3.0',
  'ecl-2.0',
  'wtfpl',
  'pddl',
  'odc-by',
]);

export function isPermissive(license: string | undefined): boolean {
  return license !== undefined && PERMISSIVE.has(license.toLowerCase());
}

/** What a licence is, in words, for the refusal message. */
function described(license: string | undefined): string {
  if (license === undefined) return 'states no licence';
  const id = license.toLowerCase();
  if (id.startsWith('llama')) return `is under the Llama community licence (${license})`;
  if (id.startsWith('gemma')) return `is under the Gemma terms of use (${license})`;
  if (/(^|-)nc(-|$)/.test(id)) return `is under a non-commercial licence (${license})`;
  if (id === 'other' || id === 'unknown') return 'is under a licence of its own';
  return `is under ${license}, which is not a permissive licence`;
}

/** The licence of a README.md's front matter (the model card), if it states one. */
export function readmeLicense(readme: string): string | undefined {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readme.replace(/^\uFEFF/, ''))?.[1];
  if (front === undefined) return undefined;
  try {
    const card = parse(front) as unknown;
    return card && typeof card === 'object' && !Array.isArray(card) ? cardLicense(card as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Refuses a licence that is not permissive unless it was accepted (--accept-license). */
export function checkLicense(source: string, license: string | undefined, accepted: boolean): void {
  if (accepted || isPermissive(license)) return;
  throw new AppError(
    'license_not_accepted',
    `${source} ${described(license)}: read its terms on the model card and pass --accept-license to accept them (the licence is recorded with the model).`,
  );
}
