import * as fakers from '@faker-js/faker';
import type { Faker } from '@faker-js/faker';

/**
 * Faker locales that no PII training data is drawn from (`names.ts` leaves them out): the
 * independent evaluation fills its name, address and phone slots from these alone, so its PERSON
 * score is a leave-locale-out measurement.
 */
export const HELD_OUT_LOCALES = ['HR', 'SK', 'SL_SI', 'LV', 'AZ', 'ZU_ZA', 'EN_GH'] as const;

const all = fakers as unknown as Record<string, Faker>;

export function heldOutFaker(locale: (typeof HELD_OUT_LOCALES)[number]): Faker {
  return all[`faker${locale}`]!;
}
