import type { PatternRecogniser } from '../recogniser.ts';
import { streetAddress } from './address.ts';
import { streetBeforePostalCode, worldStreetAddress } from './address-world.ts';
import { email, ipAddress } from './contact.ts';
import { dateOfBirth } from './date-of-birth.ts';
import { creditCard, iban } from './financial.ts';
import { brCpf, usSsn } from './ids-americas.ts';
import { auTfn, cnResidentId, inAadhaar, inPan, jpMyNumber, krRrn, sgNricFin } from './ids-asia-pacific.ts';
import { deTaxId, esNif, frNir, itFiscalCode, ukNhs, ukNino } from './ids-europe.ts';
import { cuedPhone, phone } from './phone.ts';
import { awsSecretAccessKey, connectionStringPassword, password } from './credentials.ts';
import { secret } from './secret.ts';

/** Every pattern recogniser. The engine resolves overlaps by score, so order does not matter. */
export const PATTERN_RECOGNISERS: readonly PatternRecogniser[] = [
  email,
  phone,
  cuedPhone,
  creditCard,
  iban,
  ipAddress,
  usSsn,
  brCpf,
  ukNino,
  ukNhs,
  esNif,
  itFiscalCode,
  frNir,
  deTaxId,
  inAadhaar,
  inPan,
  jpMyNumber,
  krRrn,
  sgNricFin,
  auTfn,
  cnResidentId,
  streetAddress,
  worldStreetAddress,
  streetBeforePostalCode,
  dateOfBirth,
  secret,
  password,
  connectionStringPassword,
  awsSecretAccessKey,
];
