/**
 * The resource files of the datasets' PII folder: popular names by country, real street addresses
 * with per-country address formats (OpenCage), and libphonenumber's example numbers. Read at
 * training and evaluation time only; nothing of them but single words is committed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { piiDataDir } from './real-ner.ts';

function readRows<T>(file: string): T[] {
  return readFileSync(join(piiDataDir(), file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

interface NameRow {
  text: string;
  type: 'GIVEN_NAME' | 'SURNAME';
  country: string;
}

/** Given names and surnames by country (Wikipedia's lists of the most common ones). */
export function popularNames(): { given: string[]; family: string[]; byCountry: Map<string, { given: string[]; family: string[] }> } {
  const byCountry = new Map<string, { given: string[]; family: string[] }>();
  const given: string[] = [];
  const family: string[] = [];
  for (const row of readRows<NameRow>('sigpwned__popular-names-by-country-dataset__names.jsonl')) {
    let entry = byCountry.get(row.country);
    if (!entry) byCountry.set(row.country, (entry = { given: [], family: [] }));
    (row.type === 'GIVEN_NAME' ? given : family).push(row.text);
    (row.type === 'GIVEN_NAME' ? entry.given : entry.family).push(row.text);
  }
  return { given, family, byCountry };
}

export interface AddressRow {
  text: string;
  type: 'STREET_ADDRESS' | 'ADDRESS_FORMAT';
  country: string;
  multiline?: string;
  street_line?: string;
  text_without_venue?: string;
  components?: Record<string, string>;
}

/** OpenCage's formatted real addresses and per-country templates. */
export function openCageRows(): AddressRow[] {
  return readRows<AddressRow>('OpenCageData__address-formatting__addresses_and_templates.jsonl');
}

export interface PhoneRow {
  text: string;
  country: string;
  calling_code: number;
  number_type: string;
  format: 'national' | 'international' | 'e164';
  origin: string;
}

/** libphonenumber's example numbers by region and type, formatted three ways. */
export function examplePhoneNumbers(): PhoneRow[] {
  return readRows<PhoneRow>('daviddrysdale__python-phonenumbers__example_numbers.jsonl');
}
