import { useState } from 'react';
import { fieldErrorOf, type FieldError } from '../api.ts';

/**
 * Submitting a form: a refusal that names a field (the API's, or a FieldProblem of the form's own
 * checks) is kept to show next to that field; any other goes where the form shows its messages.
 */
export function useFieldError() {
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);
  /** Runs `action`, first forgetting the last field error; true when it succeeds, else `onError` gets a message that names no field. */
  const submit = async (action: () => Promise<unknown>, onError: (message: string) => void): Promise<boolean> => {
    setFieldError(null);
    try {
      await action();
      return true;
    } catch (e) {
      const onField = fieldErrorOf(e);
      if (onField) setFieldError(onField);
      else onError((e as Error).message);
      return false;
    }
  };
  return { fieldError, errorOf, submit, clearFieldError: () => setFieldError(null) };
}
