import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A field for a whole number. A value out of its range stays as typed rather than being clamped, so
 * that saving refuses it next to the field instead of storing another number than the one typed.
 */
export function WholeNumberInput(props: Omit<NumberInputProps, 'allowDecimal' | 'clampBehavior'>) {
  return <NumberInput {...props} allowDecimal={false} clampBehavior="none" />;
}
