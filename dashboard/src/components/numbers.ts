import { FieldProblem } from '../api.ts';

/**
 * A number input's value while it is edited: the number, or the text Mantine's NumberInput keeps as
 * typed ('' once emptied, '1.' half-way through 1.5). Kept as given, so a field can be emptied and
 * retyped; it becomes a number only when the form is saved.
 */
export type NumberDraft = number | string;

/** The number a field holds: null when it is empty, NaN when its text is no number. */
export function typedNumber(value: NumberDraft | null | undefined): number | null {
  if (typeof value === 'number') return value;
  if (value === null || value === undefined || value.trim() === '') return null;
  return Number(value);
}

/**
 * The number of a required field for saving; an empty field or text that is no number is refused
 * next to `field` (never sent as 0). `expected` words the allowed values, e.g. "a whole number from 1 to 65535".
 */
export function requiredNumber(value: NumberDraft, field: string, label: string, expected: string): number {
  const n = typedNumber(value);
  if (n === null) throw new FieldProblem(field, `${label} is required: enter ${expected}.`);
  if (Number.isNaN(n)) throw new FieldProblem(field, `${label} must be ${expected}.`);
  return n;
}
