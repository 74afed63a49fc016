/** PII entity types, named after Presidio's convention so reports line up with it. */
export const ENTITY_TYPES = [
  'PERSON',
  'EMAIL_ADDRESS',
  'PHONE_NUMBER',
  'CREDIT_CARD',
  'IBAN_CODE',
  'IP_ADDRESS',
  'US_SSN',
  'UK_NINO',
  'UK_NHS',
  'IN_AADHAAR',
  'IN_PAN',
  'JP_MY_NUMBER',
  'KR_RRN',
  'SG_NRIC_FIN',
  'AU_TFN',
  'ES_NIF',
  'IT_FISCAL_CODE',
  'FR_NIR',
  'DE_TAX_ID',
  'BR_CPF',
  'CN_RESIDENT_ID',
  'STREET_ADDRESS',
  'DATE_OF_BIRTH',
  'SECRET',
] as const;

export type EntityType = (typeof ENTITY_TYPES)[number];

export function isEntityType(value: string): value is EntityType {
  return (ENTITY_TYPES as readonly string[]).includes(value);
}

/** A PII finding: UTF-16 offsets into the scanned text (end exclusive) and a confidence in [0, 1]. */
export interface Entity {
  type: EntityType;
  start: number;
  end: number;
  score: number;
  /** Which recogniser and pattern produced it, for explanations. Never contains the value. */
  source: string;
}
